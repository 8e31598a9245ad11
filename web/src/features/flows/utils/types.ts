import type { Edge, Node } from '@xyflow/react';
import type { Fragment } from '@/components/graph-builder/clipboard';
import type { FlowEdgeData, FlowKind, FlowNodeData, NodeSettings } from '@/features/flows/api/flows';
import { enumValues } from '@/lib/api-enums';

// The canvas's shapes: each flow node becomes an xyflow node whose `data` holds what the server
// keeps of it (its settings under `settings`), each edge an xyflow edge of the `flow` type.

export type FlowNodeConfig = { kind: FlowKind; name?: string | null; settings: NodeSettings };

export type CanvasNode = Node<FlowNodeConfig, FlowKind>;
export type CanvasEdge = Edge<Record<string, never>, 'flow'>;

/** A part of a flow: copied nodes and the edges between them. */
export type FlowFragment = Fragment<FlowNodeData, FlowEdgeData>;

/** Which builder: the conversation flow (text channels) or the same flow with its voice settings. */
export type FlowMode = 'chat' | 'voice';

export const FLOW_KINDS = enumValues<FlowKind>({
  start: true,
  message: true,
  question: true,
  choice: true,
  condition: true,
  llm: true,
  knowledge: true,
  api: true,
  tool: true,
  handoff: true,
  end: true,
});

/** The kinds the palette offers (one start per flow: it is there from the start). */
export const PALETTE_KINDS = FLOW_KINDS.filter((k) => k !== 'start');

export const isFlowKind = (v: string): v is FlowKind => (FLOW_KINDS as readonly string[]).includes(v);

/** The server's limits (crates/domain/src/flow/graph.rs). */
export const FLOW_LIMITS = {
  nodes: 200,
  edges: 400,
  options: 10,
  attempts: [1, 10],
  listen: [1, 60],
  label: 80,
  name: 120,
  speed: [0.7, 1.2],
  headers: 30,
} as const;
