import { layoutGraph } from '@/components/graph-builder/layout';
import type { FlowGraph } from '@/features/flows/api/flows';

export { needsLayout } from '@/components/graph-builder/layout';

// A flow's automatic layout (the shared dagre one, left to right from the start): a node's ways
// out come in the order they show on it (true before false, a choice's buttons in order, the
// answer before `invalid`); the ways taken when something went wrong (`invalid`, `error`) weigh
// less, so the main path stays straight.

export function layoutFlow(graph: FlowGraph, sizes?: ReadonlyMap<string, { width?: number; height?: number }>): FlowGraph {
  const order = new Map<string, number>();
  for (const n of graph.nodes) (n.data?.choices ?? []).forEach((c, i) => order.set(`${n.id}\u0000${c.id}`, i));
  const rank = (source: string, h: string | null | undefined) => {
    if (!h || h === 'true') return 0;
    if (h === 'false') return 1;
    if (h === 'invalid' || h === 'error') return 20;
    return 2 + (order.get(`${source}\u0000${h}`) ?? 0);
  };
  return layoutGraph(graph, {
    sizes,
    rank: (e) => rank(e.source, e.sourceHandle),
    weight: (e) => (e.sourceHandle === 'invalid' || e.sourceHandle === 'error' ? 1 : 2),
  });
}
