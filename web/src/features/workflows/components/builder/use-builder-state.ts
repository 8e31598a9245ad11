import { applyEdgeChanges, applyNodeChanges, type Connection, type EdgeChange, type NodeChange } from '@xyflow/react';
import { useCallback, useMemo, useReducer } from 'react';
import type { Graph, NodeKind, Trigger } from '@/features/workflows/api/workflows';
import { clipboard, copySelection, pasteFragment } from '@/features/workflows/components/builder/clipboard';
import { closesCycle, isValidConnection } from '@/features/workflows/components/builder/connection-rules';
import { withLook } from '@/features/workflows/components/builder/edge-look';
import { keepCanvasState, NODE_WIDTH, toFlow, toFlowNode, toGraph } from '@/features/workflows/components/builder/graph-convert';
import { emptyHistory, record, redo, undo, type History } from '@/features/workflows/components/builder/history';
import { nextEdgeId, nextNodeId } from '@/features/workflows/components/builder/ids';
import { defaultData } from '@/features/workflows/components/builder/node-catalog';
import type { Fragment, FlowEdge, FlowNode, NodeConfig } from '@/features/workflows/components/builder/types';

// The builder's state: the canvas's nodes and edges, the trigger, the workflow's name and
// description, and the undo history. Every change to the graph or the trigger keeps a snapshot
// first (see history.ts); selecting, measuring and dragging in progress do not. `revision`
// counts the changes made from outside the inspector (undo, redo, import, layout, a rename), for
// its forms to read their values again.

/** A loop edge's limit when a new edge closes a cycle (the server needs one). */
export const DEFAULT_LOOP = 3;

export type BuilderState = {
  nodes: FlowNode[];
  edges: FlowEdge[];
  trigger: Trigger;
  name: string;
  description: string;
  rtl: boolean;
  history: History;
  revision: number;
  dragging: boolean;
};

export type BuilderInit = { graph: Graph; trigger: Trigger; name: string; description: string; rtl: boolean };

type Action =
  | { type: 'nodesChange'; changes: NodeChange<FlowNode>[]; at: number }
  | { type: 'edgesChange'; changes: EdgeChange<FlowEdge>[] }
  | { type: 'dragStart'; at: number }
  | { type: 'dragStop' }
  | { type: 'connect'; connection: Connection; at: number }
  | { type: 'addNode'; kind: NodeKind; position: { x: number; y: number }; after?: string; at: number }
  | { type: 'updateNode'; id: string; patch: Partial<NodeConfig>; at: number }
  | { type: 'renameNode'; from: string; to: string; at: number }
  | { type: 'updateEdge'; id: string; maxIterations: number | null; at: number }
  | { type: 'delete'; nodes: string[]; edges: string[]; at: number }
  | { type: 'replace'; graph: Graph; trigger?: Trigger; name?: string; description?: string; at: number }
  | { type: 'paste'; fragment: Fragment; times: number; at: number }
  | { type: 'setTrigger'; trigger: Trigger; at: number }
  | { type: 'setMeta'; name?: string; description?: string }
  | { type: 'select'; nodes: string[]; edges: string[] }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'direction'; rtl: boolean };

export const graphOf = (s: Pick<BuilderState, 'nodes' | 'edges' | 'rtl'>): Graph => toGraph(s.nodes, s.edges, { rtl: s.rtl });
const snapshot = (s: BuilderState) => JSON.stringify({ graph: graphOf(s), trigger: s.trigger });
/** What a save sends, as one string: equal strings are equal workflows. */
export const documentKey = (s: BuilderState) => JSON.stringify({ name: s.name, description: s.description, trigger: s.trigger, graph: graphOf(s) });

export function initState(init: BuilderInit): BuilderState {
  const { nodes, edges } = toFlow(init.graph, { rtl: init.rtl });
  return { nodes, edges, trigger: init.trigger, name: init.name, description: init.description, rtl: init.rtl, history: emptyHistory(), revision: 0, dragging: false };
}

/** `next` with the snapshot of `s` kept for undo. */
function changed(s: BuilderState, next: Partial<BuilderState>, at: number, key: string | null = null, external = false): BuilderState {
  return { ...s, ...next, history: record(s.history, snapshot(s), key, at), revision: external ? s.revision + 1 : s.revision };
}

/** The graph's nodes and edges from `graph`, keeping what the canvas knows of those it has. */
function fromGraph(s: BuilderState, graph: Graph, selected?: Set<string>): Pick<BuilderState, 'nodes' | 'edges'> {
  const flow = toFlow(graph, { rtl: s.rtl });
  const selectedEdges = new Set(s.edges.filter((e) => e.selected).map((e) => e.id));
  return {
    nodes: keepCanvasState(s.nodes, flow.nodes, selected),
    edges: flow.edges.map((e) => ({ ...e, selected: selected ? false : selectedEdges.has(e.id) })),
  };
}

