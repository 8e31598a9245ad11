import type { EdgeProps } from '@xyflow/react';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LabelledEdge } from '@/components/graph-builder/labelled-edge';
import { useCanvasDecor } from '@/features/workflows/components/builder/canvas-context';
import { edgeLook } from '@/features/workflows/components/builder/edge-look';
import type { FlowEdge } from '@/features/workflows/components/builder/types';

/** An edge, coloured by its way out, labelled when it is not the usual way (true, false, error, a loop). */
export function WorkflowEdge({ sourceHandleId, data, ...g }: EdgeProps<FlowEdge>) {
  const { t, i18n } = useTranslation('dashboard');
  const { problems } = useCanvasDecor();
  const loop = data?.maxIterations ?? null;
  // A condition's ways are labelled on the node; the error way is labelled on its edge.
  const way = sourceHandleId === 'error' ? t('workflowBuilder.handles.error') : null;
  const label = loop !== null ? t('workflowBuilder.edge.loopLabel', { times: new Intl.NumberFormat(i18n.language).format(loop) }) : way;
  return (
    <LabelledEdge
      {...g}
      look={edgeLook(sourceHandleId, loop !== null)}
      invalid={(problems.edges.get(g.id)?.length ?? 0) > 0}
      label={label}
      icon={loop !== null ? <RefreshCw aria-hidden className="size-3" /> : null}
      curvature={loop !== null ? 0.6 : 0.25}
    />
  );
}
