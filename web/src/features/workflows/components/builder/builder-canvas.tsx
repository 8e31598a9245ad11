import type { Connection, Edge } from '@xyflow/react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isDirection } from '@/components/graph-builder/canvas-look';
import { GraphCanvas, type CanvasLabels } from '@/components/graph-builder/graph-canvas';
import { isValidConnection } from '@/features/workflows/components/builder/connection-rules';
import { CanvasDecorContext, type CanvasDecor } from '@/features/workflows/components/builder/canvas-context';
import { edgeTypes, nodeTypes } from '@/features/workflows/components/builder/flow-types';
import { KIND_LOOKS } from '@/features/workflows/components/builder/node-catalog';
import { NODE_KINDS } from '@/features/workflows/components/builder/schemas';
import type { FlowEdge, FlowNode } from '@/features/workflows/components/builder/types';
import type { NodeKind } from '@/features/workflows/api/workflows';
import type { useBuilderState } from '@/features/workflows/components/builder/use-builder-state';

const STATUS_COLORS: Record<string, string> = { succeeded: '#10b981', failed: '#ef4444', running: '#0ea5e9', pending: '#0ea5e9', waiting: '#f59e0b' };

const isNodeKind = (v: string): v is NodeKind => (NODE_KINDS as readonly string[]).includes(v);

type Actions = ReturnType<typeof useBuilderState>['actions'];

/**
 * The workflow's canvas (the shared graph canvas): its nodes lit by the test run on screen, its
 * connections checked by the server's rules (see connection-rules.ts); Delete or Backspace
 * removes the selection (never the trigger).
 */
export function BuilderCanvas({ nodes, edges, decor, actions }: { nodes: FlowNode[]; edges: FlowEdge[]; decor: CanvasDecor; actions: Actions }) {
  const { t } = useTranslation('dashboard');
  const labels = useMemo<CanvasLabels>(
    () => ({
      canvas: t('workflowBuilder.canvas.label'),
      hint: t('workflowBuilder.palette.hint'),
      nodeHelp: t('workflowBuilder.canvas.nodeHelp'),
      edgeHelp: t('workflowBuilder.canvas.edgeHelp'),
      moved: (direction, x, y) => t('workflowBuilder.canvas.moved', { direction: isDirection(direction) ? t(`workflowBuilder.canvas.directions.${direction}`) : direction, x, y }),
      controls: t('workflowBuilder.canvas.controls'),
      zoomIn: t('workflowBuilder.canvas.zoomIn'),
      zoomOut: t('workflowBuilder.canvas.zoomOut'),
      fitView: t('workflowBuilder.toolbar.fitView'),
      interactive: t('workflowBuilder.canvas.interactive'),
      minimap: t('workflowBuilder.canvas.minimap'),
      handleIn: t('workflowBuilder.handles.in'),
    }),
    [t],
  );
  const valid = useCallback((c: Connection | Edge) => isValidConnection(c, nodes, edges), [nodes, edges]);
  return (
    <CanvasDecorContext.Provider value={decor}>
      <GraphCanvas<FlowNode, FlowEdge, NodeKind>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        handlers={actions}
        isValid={valid}
        isKind={isNodeKind}
        onDrop={(kind, position) => actions.addNode(kind, position)}
        labels={labels}
        rtl={decor.rtl}
        dark={decor.dark}
        nodeColor={(n) => STATUS_COLORS[decor.steps.get(n.id)?.status ?? ''] ?? KIND_LOOKS[n.data.kind].color}
      />
    </CanvasDecorContext.Provider>
  );
}
