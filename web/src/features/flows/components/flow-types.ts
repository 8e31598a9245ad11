import type { EdgeTypes, NodeTypes } from '@xyflow/react';
import { FlowEdge } from '@/features/flows/components/flow-edge';
import { FlowNode } from '@/features/flows/components/flow-node';
import type { FlowKind } from '@/features/flows/api/flows';

// The canvas's node and edge components by type (module constants: xyflow wants them stable).

export const nodeTypes = {
  start: FlowNode,
  message: FlowNode,
  question: FlowNode,
  choice: FlowNode,
  condition: FlowNode,
  llm: FlowNode,
  knowledge: FlowNode,
  api: FlowNode,
  tool: FlowNode,
  handoff: FlowNode,
  end: FlowNode,
} satisfies Record<FlowKind, unknown> & NodeTypes;

export const edgeTypes = { flow: FlowEdge } satisfies EdgeTypes;
