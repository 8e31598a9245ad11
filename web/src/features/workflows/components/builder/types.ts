import type { Edge, Node } from '@xyflow/react';
import type { Fragment as BaseFragment } from '@/components/graph-builder/clipboard';
import type { GraphEdge, GraphNode, NodeKind } from '@/features/workflows/api/workflows';

// The canvas's shapes: each graph node becomes an xyflow node whose `data` holds what the server
// keeps of it (its settings under `config`), each edge an xyflow edge with its loop limit.

/** What a canvas node carries: the graph node's fields but its id, type and position. */
export type NodeConfig = {
  kind: NodeKind;
  name?: string | null;
  config: Record<string, unknown>;
  timeoutSeconds?: number | null;
  retries?: number | null;
  retryBackoffSeconds?: number | null;
};

export type FlowNode = Node<NodeConfig, NodeKind>;
export type FlowEdge = Edge<{ maxIterations?: number | null }, 'workflow'>;

/** A part of a graph: copied nodes and the edges between them. */
export type Fragment = BaseFragment<GraphNode, GraphEdge>;

/** The kinds a palette offers (one trigger per workflow: it is there from the start). */
export const PALETTE_KINDS = ['agent', 'llm', 'http', 'condition', 'transform', 'delay', 'mcp', 'sms', 'email', 'end'] as const satisfies readonly NodeKind[];
