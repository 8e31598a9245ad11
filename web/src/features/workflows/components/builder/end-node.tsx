import type { NodeProps } from '@xyflow/react';
import { TargetHandle } from '@/features/workflows/components/builder/node-handles';
import { NodeShell } from '@/features/workflows/components/builder/node-shell';
import type { FlowNode } from '@/features/workflows/components/builder/types';

/** An end: the run stops here with its output; nothing follows it. */
export function EndNode({ id, data, selected }: NodeProps<FlowNode>) {
  return (
    <NodeShell id={id} data={data} selected={selected}>
      <TargetHandle />
    </NodeShell>
  );
}
