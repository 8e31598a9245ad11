import type { Connection } from '@xyflow/react';
import { useMemo, useReducer } from 'react';
import { copyOf, rebuildCanvas, recordChange, reduceCanvas, useCanvasActions, type CanvasAction, type CanvasModel, type CanvasState } from '@/components/graph-builder/canvas-state';
import { createClipboard } from '@/components/graph-builder/clipboard';
import { emptyHistory } from '@/components/graph-builder/history';
import { nextEdgeId, nextNodeId } from '@/components/graph-builder/ids';
import type { Graph, NodeKind, Trigger } from '@/features/workflows/api/workflows';
import { closesCycle, isValidConnection } from '@/features/workflows/components/builder/connection-rules';
import { withLook } from '@/features/workflows/components/builder/edge-look';
import { toFlow, toFlowNode, toGraph } from '@/features/workflows/components/builder/graph-convert';
import { defaultData } from '@/features/workflows/components/builder/node-catalog';
import type { Fragment, FlowEdge, FlowNode, NodeConfig } from '@/features/workflows/components/builder/types';

// The builder's state: the canvas's nodes and edges, the trigger, the workflow's name and
// description, and the undo history (see the shared canvas-state.ts: what it does for every graph
// builder, this adds the trigger to). A snapshot holds the graph and the trigger.

/** A loop edge's limit when a new edge closes a cycle (the server needs one). */
export const DEFAULT_LOOP = 3;

export type BuilderState = CanvasState<FlowNode, FlowEdge> & {
  trigger: Trigger;
  name: string;
  description: string;
};

export type BuilderInit = { graph: Graph; trigger: Trigger; name: string; description: string; rtl: boolean };

type Action =
  | CanvasAction<FlowNode, FlowEdge, Graph>
  | { type: 'connect'; connection: Connection; at: number }
  | { type: 'addNode'; kind: NodeKind; position: { x: number; y: number }; after?: string; at: number }
  | { type: 'updateNode'; id: string; patch: Partial<NodeConfig>; at: number }
  | { type: 'renameNode'; from: string; to: string; at: number }
  | { type: 'updateEdge'; id: string; maxIterations: number | null; at: number }
  | { type: 'replace'; graph: Graph; trigger?: Trigger; name?: string; description?: string; at: number }
  | { type: 'setTrigger'; trigger: Trigger; at: number }
  | { type: 'setMeta'; name?: string; description?: string };

export const graphOf = (s: Pick<BuilderState, 'nodes' | 'edges' | 'rtl'>): Graph => toGraph(s.nodes, s.edges, { rtl: s.rtl });
const snapshot = (s: BuilderState) => JSON.stringify({ graph: graphOf(s), trigger: s.trigger });
/** What a save sends, as one string: equal strings are equal workflows. */
export const documentKey = (s: BuilderState) => JSON.stringify({ name: s.name, description: s.description, trigger: s.trigger, graph: graphOf(s) });

export function initState(init: BuilderInit): BuilderState {
  const { nodes, edges } = toFlow(init.graph, { rtl: init.rtl });
  return { nodes, edges, trigger: init.trigger, name: init.name, description: init.description, rtl: init.rtl, history: emptyHistory(), revision: 0, dragging: false };
}

/** `next` with the snapshot of `s` kept for undo. */
const changed = (s: BuilderState, next: Partial<BuilderState>, at: number, key: string | null = null, external = false) => recordChange(snapshot, s, next, at, key, external);

/** The graph's nodes and edges from `graph`, keeping what the canvas knows of those it has. */
const fromGraph = (s: BuilderState, graph: Graph) => rebuildCanvas(s, toFlow(graph, { rtl: s.rtl }));

const MODEL: CanvasModel<BuilderState, FlowNode, FlowEdge, Graph> = {
  graphOf,
  toCanvas: (graph, rtl) => toFlow(graph, { rtl }),
  snapshot,
  restore: (s, snap) => {
    const { graph, trigger } = JSON.parse(snap) as { graph: Graph; trigger: Trigger };
    return { ...fromGraph(s, graph), trigger };
  },
};

/** What a builder copied last (this tab's workflows only). */
export const clipboard = createClipboard<Fragment>();

/** Template texts naming `nodes.<from>` name `nodes.<to>` instead. */
function renameInTemplates(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string') return value.replace(new RegExp(`\\bnodes\\.${from}\\b`, 'g'), `nodes.${to}`);
  if (Array.isArray(value)) return value.map((v) => renameInTemplates(v, from, to));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renameInTemplates(v, from, to)]));
  return value;
}

export function builderReducer(s: BuilderState, a: Action): BuilderState {
  switch (a.type) {
    case 'nodesChange':
    case 'edgesChange':
    case 'dragStart':
    case 'dragStop':
    case 'select':
    case 'delete':
    case 'paste':
    case 'undo':
    case 'redo':
    case 'direction':
      return reduceCanvas(MODEL, s, a);
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
      const id = nextNodeId(a.kind, new Set(s.nodes.map((n) => n.id)), a.kind === 'trigger' ? 'start' : undefined);
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
    case 'replace': {
      const next = { ...fromGraph(s, a.graph), ...(a.trigger ? { trigger: a.trigger } : {}) };
      const meta = { ...(a.name !== undefined ? { name: a.name } : {}), ...(a.description !== undefined ? { description: a.description } : {}) };
      return { ...changed(s, next, a.at, null, true), ...meta };
    }
    case 'setTrigger':
      return JSON.stringify(a.trigger) === JSON.stringify(s.trigger) ? s : changed(s, { trigger: a.trigger }, a.at, 'trigger');
    case 'setMeta':
      return { ...s, ...(a.name !== undefined ? { name: a.name } : {}), ...(a.description !== undefined ? { description: a.description } : {}) };
  }
}

/** The builder's state and the changes it offers, each a stable function. */
export function useBuilderState(init: () => BuilderInit) {
  const [state, dispatch] = useReducer(builderReducer, undefined, () => initState(init()));
  const canvas = useCanvasActions<FlowNode, FlowEdge, Graph>(dispatch);
  const now = () => Date.now();
  const actions = useMemo(
    () => ({
      ...canvas,
      connect: (connection: Connection) => dispatch({ type: 'connect', connection, at: now() }),
      addNode: (kind: NodeKind, position: { x: number; y: number }, after?: string) => dispatch({ type: 'addNode', kind, position, after, at: now() }),
      updateNode: (id: string, patch: Partial<NodeConfig>) => dispatch({ type: 'updateNode', id, patch, at: now() }),
      renameNode: (from: string, to: string) => dispatch({ type: 'renameNode', from, to, at: now() }),
      updateEdge: (id: string, maxIterations: number | null) => dispatch({ type: 'updateEdge', id, maxIterations, at: now() }),
      replace: (graph: Graph, meta: { trigger?: Trigger; name?: string; description?: string } = {}) => dispatch({ type: 'replace', graph, ...meta, at: now() }),
      setTrigger: (trigger: Trigger) => dispatch({ type: 'setTrigger', trigger, at: now() }),
      setMeta: (meta: { name?: string; description?: string }) => dispatch({ type: 'setMeta', ...meta }),
    }),
    [canvas],
  );
  return { state, actions };
}

/** Copies the selected nodes (and the edges between them) to the builder's clipboard; false when none. */
export function copySelected(state: BuilderState): boolean {
  const fragment = copyOf(graphOf(state), state.nodes);
  if (!fragment) return false;
  clipboard.put(fragment);
  return true;
}
