import type { Connection } from '@xyflow/react';
import { useMemo, useReducer } from 'react';
import { edgeMarker } from '@/components/graph-builder/canvas-look';
import { rebuildCanvas, recordChange, reduceCanvas, useCanvasActions, type CanvasAction, type CanvasModel, type CanvasState } from '@/components/graph-builder/canvas-state';
import { createClipboard } from '@/components/graph-builder/clipboard';
import { emptyHistory } from '@/components/graph-builder/history';
import { nextEdgeId, nextNodeId } from '@/components/graph-builder/ids';
import type { FlowGraph, FlowKind } from '@/features/flows/api/flows';
import { defaultSettings, waysOut } from '@/features/flows/utils/catalog';
import { flowEdgeLook, toCanvas, toCanvasNode, toFlowGraph } from '@/features/flows/utils/convert';
import { freeWay, isValidConnection, wayOf } from '@/features/flows/utils/rules';
import { FLOW_LIMITS, type CanvasEdge, type CanvasNode, type FlowFragment, type FlowNodeConfig } from '@/features/flows/utils/types';

// The flow builder's state: the canvas's nodes and edges and the undo history (the shared
// canvas-state.ts does what every graph builder does alike); a snapshot is the flow itself. What
// this adds: drawing an edge (from a way already taken, it moves that way's edge), adding a node
// (after the selected one, joined by its first free way), changing a node's settings (a choice
// that loses a button loses that button's edge) and replacing the whole flow (import, tidy up).

export type FlowState = CanvasState<CanvasNode, CanvasEdge>;

type Action =
  | CanvasAction<CanvasNode, CanvasEdge, FlowGraph>
  | { type: 'connect'; connection: Connection; at: number }
  | { type: 'addNode'; kind: FlowKind; position: { x: number; y: number }; after?: string; at: number }
  | { type: 'updateNode'; id: string; patch: Partial<FlowNodeConfig>; at: number }
  | { type: 'replace'; graph: FlowGraph; at: number };

export const flowOf = (s: Pick<FlowState, 'nodes' | 'edges' | 'rtl'>): FlowGraph => toFlowGraph(s.nodes, s.edges, s.rtl);
/** What a save sends, as one string: equal strings are equal flows. */
export const flowKey = (s: Pick<FlowState, 'nodes' | 'edges' | 'rtl'>) => JSON.stringify(flowOf(s));

const MODEL: CanvasModel<FlowState, CanvasNode, CanvasEdge, FlowGraph> = {
  graphOf: flowOf,
  toCanvas,
  snapshot: flowKey,
  restore: (s, snap) => rebuildCanvas(s, toCanvas(JSON.parse(snap) as FlowGraph, s.rtl)),
};

const changed = (s: FlowState, next: Partial<FlowState>, at: number, key: string | null = null, external = false) => recordChange(flowKey, s, next, at, key, external);

export function initFlowState(graph: FlowGraph, rtl: boolean): FlowState {
  return { ...toCanvas(graph, rtl), rtl, history: emptyHistory(), revision: 0, dragging: false };
}

/** A new edge of the usual look for its way. */
const edgeFrom = (taken: readonly CanvasEdge[], source: string, target: string, handle: string | null): CanvasEdge => ({
  id: nextEdgeId(new Set(taken.map((e) => e.id))),
  source,
  target,
  sourceHandle: handle,
  type: 'flow',
  data: {},
  markerEnd: edgeMarker(flowEdgeLook(handle).color),
});

export function flowReducer(s: FlowState, a: Action): FlowState {
  switch (a.type) {
    case 'connect': {
      const c = a.connection;
      if (!isValidConnection(c, s.nodes, s.edges)) return s;
      const way = wayOf(c.sourceHandle);
      // One edge per way out: drawing from a way already taken moves its edge.
      const kept = s.edges.filter((e) => !(e.source === c.source && wayOf(e.sourceHandle) === way));
      return changed(s, { edges: [...kept, edgeFrom(s.edges, c.source, c.target, way)] }, a.at);
    }
    case 'addNode': {
      if (s.nodes.length >= FLOW_LIMITS.nodes) return s;
      const id = nextNodeId(a.kind, new Set(s.nodes.map((n) => n.id)), a.kind === 'start' ? 'start' : undefined);
      const node = { ...toCanvasNode({ id, type: a.kind, data: defaultSettings(a.kind, id) }, false), position: a.position, selected: true };
      const nodes = [...s.nodes.map((n) => (n.selected ? { ...n, selected: false } : n)), node];
      let edges = s.edges.map((e) => (e.selected ? { ...e, selected: false } : e));
      // Added after a node: joined to it by its first free way out.
      const from = a.after ? s.nodes.find((n) => n.id === a.after) : undefined;
      const way = from ? freeWay(from, edges) : undefined;
      if (from && way !== undefined && isValidConnection({ source: from.id, target: id, sourceHandle: way }, nodes, edges)) edges = [...edges, edgeFrom(edges, from.id, id, way)];
      return changed(s, { nodes, edges }, a.at);
    }
    case 'updateNode': {
      const nodes = s.nodes.map((n) => (n.id === a.id ? { ...n, data: { ...n.data, ...a.patch } } : n));
      const node = nodes.find((n) => n.id === a.id);
      // A way the node no longer has (a choice's button removed) takes its edge along.
      const ways = node ? waysOut(node.data.kind, node.data.settings) : [];
      const edges = s.edges.filter((e) => e.source !== a.id || ways.includes(wayOf(e.sourceHandle)));
      return changed(s, { nodes, edges }, a.at, `node:${a.id}`);
    }
    case 'replace':
      return changed(s, rebuildCanvas(s, toCanvas(a.graph, s.rtl)), a.at, null, true);
    default:
      return reduceCanvas(MODEL, s, a);
  }
}

/** What the flow builder copied last (this tab's flows only). */
export const flowClipboard = createClipboard<FlowFragment>();

/** The builder's state and the changes it offers, each a stable function. */
export function useFlowState(init: () => FlowState) {
  const [state, dispatch] = useReducer(flowReducer, undefined, init);
  const canvas = useCanvasActions<CanvasNode, CanvasEdge, FlowGraph>(dispatch);
  const actions = useMemo(
    () => ({
      ...canvas,
      connect: (connection: Connection) => dispatch({ type: 'connect', connection, at: Date.now() }),
      addNode: (kind: FlowKind, position: { x: number; y: number }, after?: string) => dispatch({ type: 'addNode', kind, position, after, at: Date.now() }),
      updateNode: (id: string, patch: Partial<FlowNodeConfig>) => dispatch({ type: 'updateNode', id, patch, at: Date.now() }),
      replace: (graph: FlowGraph) => dispatch({ type: 'replace', graph, at: Date.now() }),
    }),
    [canvas],
  );
  return { state, actions };
}
