import type { NodeProps } from '@xyflow/react';
import { NextHandle } from '@/features/workflows/components/builder/node-handles';
import { NodeShell } from '@/features/workflows/components/builder/node-shell';
import type { FlowNode } from '@/features/workflows/components/builder/types';

/** Where a run starts: nothing leads into it, one way out. */
export function TriggerNode({ id, data, selected }: NodeProps<FlowNode>) {
  return (
    <NodeShell id={id} data={data} selected={selected}>
      <NextHandle />
    </NodeShell>
  );
}
