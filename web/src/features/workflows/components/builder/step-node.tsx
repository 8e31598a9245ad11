import type { NodeProps } from '@xyflow/react';
import { ErrorHandle, NextHandle, TargetHandle } from '@/features/workflows/components/builder/node-handles';
import { NodeShell } from '@/features/workflows/components/builder/node-shell';
import type { FlowNode } from '@/features/workflows/components/builder/types';

/** Any other step (agent, llm, http, transform, delay, mcp, sms, email): in, next, and `error`. */
export function StepNode({ id, data, selected }: NodeProps<FlowNode>) {
  return (
    <NodeShell id={id} data={data} selected={selected}>
      <TargetHandle />
      <NextHandle />
      <ErrorHandle />
    </NodeShell>
  );
}
