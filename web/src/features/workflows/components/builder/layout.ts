import { layoutGraph as layout } from '@/components/graph-builder/layout';
import type { Graph } from '@/features/workflows/api/workflows';

export { needsLayout } from '@/components/graph-builder/layout';

// A workflow's automatic layout (see the shared one): loop edges go back, so they are left out of
// the ranking; a condition's true comes above its false; an `error` way weighs less than the usual
// way, so the main path stays straight.

const rank = (h: string | null | undefined) => (h === 'true' ? 0 : h === 'false' ? 2 : h === 'error' ? 3 : 1);

export function layoutGraph(graph: Graph, sizes: ReadonlyMap<string, { width?: number; height?: number }> = new Map()): Graph {
  return layout(graph, {
    sizes,
    skip: (e) => e.maxIterations != null,
    rank: (e) => rank(e.sourceHandle),
    weight: (e) => (e.sourceHandle === 'error' ? 1 : 2),
  });
}
