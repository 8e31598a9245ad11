import type { Connection, Edge } from '@xyflow/react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isDirection } from '@/components/graph-builder/canvas-look';
import { GraphCanvas, type CanvasLabels } from '@/components/graph-builder/graph-canvas';
import type { FlowKind } from '@/features/flows/api/flows';
import { FlowDecorContext, type FlowDecor } from '@/features/flows/components/flow-context';
import { edgeTypes, nodeTypes } from '@/features/flows/components/flow-types';
import { KIND_LOOKS } from '@/features/flows/utils/catalog';
import { isValidConnection } from '@/features/flows/utils/rules';
import type { useFlowState } from '@/features/flows/utils/state';
import { isFlowKind, type CanvasEdge, type CanvasNode } from '@/features/flows/utils/types';

type Actions = ReturnType<typeof useFlowState>['actions'];

/** The node the preview stopped at, on the minimap. */
const CURRENT = '#0ea5e9';

/**
 * The flow's canvas (the shared graph canvas): its connections checked by the server's rules
 * (rules.ts), the node the preview's conversation stopped at lit up; Delete or Backspace removes
 * the selection (never the start).
 */
export function FlowCanvas({ nodes, edges, decor, actions }: { nodes: CanvasNode[]; edges: CanvasEdge[]; decor: FlowDecor; actions: Actions }) {
  const { t } = useTranslation('dashboard');
  const labels = useMemo<CanvasLabels>(
    () => ({
      canvas: t('flowBuilder.canvas.label'),
      hint: t('flowBuilder.palette.hint'),
      nodeHelp: t('flowBuilder.canvas.nodeHelp'),
      edgeHelp: t('flowBuilder.canvas.edgeHelp'),
      moved: (direction, x, y) => t('flowBuilder.canvas.moved', { direction: isDirection(direction) ? t(`flowBuilder.canvas.directions.${direction}`) : direction, x, y }),
      controls: t('flowBuilder.canvas.controls'),
      zoomIn: t('flowBuilder.canvas.zoomIn'),
      zoomOut: t('flowBuilder.canvas.zoomOut'),
      fitView: t('flowBuilder.toolbar.fitView'),
      interactive: t('flowBuilder.canvas.interactive'),
      minimap: t('flowBuilder.canvas.minimap'),
      handleIn: t('flowBuilder.ways.in'),
    }),
    [t],
  );
  const valid = useCallback((c: Connection | Edge) => isValidConnection(c, nodes, edges), [nodes, edges]);
  const drop = useCallback((kind: FlowKind, position: { x: number; y: number }) => actions.addNode(kind, position), [actions]);
  return (
    <FlowDecorContext.Provider value={decor}>
      <GraphCanvas<CanvasNode, CanvasEdge, FlowKind>
        labels={labels}
        rtl={decor.rtl}
        dark={decor.dark}
        nodeColor={(n) => (n.id === decor.current ? CURRENT : KIND_LOOKS[n.data.kind].color)}
        isKind={isFlowKind}
        onDrop={drop}
        isValid={valid}
        handlers={actions}
        {...{ nodes, edges, nodeTypes, edgeTypes }}
      />
    </FlowDecorContext.Provider>
  );
}
