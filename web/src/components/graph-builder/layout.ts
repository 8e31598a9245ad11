import dagre from '@dagrejs/dagre';
import { NODE_HEIGHT, NODE_WIDTH } from '@/components/graph-builder/canvas-convert';

// Automatic layout: dagre ranks the nodes from the entry node onwards, left to right, in the
// graph's own (logical) coordinates; a right-to-left canvas mirrors them as it does any position.
// Each builder says which edges to leave out of the ranking (a workflow's loops go back), in
// which order a node's ways out come (dagre's ordering follows it: true above false) and how much
// each weighs (a way taken on failure weighs less, so the main path stays straight).

type Placed = { id: string; position?: { x: number; y: number } };
type Joined = { id: string; source: string; target: string; sourceHandle?: string | null };

export type LayoutOptions<E extends Joined> = {
  /** The nodes' measured sizes (the usual size for the others). */
  sizes?: ReadonlyMap<string, { width?: number; height?: number }>;
  /** Edges left out of the ranking. */
  skip?: (edge: E) => boolean;
  /** A way out's place among its node's ways (smaller first). */
  rank?: (edge: E) => number;
  /** How hard dagre keeps an edge short and straight. */
  weight?: (edge: E) => number;
};

export function layoutGraph<G extends { nodes: Placed[]; edges: Joined[] }>(graph: G, { sizes = new Map(), skip, rank, weight }: LayoutOptions<G['edges'][number]> = {}): G {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: 40, ranksep: 60, marginx: 0, marginy: 0 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of graph.nodes) {
    const size = sizes.get(n.id);
    g.setNode(n.id, { width: size?.width || NODE_WIDTH, height: size?.height || NODE_HEIGHT });
  }
  const ids = new Set(graph.nodes.map((n) => n.id));
  const ordered = rank ? [...graph.edges].sort((a, b) => rank(a) - rank(b)) : graph.edges;
  for (const e of ordered) {
    if (skip?.(e) || !ids.has(e.source) || !ids.has(e.target)) continue;
    g.setEdge(e.source, e.target, { weight: weight?.(e) ?? 2 }, e.id);
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

/** The sizes xyflow measured of the canvas's nodes, for the layout. */
export const measuredSizes = (nodes: readonly { id: string; measured?: { width?: number; height?: number } }[]) => new Map(nodes.map((n) => [n.id, { width: n.measured?.width, height: n.measured?.height }]));

/** Whether the graph has no layout yet (every node at the same spot, as a generated one may). */
export function needsLayout(graph: { nodes: readonly Placed[] }): boolean {
  if (graph.nodes.length < 2) return false;
  const spots = new Set(graph.nodes.map((n) => `${n.position?.x ?? 0},${n.position?.y ?? 0}`));
  return spots.size === 1;
}
