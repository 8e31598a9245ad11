import { canvasPosition, graphPosition } from '@/components/graph-builder/canvas-convert';
import { edgeMarker } from '@/components/graph-builder/canvas-look';
import type { Graph, GraphEdge, GraphNode } from '@/features/workflows/api/workflows';
import { edgeLook } from '@/features/workflows/components/builder/edge-look';
import type { FlowEdge, FlowNode, NodeConfig } from '@/features/workflows/components/builder/types';

export { keepCanvasState, mirrorX, NODE_HEIGHT, NODE_WIDTH } from '@/components/graph-builder/canvas-convert';

// The graph as the server keeps it ⇄ the canvas's nodes and edges. Positions are kept in the
// graph as left-to-right ("logical") coordinates; in a right-to-left language the canvas shows
// them mirrored (see canvas-convert.ts), so a workflow reads from its trigger onwards in both
// directions. Converting there and back gives the same graph (optional fields left out when empty).

export function toFlowNode(node: GraphNode, rtl: boolean): FlowNode {
  const data: NodeConfig = { kind: node.type, config: { ...(node.data ?? {}) } };
  if (node.name != null) data.name = node.name;
  if (node.timeoutSeconds != null) data.timeoutSeconds = node.timeoutSeconds;
  if (node.retries != null) data.retries = node.retries;
  if (node.retryBackoffSeconds != null) data.retryBackoffSeconds = node.retryBackoffSeconds;
  return {
    id: node.id,
    type: node.type,
    position: canvasPosition(node.position, rtl),
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
  out.position = graphPosition(node.position, rtl);
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
