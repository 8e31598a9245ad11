import '@xyflow/react/dist/style.css';
import {
  Background,
  BackgroundVariant,
  Controls,
  MiniMap,
  Panel,
  ReactFlow,
  useReactFlow,
  type AriaLabelConfig,
  type Connection,
  type Edge,
  type EdgeChange,
  type EdgeTypes,
  type Node,
  type NodeChange,
  type NodeTypes,
} from '@xyflow/react';
import { useCallback, useMemo, type DragEvent } from 'react';
import { NODE_WIDTH } from '@/components/graph-builder/canvas-convert';
import { PALETTE_DND_TYPE } from '@/components/graph-builder/palette';

/** What the canvas says, in the reader's language. */
export type CanvasLabels = {
  canvas: string;
  /** Shown over an (almost) empty canvas: how to add nodes. */
  hint: string;
  nodeHelp: string;
  edgeHelp: string;
  /** Said when the arrow keys moved the selection (`direction` as xyflow names it). */
  moved: (direction: string, x: number, y: number) => string;
  controls: string;
  zoomIn: string;
  zoomOut: string;
  fitView: string;
  interactive: string;
  minimap: string;
  handleIn: string;
};

/** The changes the canvas hands to its builder's state. */
export type CanvasHandlers<N extends Node, E extends Edge> = {
  onNodesChange: (changes: NodeChange<N>[]) => void;
  onEdgesChange: (changes: EdgeChange<E>[]) => void;
  connect: (connection: Connection) => void;
  remove: (nodes: string[], edges: string[]) => void;
  dragStart: () => void;
  dragStop: () => void;
};

/**
 * A graph builder's canvas (xyflow): the nodes and edges, the background grid, the zoom controls
 * and the minimap (both on the end side, mirrored right to left). A palette item dropped on it
 * lands where it was dropped (`onDrop`); connections follow the builder's rules (`isValid`);
 * Delete or Backspace removes the selection (never a node that is not `deletable`); a focused
 * node moves with the arrow keys.
 */
export function GraphCanvas<N extends Node, E extends Edge, K extends string>({
  nodes,
  edges,
  nodeTypes,
  edgeTypes,
  handlers,
  isValid,
  isKind,
  onDrop,
  labels,
  rtl,
  dark,
  nodeColor,
}: {
  nodes: N[];
  edges: E[];
  nodeTypes: NodeTypes;
  edgeTypes: EdgeTypes;
  handlers: CanvasHandlers<N, E>;
  isValid: (connection: Connection | Edge) => boolean;
  /** Whether a dropped palette item names a node type. */
  isKind: (kind: string) => kind is K;
  onDrop: (kind: K, position: { x: number; y: number }) => void;
  labels: CanvasLabels;
  rtl: boolean;
  dark: boolean;
  nodeColor: (node: N) => string;
}) {
  const { screenToFlowPosition } = useReactFlow<N, E>();
  const aria = useMemo<Partial<AriaLabelConfig>>(
    () => ({
      'node.a11yDescription.default': labels.nodeHelp,
      'node.a11yDescription.keyboardDisabled': labels.nodeHelp,
      'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }: { direction: string; x: number; y: number }) => labels.moved(direction, Math.round(x), Math.round(y)),
      'edge.a11yDescription.default': labels.edgeHelp,
      'controls.ariaLabel': labels.controls,
      'controls.zoomIn.ariaLabel': labels.zoomIn,
      'controls.zoomOut.ariaLabel': labels.zoomOut,
      'controls.fitView.ariaLabel': labels.fitView,
      'controls.interactive.ariaLabel': labels.interactive,
      'minimap.ariaLabel': labels.minimap,
      'handle.ariaLabel': labels.handleIn,
    }),
    [labels],
  );
  const valid = useCallback((c: Connection | Edge) => isValid(c), [isValid]);
  const onDragOver = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes(PALETTE_DND_TYPE)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
  };
  const drop = (e: DragEvent) => {
    const kind = e.dataTransfer.getData(PALETTE_DND_TYPE);
    if (!isKind(kind)) return;
    e.preventDefault();
    const at = screenToFlowPosition({ x: e.clientX, y: e.clientY });
    onDrop(kind, { x: at.x - NODE_WIDTH / 2, y: at.y - 30 });
  };
  return (
    <ReactFlow<N, E>
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      onNodesChange={handlers.onNodesChange}
      onEdgesChange={handlers.onEdgesChange}
      onConnect={handlers.connect}
      isValidConnection={valid}
      onDelete={({ nodes: n, edges: e }) =>
        handlers.remove(
          n.map((x) => x.id),
          e.map((x) => x.id),
        )
      }
      onNodeDragStart={handlers.dragStart}
      onNodeDragStop={handlers.dragStop}
      onSelectionDragStart={handlers.dragStart}
      onSelectionDragStop={handlers.dragStop}
      onDragOver={onDragOver}
      onDrop={drop}
      deleteKeyCode={['Delete', 'Backspace']}
      fitView
      fitViewOptions={{ padding: 0.25, maxZoom: 1 }}
      minZoom={0.2}
      maxZoom={2}
      colorMode={dark ? 'dark' : 'light'}
      ariaLabelConfig={aria}
      aria-label={labels.canvas}
      data-testid="builder-canvas"
      proOptions={{ hideAttribution: true }}
      className="bg-zinc-50 dark:bg-zinc-950"
    >
      <Background variant={BackgroundVariant.Dots} gap={20} size={1.5} />
      {nodes.length <= 1 ? (
        <Panel position="top-center" className="pointer-events-none max-w-sm rounded-lg border border-dashed border-zinc-300 bg-white/90 px-3 py-2 text-center text-xs text-zinc-600 dark:border-zinc-700 dark:bg-zinc-900/90 dark:text-zinc-300">
          {labels.hint}
        </Panel>
      ) : null}
      <Controls position={rtl ? 'bottom-right' : 'bottom-left'} showInteractive={false} />
      <MiniMap<N>
        position={rtl ? 'bottom-left' : 'bottom-right'}
        pannable
        zoomable
        nodeStrokeWidth={3}
        style={{ width: 132, height: 88 }}
        nodeColor={nodeColor}
        className="hidden sm:block"
      />
    </ReactFlow>
  );
}
