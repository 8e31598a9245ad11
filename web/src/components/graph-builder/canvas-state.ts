import { applyEdgeChanges, applyNodeChanges, type Edge, type EdgeChange, type Node, type NodeChange } from '@xyflow/react';
import { useCallback, useMemo, type Dispatch } from 'react';
import { keepCanvasState, mirrorX } from '@/components/graph-builder/canvas-convert';
import { copySelection, pasteFragment, type Fragment } from '@/components/graph-builder/clipboard';
import { record, redo, undo, type History } from '@/components/graph-builder/history';

// What every graph builder's state has (the canvas's nodes and edges, the direction, the undo
// history) and the changes that work the same in each: xyflow's own changes (selecting,
// measuring, moving), dragging, selecting, undo and redo, the direction, deleting and pasting.
// Every change to the graph keeps a snapshot first (see history.ts); selecting, measuring and
// dragging in progress do not. `revision` counts the changes made from outside the inspector
// (undo, redo, import, layout, a rename), for its forms to read their values again. Each builder
// says what a snapshot holds and how its graph becomes the canvas (`CanvasModel`).

export type CanvasState<N extends Node, E extends Edge> = {
  nodes: N[];
  edges: E[];
  rtl: boolean;
  history: History;
  revision: number;
  dragging: boolean;
};

type GraphNode = { id: string; type: string; position?: { x: number; y: number } };
type GraphEdge = { id: string; source: string; target: string };
/** A graph as the server keeps it (or a part of one, copied). */
export type GraphLike = Fragment<GraphNode, GraphEdge>;
/** A part of the graph `G`: some of its nodes and edges. */
export type PartOf<G extends GraphLike> = Fragment<G['nodes'][number], G['edges'][number]>;

/** How a builder's state becomes its graph and a snapshot, and back. */
export type CanvasModel<S extends CanvasState<N, E>, N extends Node, E extends Edge, G extends GraphLike> = {
  /** The graph the server keeps. */
  graphOf: (s: S) => G;
  /** The canvas's nodes and edges for a graph. */
  toCanvas: (graph: G, rtl: boolean) => { nodes: N[]; edges: E[] };
  /** What undo goes back to (the graph, and what else changes with it). */
  snapshot: (s: S) => string;
  /** The state a snapshot stands for. */
  restore: (s: S, snapshot: string) => Partial<S>;
};

export type CanvasAction<N extends Node, E extends Edge, G extends GraphLike> =
  | { type: 'nodesChange'; changes: NodeChange<N>[]; at: number }
  | { type: 'edgesChange'; changes: EdgeChange<E>[] }
  | { type: 'dragStart'; at: number }
  | { type: 'dragStop' }
  | { type: 'select'; nodes: string[]; edges: string[] }
  | { type: 'delete'; nodes: string[]; edges: string[]; at: number }
  | { type: 'paste'; fragment: PartOf<G>; times: number; at: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'direction'; rtl: boolean };

/** `next` with the snapshot of `s` kept for undo (`external`: the inspector reads its values again). */
export function recordChange<S extends CanvasState<N, E>, N extends Node, E extends Edge>(
  snapshot: (s: S) => string,
  s: S,
  next: Partial<S>,
  at: number,
  key: string | null = null,
  external = false,
): S {
  return { ...s, ...next, history: record(s.history, snapshot(s), key, at), revision: external ? s.revision + 1 : s.revision };
}

/** The canvas for `graph`, keeping what the canvas knows of the nodes it has (and, without `selected`, the selected edges). */
export function rebuildCanvas<S extends CanvasState<N, E>, N extends Node, E extends Edge>(s: S, next: { nodes: N[]; edges: E[] }, selected?: Set<string>): Pick<S, 'nodes' | 'edges'> {
  const selectedEdges = new Set(s.edges.filter((e) => e.selected).map((e) => e.id));
  return {
    nodes: keepCanvasState(s.nodes, next.nodes, selected),
    edges: next.edges.map((e) => ({ ...e, selected: selected ? false : selectedEdges.has(e.id) })),
  };
}

