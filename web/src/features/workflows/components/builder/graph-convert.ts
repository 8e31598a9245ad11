import type { Graph, GraphEdge, GraphNode } from '@/features/workflows/api/workflows';
import { edgeLook, edgeMarker } from '@/features/workflows/components/builder/edge-look';
import type { FlowEdge, FlowNode, NodeConfig } from '@/features/workflows/components/builder/types';

// The graph as the server keeps it ⇄ the canvas's nodes and edges. Positions are kept in the
// graph as left-to-right ("logical") coordinates; in a right-to-left language the canvas shows
// them mirrored, so a workflow reads from its trigger onwards in both directions. Converting
// there and back gives the same graph (optional fields left out when empty).

/** Every node is drawn this wide (`w-60`), so a mirrored position lands on the same spot. */
export const NODE_WIDTH = 240;
/** A node's usual height, for the layout of nodes not yet measured. */
export const NODE_HEIGHT = 84;

/** x on the canvas from x in the graph, and back (the same function: a mirror is its own inverse). */
export const mirrorX = (x: number, rtl: boolean) => (rtl ? -x - NODE_WIDTH : x);

const round = (n: number) => Math.round(n * 100) / 100;

export function toFlowNode(node: GraphNode, rtl: boolean): FlowNode {
  const data: NodeConfig = { kind: node.type, config: { ...(node.data ?? {}) } };
  if (node.name != null) data.name = node.name;
  if (node.timeoutSeconds != null) data.timeoutSeconds = node.timeoutSeconds;
  if (node.retries != null) data.retries = node.retries;
  if (node.retryBackoffSeconds != null) data.retryBackoffSeconds = node.retryBackoffSeconds;
  const position = node.position ?? { x: 0, y: 0 };
  return {
    id: node.id,
    type: node.type,
    position: { x: mirrorX(position.x, rtl), y: position.y },
    data,
    deletable: node.type !== 'trigger',
  };
}

export function toFlowEdge(edge: GraphEdge): FlowEdge {
  const handle = edge.sourceHandle ? edge.sourceHandle : null;
  return {
    id: edge.id,
    source: edge.source,
    target: edge.target,
    sourceHandle: handle,
    type: 'workflow',
    data: edge.maxIterations != null ? { maxIterations: edge.maxIterations } : {},
    markerEnd: edgeMarker(edgeLook(handle, edge.maxIterations != null).color),
  };
}

/** The canvas's nodes and edges for a graph. */
export function toFlow(graph: Graph, opts: { rtl?: boolean } = {}): { nodes: FlowNode[]; edges: FlowEdge[] } {
  const rtl = opts.rtl ?? false;
  return { nodes: graph.nodes.map((n) => toFlowNode(n, rtl)), edges: graph.edges.map(toFlowEdge) };
}

export function toGraphNode(node: FlowNode, rtl: boolean): GraphNode {
  const d = node.data;
  const out: GraphNode = { id: node.id, type: d.kind };
  if (d.name != null && d.name !== '') out.name = d.name;
  out.position = { x: round(mirrorX(node.position.x, rtl)), y: round(node.position.y) };
  out.data = { ...d.config };
  if (d.timeoutSeconds != null) out.timeoutSeconds = d.timeoutSeconds;
  if (d.retries != null) out.retries = d.retries;
  if (d.retryBackoffSeconds != null) out.retryBackoffSeconds = d.retryBackoffSeconds;
  return out;
}

/** A canvas handle id as the server names the ways out (`null` for the usual way). */
export function asEdgeHandle(handle: string | null | undefined): NonNullable<GraphEdge['sourceHandle']> | null {
  return handle === 'true' || handle === 'false' || handle === 'error' ? handle : null;
}

export function toGraphEdge(edge: FlowEdge): GraphEdge {
  const out: GraphEdge = { id: edge.id, source: edge.source, target: edge.target };
  const handle = asEdgeHandle(edge.sourceHandle);
  if (handle) out.sourceHandle = handle;
  if (edge.data?.maxIterations != null) out.maxIterations = edge.data.maxIterations;
  return out;
}

/** The graph the server takes for the canvas's nodes and edges. */
export function toGraph(nodes: FlowNode[], edges: FlowEdge[], opts: { rtl?: boolean } = {}): Graph {
  const rtl = opts.rtl ?? false;
  return { nodes: nodes.map((n) => toGraphNode(n, rtl)), edges: edges.map(toGraphEdge) };
}

/**
 * New canvas nodes for `next`, keeping what the canvas knows of nodes it already had (their
 * measured size, selection), so rebuilding after an undo or a layout does not make xyflow
 * measure them again.
 */
export function keepCanvasState(prev: FlowNode[], next: FlowNode[], selected?: Set<string>): FlowNode[] {
  const byId = new Map(prev.map((n) => [n.id, n]));
  return next.map((n) => {
    const old = byId.get(n.id);
    const isSelected = selected ? selected.has(n.id) : (old?.selected ?? false);
    const kept: FlowNode = { ...n, selected: isSelected };
    if (old?.measured && old.type === n.type) kept.measured = old.measured;
    return kept;
  });
}
