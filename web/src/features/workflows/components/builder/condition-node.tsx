import type { NodeProps } from '@xyflow/react';
import { BranchHandle, ErrorHandle, TargetHandle } from '@/features/workflows/components/builder/node-handles';
import { NodeShell } from '@/features/workflows/components/builder/node-shell';
import type { FlowNode } from '@/features/workflows/components/builder/types';

/** A condition: one way in, left by its labelled `true` or `false` way (or `error`). */
export function ConditionNode({ id, data, selected }: NodeProps<FlowNode>) {
  return (
    <NodeShell id={id} data={data} selected={selected} className="pe-12">
      <TargetHandle />
      <BranchHandle branch="true" top="35%" />
      <BranchHandle branch="false" top="70%" />
      <ErrorHandle />
    </NodeShell>
  );
}
