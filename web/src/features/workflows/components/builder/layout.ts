import dagre from '@dagrejs/dagre';
import type { Graph } from '@/features/workflows/api/workflows';
import { NODE_HEIGHT, NODE_WIDTH } from '@/features/workflows/components/builder/graph-convert';

// Automatic layout: dagre ranks the nodes from the trigger onwards, left to right, in the graph's
// own (logical) coordinates; a right-to-left canvas mirrors them as it does any position. Loop
// edges go back, so they are left out of the ranking; an `error` way weighs less than the usual
// way, so the main path stays straight.

export function layoutGraph(graph: Graph, sizes: ReadonlyMap<string, { width?: number; height?: number }> = new Map()): Graph {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: 40, ranksep: 60, marginx: 0, marginy: 0 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of graph.nodes) {
    const size = sizes.get(n.id);
    g.setNode(n.id, { width: size?.width || NODE_WIDTH, height: size?.height || NODE_HEIGHT });
  }
  const ids = new Set(graph.nodes.map((n) => n.id));
  // Edges in the order of their handles on the node (true above false), which dagre's ordering follows.
  const rank = (h: string | null | undefined) => (h === 'true' ? 0 : h === 'false' ? 2 : h === 'error' ? 3 : 1);
  for (const e of [...graph.edges].sort((a, b) => rank(a.sourceHandle) - rank(b.sourceHandle))) {
    if (e.maxIterations != null || !ids.has(e.source) || !ids.has(e.target)) continue;
    g.setEdge(e.source, e.target, { weight: e.sourceHandle === 'error' ? 1 : 2 }, e.id);
  }
  dagre.layout(g);
  return {
    ...graph,
    nodes: graph.nodes.map((n) => {
      const at = g.node(n.id);
      if (!at || at.x === undefined || at.y === undefined) return n;
      return { ...n, position: { x: Math.round(at.x - at.width / 2), y: Math.round(at.y - at.height / 2) } };
    }),
  };
}

/** Whether the graph has no layout yet (every node at the same spot, as a generated one may). */
export function needsLayout(graph: Graph): boolean {
  if (graph.nodes.length < 2) return false;
  const spots = new Set(graph.nodes.map((n) => `${n.position?.x ?? 0},${n.position?.y ?? 0}`));
  return spots.size === 1;
}