function restore(s: BuilderState, snap: string, history: History): BuilderState {
  const { graph, trigger } = JSON.parse(snap) as { graph: Graph; trigger: Trigger };
  return { ...s, ...fromGraph(s, graph), trigger, history, revision: s.revision + 1 };
}

/** Template texts naming `nodes.<from>` name `nodes.<to>` instead. */
function renameInTemplates(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string') return value.replace(new RegExp(`\\bnodes\\.${from}\\b`, 'g'), `nodes.${to}`);
  if (Array.isArray(value)) return value.map((v) => renameInTemplates(v, from, to));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renameInTemplates(v, from, to)]));
  return value;
}

export function builderReducer(s: BuilderState, a: Action): BuilderState {
  switch (a.type) {
    case 'nodesChange': {
      // Removals go through `delete` (one step for a node and its edges).
      const changes = a.changes.filter((c) => c.type !== 'remove');
      if (changes.length === 0) return s;
      const nudged = !s.dragging && changes.some((c) => c.type === 'position' && c.position && c.dragging !== true);
      const nodes = applyNodeChanges(changes, s.nodes);
      return nudged ? changed(s, { nodes }, a.at, 'nudge') : { ...s, nodes };
    }
    case 'edgesChange': {
      const changes = a.changes.filter((c) => c.type !== 'remove');
      return changes.length ? { ...s, edges: applyEdgeChanges(changes, s.edges) } : s;
    }
    case 'dragStart':
      return { ...changed(s, {}, a.at), dragging: true };
    case 'dragStop':
      return { ...s, dragging: false };
    case 'connect': {
      const c = a.connection;
      if (!isValidConnection(c, s.nodes, s.edges)) return s;
      const loop = closesCycle(c.source, c.target, s.edges);
      const edge = withLook({
        id: nextEdgeId(new Set(s.edges.map((e) => e.id))),
        source: c.source,
        target: c.target,
        sourceHandle: c.sourceHandle || null,
        type: 'workflow',
        data: loop ? { maxIterations: DEFAULT_LOOP } : {},
        selected: loop,
      });
      const edges = loop ? s.edges.map((e) => ({ ...e, selected: false })) : s.edges;
      const nodes = loop ? s.nodes.map((n) => (n.selected ? { ...n, selected: false } : n)) : s.nodes;
      return changed(s, { nodes, edges: [...edges, edge] }, a.at);
    }
    case 'addNode': {
      const id = nextNodeId(a.kind, new Set(s.nodes.map((n) => n.id)));
      const node = toFlowNode({ id, type: a.kind, position: { x: 0, y: 0 }, data: defaultData(a.kind) }, false);
      node.position = a.position;
      node.selected = true;
      const nodes = [...s.nodes.map((n) => (n.selected ? { ...n, selected: false } : n)), node];
      let edges = s.edges.map((e) => (e.selected ? { ...e, selected: false } : e));
      // Added after a node: joined to it by its first free way out.
      const from = a.after ? s.nodes.find((n) => n.id === a.after) : undefined;
      if (from) {
        const ways: (string | null)[] = from.type === 'condition' ? ['true', 'false'] : [null];
        const used = new Set(s.edges.filter((e) => e.source === from.id).map((e) => e.sourceHandle ?? null));
        const handle = ways.find((w) => !used.has(w)) ?? ways[0];
        const connection = { source: from.id, target: id, sourceHandle: handle ?? null, targetHandle: null };
        if (isValidConnection(connection, nodes, edges)) {
          edges = [...edges, withLook({ id: nextEdgeId(new Set(edges.map((e) => e.id))), source: from.id, target: id, sourceHandle: handle ?? null, type: 'workflow', data: {} })];
        }
      }
      return changed(s, { nodes, edges }, a.at);
    }
    case 'updateNode': {
      const nodes = s.nodes.map((n) => (n.id === a.id ? { ...n, data: { ...n.data, ...a.patch } } : n));
      return changed(s, { nodes }, a.at, `node:${a.id}`);
    }
    case 'renameNode': {
      if (a.from === a.to || s.nodes.some((n) => n.id === a.to)) return s;
      const nodes = s.nodes.map((n) => {
        const config = renameInTemplates(n.data.config, a.from, a.to) as Record<string, unknown>;
        return { ...n, id: n.id === a.from ? a.to : n.id, data: { ...n.data, config } };
      });
      const edges = s.edges.map((e) => ({ ...e, source: e.source === a.from ? a.to : e.source, target: e.target === a.from ? a.to : e.target }));
      return changed(s, { nodes, edges }, a.at, null, true);
    }
    case 'updateEdge': {
      const edges = s.edges.map((e) => (e.id === a.id ? withLook({ ...e, data: a.maxIterations == null ? {} : { maxIterations: a.maxIterations } }) : e));
      return changed(s, { edges }, a.at, `edge:${a.id}`);
    }
    case 'delete': {
      const gone = new Set(a.nodes.filter((id) => s.nodes.find((n) => n.id === id)?.type !== 'trigger'));
      const goneEdges = new Set(a.edges);
      const nodes = s.nodes.filter((n) => !gone.has(n.id));
      const edges = s.edges.filter((e) => !goneEdges.has(e.id) && !gone.has(e.source) && !gone.has(e.target));
      if (nodes.length === s.nodes.length && edges.length === s.edges.length) return s;
      return changed(s, { nodes, edges }, a.at);
    }
    case 'replace': {
      const next = { ...fromGraph(s, a.graph), ...(a.trigger ? { trigger: a.trigger } : {}) };
      const meta = { ...(a.name !== undefined ? { name: a.name } : {}), ...(a.description !== undefined ? { description: a.description } : {}) };
      return { ...changed(s, next, a.at, null, true), ...meta };
    }
    case 'paste': {
      const graph = graphOf(s);
      const pasted = pasteFragment(graph, a.fragment, a.times);
      const merged = { nodes: [...graph.nodes, ...pasted.nodes], edges: [...graph.edges, ...pasted.edges] };
      return changed(s, fromGraph(s, merged, new Set(pasted.nodes.map((n) => n.id))), a.at, null, true);
    }
    case 'setTrigger':
      return JSON.stringify(a.trigger) === JSON.stringify(s.trigger) ? s : changed(s, { trigger: a.trigger }, a.at, 'trigger');
    case 'setMeta':
      return { ...s, ...(a.name !== undefined ? { name: a.name } : {}), ...(a.description !== undefined ? { description: a.description } : {}) };
    case 'select': {
      const nodes = new Set(a.nodes);
      const edges = new Set(a.edges);
      return { ...s, nodes: s.nodes.map((n) => ({ ...n, selected: nodes.has(n.id) })), edges: s.edges.map((e) => ({ ...e, selected: edges.has(e.id) })) };
    }
    case 'undo': {
      const step = undo(s.history, snapshot(s));
      return step ? restore(s, step.snapshot, step.history) : s;
    }
    case 'redo': {
      const step = redo(s.history, snapshot(s));
      return step ? restore(s, step.snapshot, step.history) : s;
    }
    case 'direction': {
      if (a.rtl === s.rtl) return s;
      const nodes = s.nodes.map((n) => ({ ...n, position: { x: -n.position.x - NODE_WIDTH, y: n.position.y } }));
      return { ...s, nodes, rtl: a.rtl };
    }
  }
}