/** The state after one of the changes every builder makes alike. */
export function reduceCanvas<S extends CanvasState<N, E>, N extends Node, E extends Edge, G extends GraphLike>(model: CanvasModel<S, N, E, G>, s: S, a: CanvasAction<N, E, G>): S {
  const changed = (next: Partial<S>, at: number, key: string | null = null, external = false) => recordChange(model.snapshot, s, next, at, key, external);
  switch (a.type) {
    case 'nodesChange': {
      // Removals go through `delete` (one step for a node and its edges).
      const changes = a.changes.filter((c) => c.type !== 'remove');
      if (changes.length === 0) return s;
      const nudged = !s.dragging && changes.some((c) => c.type === 'position' && c.position && c.dragging !== true);
      const nodes = applyNodeChanges(changes, s.nodes);
      return nudged ? changed({ nodes } as Partial<S>, a.at, 'nudge') : { ...s, nodes };
    }
    case 'edgesChange': {
      const changes = a.changes.filter((c) => c.type !== 'remove');
      return changes.length ? { ...s, edges: applyEdgeChanges(changes, s.edges) } : s;
    }
    case 'dragStart':
      return { ...changed({}, a.at), dragging: true };
    case 'dragStop':
      return { ...s, dragging: false };
    case 'select': {
      const nodes = new Set(a.nodes);
      const edges = new Set(a.edges);
      return { ...s, nodes: s.nodes.map((n) => ({ ...n, selected: nodes.has(n.id) })), edges: s.edges.map((e) => ({ ...e, selected: edges.has(e.id) })) };
    }
    case 'delete': {
      // The entry node (not `deletable`) stays.
      const gone = new Set(a.nodes.filter((id) => s.nodes.find((n) => n.id === id)?.deletable !== false));
      const goneEdges = new Set(a.edges);
      const nodes = s.nodes.filter((n) => !gone.has(n.id));
      const edges = s.edges.filter((e) => !goneEdges.has(e.id) && !gone.has(e.source) && !gone.has(e.target));
      if (nodes.length === s.nodes.length && edges.length === s.edges.length) return s;
      return changed({ nodes, edges } as Partial<S>, a.at);
    }
    case 'paste': {
      const graph = model.graphOf(s);
      const pasted = pasteFragment<G['nodes'][number], G['edges'][number]>(graph, a.fragment, a.times);
      const merged = { ...graph, nodes: [...graph.nodes, ...pasted.nodes], edges: [...graph.edges, ...pasted.edges] };
      return changed(rebuildCanvas(s, model.toCanvas(merged as G, s.rtl), new Set(pasted.nodes.map((n) => n.id))) as Partial<S>, a.at, null, true);
    }
    case 'undo':
    case 'redo': {
      const step = (a.type === 'undo' ? undo : redo)(s.history, model.snapshot(s));
      return step ? { ...s, ...model.restore(s, step.snapshot), history: step.history, revision: s.revision + 1 } : s;
    }
    case 'direction': {
      if (a.rtl === s.rtl) return s;
      const nodes = s.nodes.map((n) => ({ ...n, position: { x: mirrorX(n.position.x, true), y: n.position.y } }));
      return { ...s, nodes, rtl: a.rtl };
    }
  }
}

/** Copies the selected nodes (and the edges between them); null when none is copyable. */
export function copyOf<G extends GraphLike>(graph: G, nodes: readonly Node[]): PartOf<G> | null {
  return copySelection(graph, new Set(nodes.filter((n) => n.selected).map((n) => n.id)));
}

/** The changes every builder offers, each a stable function, for its `dispatch`. */
export function useCanvasActions<N extends Node, E extends Edge, G extends GraphLike>(dispatch: Dispatch<CanvasAction<N, E, G>>) {
  const onNodesChange = useCallback((changes: NodeChange<N>[]) => dispatch({ type: 'nodesChange', changes, at: Date.now() }), [dispatch]);
  const onEdgesChange = useCallback((changes: EdgeChange<E>[]) => dispatch({ type: 'edgesChange', changes }), [dispatch]);
  return useMemo(
    () => ({
      onNodesChange,
      onEdgesChange,
      dragStart: () => dispatch({ type: 'dragStart', at: Date.now() }),
      dragStop: () => dispatch({ type: 'dragStop' }),
      remove: (nodes: string[], edges: string[]) => dispatch({ type: 'delete', nodes, edges, at: Date.now() }),
      paste: (fragment: PartOf<G>, times: number) => dispatch({ type: 'paste', fragment, times, at: Date.now() }),
      select: (nodes: string[], edges: string[] = []) => dispatch({ type: 'select', nodes, edges }),
      undo: () => dispatch({ type: 'undo' }),
      redo: () => dispatch({ type: 'redo' }),
      setDirection: (rtl: boolean) => dispatch({ type: 'direction', rtl }),
    }),
    [dispatch, onNodesChange, onEdgesChange],
  );
}
