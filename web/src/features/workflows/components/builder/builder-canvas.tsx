import '@xyflow/react/dist/style.css';
import { Background, BackgroundVariant, Controls, MiniMap, Panel, ReactFlow, useReactFlow, type AriaLabelConfig, type Connection, type Edge } from '@xyflow/react';
import { useCallback, useMemo, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidConnection } from '@/features/workflows/components/builder/connection-rules';
import { CanvasDecorContext, type CanvasDecor } from '@/features/workflows/components/builder/canvas-context';
import { edgeTypes, nodeTypes } from '@/features/workflows/components/builder/flow-types';
import { NODE_WIDTH } from '@/features/workflows/components/builder/graph-convert';
import { KIND_LOOKS } from '@/features/workflows/components/builder/node-catalog';
import { PALETTE_DND_TYPE } from '@/features/workflows/components/builder/palette';
import { NODE_KINDS } from '@/features/workflows/components/builder/schemas';
import type { FlowEdge, FlowNode } from '@/features/workflows/components/builder/types';
import type { NodeKind } from '@/features/workflows/api/workflows';
import type { useBuilderState } from '@/features/workflows/components/builder/use-builder-state';

const STATUS_COLORS: Record<string, string> = { succeeded: '#10b981', failed: '#ef4444', running: '#0ea5e9', pending: '#0ea5e9', waiting: '#f59e0b' };

const DIRECTIONS = ['up', 'down', 'left', 'right'] as const;
const isDirection = (v: string): v is (typeof DIRECTIONS)[number] => (DIRECTIONS as readonly string[]).includes(v);
const isNodeKind = (v: string): v is NodeKind => (NODE_KINDS as readonly string[]).includes(v);

type Actions = ReturnType<typeof useBuilderState>['actions'];

/**
 * The canvas (xyflow): the nodes and edges, the background grid, the zoom controls and the
 * minimap. A palette item dropped on it lands where it was dropped; connections follow the
 * server's rules (see connection-rules.ts); Delete or Backspace removes the selection (never the
 * trigger); a focused node moves with the arrow keys.
 */
export function BuilderCanvas({ nodes, edges, decor, actions }: { nodes: FlowNode[]; edges: FlowEdge[]; decor: CanvasDecor; actions: Actions }) {
  const { t } = useTranslation('dashboard');
  const { screenToFlowPosition } = useReactFlow<FlowNode, FlowEdge>();
  const aria = useMemo<Partial<AriaLabelConfig>>(
    () => ({
      'node.a11yDescription.default': t('workflowBuilder.canvas.nodeHelp'),
      'node.a11yDescription.keyboardDisabled': t('workflowBuilder.canvas.nodeHelp'),
      'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }: { direction: string; x: number; y: number }) =>
        t('workflowBuilder.canvas.moved', { direction: isDirection(direction) ? t(`workflowBuilder.canvas.directions.${direction}`) : direction, x: Math.round(x), y: Math.round(y) }),
      'edge.a11yDescription.default': t('workflowBuilder.canvas.edgeHelp'),
      'controls.ariaLabel': t('workflowBuilder.canvas.controls'),
      'controls.zoomIn.ariaLabel': t('workflowBuilder.canvas.zoomIn'),
      'controls.zoomOut.ariaLabel': t('workflowBuilder.canvas.zoomOut'),
      'controls.fitView.ariaLabel': t('workflowBuilder.toolbar.fitView'),
      'controls.interactive.ariaLabel': t('workflowBuilder.canvas.interactive'),
      'minimap.ariaLabel': t('workflowBuilder.canvas.minimap'),
      'handle.ariaLabel': t('workflowBuilder.handles.in'),
    }),
    [t],
  );
  const valid = useCallback((c: FlowEdge | Connection | Edge) => isValidConnection(c, nodes, edges), [nodes, edges]);
  const onDragOver = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes(PALETTE_DND_TYPE)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
  };
  const onDrop = (e: DragEvent) => {
    const kind = e.dataTransfer.getData(PALETTE_DND_TYPE);
    if (!isNodeKind(kind)) return;
    e.preventDefault();
    const at = screenToFlowPosition({ x: e.clientX, y: e.clientY });
    actions.addNode(kind, { x: at.x - NODE_WIDTH / 2, y: at.y - 30 });
  };
  const rtl = decor.rtl;
  return (
    <CanvasDecorContext.Provider value={decor}>
      <ReactFlow<FlowNode, FlowEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        onNodesChange={actions.onNodesChange}
        onEdgesChange={actions.onEdgesChange}
        onConnect={actions.connect}
        isValidConnection={valid}
        onDelete={({ nodes: n, edges: e }) => actions.remove(n.map((x) => x.id), e.map((x) => x.id))}
        onNodeDragStart={actions.dragStart}
        onNodeDragStop={actions.dragStop}
        onSelectionDragStart={actions.dragStart}
        onSelectionDragStop={actions.dragStop}
        onDragOver={onDragOver}
        onDrop={onDrop}
        deleteKeyCode={['Delete', 'Backspace']}
        fitView
        fitViewOptions={{ padding: 0.25, maxZoom: 1 }}
        minZoom={0.2}
        maxZoom={2}
        colorMode={decor.dark ? 'dark' : 'light'}
        ariaLabelConfig={aria}
        aria-label={t('workflowBuilder.canvas.label')}
        data-testid="builder-canvas"
        proOptions={{ hideAttribution: true }}
        className="bg-zinc-50 dark:bg-zinc-950"
      >
        <Background variant={BackgroundVariant.Dots} gap={20} size={1.5} />
        {nodes.length <= 1 ? (
          <Panel position="top-center" className="pointer-events-none max-w-sm rounded-lg border border-dashed border-zinc-300 bg-white/90 px-3 py-2 text-center text-xs text-zinc-600 dark:border-zinc-700 dark:bg-zinc-900/90 dark:text-zinc-300">
            {t('workflowBuilder.palette.hint')}
          </Panel>
        ) : null}
        <Controls position={rtl ? 'bottom-right' : 'bottom-left'} showInteractive={false} />
        <MiniMap<FlowNode>
          position={rtl ? 'bottom-left' : 'bottom-right'}
          pannable
          zoomable
          nodeStrokeWidth={3}
          style={{ width: 132, height: 88 }}
          nodeColor={(n) => STATUS_COLORS[decor.steps.get(n.id)?.status ?? ''] ?? KIND_LOOKS[n.data.kind].color}
          className="hidden sm:block"
        />
      </ReactFlow>
    </CanvasDecorContext.Provider>
  );
}