/** The builder's state and the changes it offers, each a stable function. */
export function useBuilderState(init: () => BuilderInit) {
  const [state, dispatch] = useReducer(builderReducer, undefined, () => initState(init()));
  const now = () => Date.now();
  const onNodesChange = useCallback((changes: NodeChange<FlowNode>[]) => dispatch({ type: 'nodesChange', changes, at: now() }), []);
  const onEdgesChange = useCallback((changes: EdgeChange<FlowEdge>[]) => dispatch({ type: 'edgesChange', changes }), []);
  const actions = useMemo(
    () => ({
      onNodesChange,
      onEdgesChange,
      dragStart: () => dispatch({ type: 'dragStart', at: now() }),
      dragStop: () => dispatch({ type: 'dragStop' }),
      connect: (connection: Connection) => dispatch({ type: 'connect', connection, at: now() }),
      addNode: (kind: NodeKind, position: { x: number; y: number }, after?: string) => dispatch({ type: 'addNode', kind, position, after, at: now() }),
      updateNode: (id: string, patch: Partial<NodeConfig>) => dispatch({ type: 'updateNode', id, patch, at: now() }),
      renameNode: (from: string, to: string) => dispatch({ type: 'renameNode', from, to, at: now() }),
      updateEdge: (id: string, maxIterations: number | null) => dispatch({ type: 'updateEdge', id, maxIterations, at: now() }),
      remove: (nodes: string[], edges: string[]) => dispatch({ type: 'delete', nodes, edges, at: now() }),
      replace: (graph: Graph, meta: { trigger?: Trigger; name?: string; description?: string } = {}) => dispatch({ type: 'replace', graph, ...meta, at: now() }),
      paste: (fragment: Fragment, times: number) => dispatch({ type: 'paste', fragment, times, at: now() }),
      setTrigger: (trigger: Trigger) => dispatch({ type: 'setTrigger', trigger, at: now() }),
      setMeta: (meta: { name?: string; description?: string }) => dispatch({ type: 'setMeta', ...meta }),
      select: (nodes: string[], edges: string[] = []) => dispatch({ type: 'select', nodes, edges }),
      undo: () => dispatch({ type: 'undo' }),
      redo: () => dispatch({ type: 'redo' }),
      setDirection: (rtl: boolean) => dispatch({ type: 'direction', rtl }),
    }),
    [onNodesChange, onEdgesChange],
  );
  return { state, actions };
}

/** Copies the selected nodes (and the edges between them) to the builder's clipboard; false when none. */
export function copySelected(state: BuilderState): boolean {
  const selected = new Set(state.nodes.filter((n) => n.selected).map((n) => n.id));
  const fragment = copySelection(graphOf(state), selected);
  if (!fragment) return false;
  clipboard.put(fragment);
  return true;
}
