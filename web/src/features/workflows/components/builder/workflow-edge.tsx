import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps } from '@xyflow/react';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { useCanvasDecor } from '@/features/workflows/components/builder/canvas-context';
import { edgeLook } from '@/features/workflows/components/builder/edge-look';
import type { FlowEdge } from '@/features/workflows/components/builder/types';

/** An edge, coloured by its way out, labelled when it is not the usual way (true, false, error, a loop). */
export function WorkflowEdge({ id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, sourceHandleId, data, markerEnd, selected }: EdgeProps<FlowEdge>) {
  const { t, i18n } = useTranslation('dashboard');
  const { problems } = useCanvasDecor();
  const loop = data?.maxIterations ?? null;
  const look = edgeLook(sourceHandleId, loop !== null);
  const invalid = (problems.edges.get(id)?.length ?? 0) > 0;
  const [path, labelX, labelY] = getBezierPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, curvature: loop !== null ? 0.6 : 0.25 });
  // A condition's ways are labelled on the node; the error way is labelled on its edge.
  const way = sourceHandleId === 'error' ? t('workflowBuilder.handles.error') : null;
  const label = loop !== null ? t('workflowBuilder.edge.loopLabel', { times: new Intl.NumberFormat(i18n.language).format(loop) }) : way;
  const color = invalid ? '#ef4444' : look.color;
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        interactionWidth={16}
        style={{ stroke: color, strokeWidth: selected ? 3 : 2, strokeDasharray: look.dashed ? '6 4' : undefined }}
      />
      {label ? (
        <EdgeLabelRenderer>
          <div
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)`, borderColor: color, color }}
            className={cn('nodrag nopan pointer-events-none absolute flex items-center gap-1 rounded-full border bg-white px-2 py-0.5 text-[11px] font-semibold dark:bg-zinc-900', selected && 'ring-2 ring-accent-500/40')}
          >
            {loop !== null ? <RefreshCw aria-hidden className="size-3" /> : null}
            {label}
          </div>
        </EdgeLabelRenderer>
      ) : null}
    </>
  );
}
