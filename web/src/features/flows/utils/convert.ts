import { edgeMarker, type EdgeLook } from '@/components/graph-builder/canvas-look';
import { canvasPosition, graphPosition } from '@/components/graph-builder/canvas-convert';
import type { FlowEdgeData, FlowGraph, FlowNodeData } from '@/features/flows/api/flows';
import type { CanvasEdge, CanvasNode } from '@/features/flows/utils/types';

// A flow as the server keeps it ⇄ the canvas's nodes and edges (positions mirrored on a
// right-to-left canvas, see canvas-convert.ts). Converting there and back gives the same flow
// (optional fields left out when empty).

/** An edge's colour and dash by its way out: a condition's true green and false slate, `invalid` amber and `error` red (both dashed), a choice's buttons teal, the usual way grey. */
export function flowEdgeLook(handle: string | null | undefined): EdgeLook {
  switch (handle) {
    case 'true':
      return { color: '#10b981', dashed: false };
    case 'false':
      return { color: '#64748b', dashed: false };
    case 'invalid':
      return { color: '#f59e0b', dashed: true };
    case 'error':
      return { color: '#ef4444', dashed: true };
    case null:
    case undefined:
    case '':
      return { color: '#a1a1aa', dashed: false };
    default:
      return { color: '#14b8a6', dashed: false };
  }
}

export function toCanvasNode(node: FlowNodeData, rtl: boolean): CanvasNode {
  const data = { kind: node.type, ...(node.name != null ? { name: node.name } : {}), settings: structuredClone(node.data ?? {}) };
  return { id: node.id, type: node.type, data, position: canvasPosition(node.position, rtl), deletable: node.type !== 'start' };
}

export function toCanvasEdge(edge: FlowEdgeData): CanvasEdge {
  const handle = edge.sourceHandle ? edge.sourceHandle : null;
  return { id: edge.id, source: edge.source, target: edge.target, sourceHandle: handle, type: 'flow', data: {}, markerEnd: edgeMarker(flowEdgeLook(handle).color) };
}

export function toCanvas(graph: FlowGraph, rtl: boolean): { nodes: CanvasNode[]; edges: CanvasEdge[] } {
  return { nodes: graph.nodes.map((n) => toCanvasNode(n, rtl)), edges: graph.edges.map(toCanvasEdge) };
}

export function toFlowNode(node: CanvasNode, rtl: boolean): FlowNodeData {
  const out: FlowNodeData = { id: node.id, type: node.data.kind };
  if (node.data.name != null && node.data.name !== '') out.name = node.data.name;
  out.position = graphPosition(node.position, rtl);
  out.data = structuredClone(node.data.settings);
  return out;
}

export function toFlowEdge(edge: CanvasEdge): FlowEdgeData {
  const out: FlowEdgeData = { id: edge.id, source: edge.source, target: edge.target };
  if (edge.sourceHandle) out.sourceHandle = edge.sourceHandle;
  return out;
}

export function toFlowGraph(nodes: CanvasNode[], edges: CanvasEdge[], rtl: boolean): FlowGraph {
  return { nodes: nodes.map((n) => toFlowNode(n, rtl)), edges: edges.map(toFlowEdge) };
}

/** A flow with nothing but its start, for an agent that has none. */
export const emptyFlow = (): FlowGraph => ({ nodes: [{ id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} }], edges: [] });
