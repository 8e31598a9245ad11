import type { EdgeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { LabelledEdge } from '@/components/graph-builder/labelled-edge';
import { useFlowDecor } from '@/features/flows/components/flow-context';
import { flowEdgeLook } from '@/features/flows/utils/convert';
import type { CanvasEdge } from '@/features/flows/utils/types';

/** An edge, coloured by its way out; the ways taken when something went wrong (invalid, error) are labelled on it too. */
export function FlowEdge({ sourceHandleId, ...g }: EdgeProps<CanvasEdge>) {
  const { t } = useTranslation('dashboard');
  const { problems } = useFlowDecor();
  const label = sourceHandleId === 'invalid' || sourceHandleId === 'error' ? t(`flowBuilder.ways.${sourceHandleId}`) : null;
  return <LabelledEdge {...g} look={flowEdgeLook(sourceHandleId)} invalid={(problems.edges.get(g.id)?.length ?? 0) > 0} label={label} />;
}
