import type { EdgeTypes, NodeTypes } from '@xyflow/react';
import { ConditionNode } from '@/features/workflows/components/builder/condition-node';
import { EndNode } from '@/features/workflows/components/builder/end-node';
import { StepNode } from '@/features/workflows/components/builder/step-node';
import { TriggerNode } from '@/features/workflows/components/builder/trigger-node';
import { WorkflowEdge } from '@/features/workflows/components/builder/workflow-edge';
import type { NodeKind } from '@/features/workflows/api/workflows';

// The canvas's node and edge components by type (module constants: xyflow wants them stable).

export const nodeTypes = {
  trigger: TriggerNode,
  agent: StepNode,
  llm: StepNode,
  http: StepNode,
  condition: ConditionNode,
  transform: StepNode,
  delay: StepNode,
  mcp: StepNode,
  sms: StepNode,
  email: StepNode,
  end: EndNode,
} satisfies Record<NodeKind, unknown> & NodeTypes;

export const edgeTypes = { workflow: WorkflowEdge } satisfies EdgeTypes;
