import { useReactFlow, type Node } from '@xyflow/react';
import { useCallback, useMemo } from 'react';
import { NODE_WIDTH } from '@/components/graph-builder/canvas-convert';

// The canvas's view, for a graph builder: zoom to fit, bring a spot or a node into view, and where
// a node added by a click on the palette goes.

type Point = { x: number; y: number };

/** The canvas on screen (nothing while it has no size: not laid out yet). */
function canvasBox(): DOMRect | null {
  const box = document.querySelector('[data-testid="builder-canvas"]')?.getBoundingClientRect();
  return box && box.width > 0 && box.height > 0 ? box : null;
}

export function useCanvasView() {
  const flow = useReactFlow();
  const fit = useCallback(() => {
    if (canvasBox()) void flow.fitView({ padding: 0.25, maxZoom: 1, duration: 250 });
  }, [flow]);
  return useMemo(
    () => ({
      fit,
      /** Fits once the canvas has taken its new size (a panel opened or closed, a layout). */
      fitSoon: () => window.setTimeout(fit, 60),
      /** Pans to a spot of the canvas when it is out of view (a node just added there). */
      reveal(at: Point) {
        const box = canvasBox();
        if (!box) return;
        const topLeft = flow.screenToFlowPosition({ x: box.left, y: box.top });
        const bottomRight = flow.screenToFlowPosition({ x: box.right, y: box.bottom });
        const inside = at.x >= topLeft.x && at.y >= topLeft.y && at.x + NODE_WIDTH <= bottomRight.x && at.y + 90 <= bottomRight.y;
        if (!inside) void flow.setCenter(at.x + NODE_WIDTH / 2, at.y + 45, { zoom: flow.getZoom(), duration: 250 });
      },
      /** Zooms onto one node. */
      showNode(id: string) {
        window.setTimeout(() => void flow.fitView({ nodes: [{ id }], maxZoom: 1, duration: 250, padding: 0.5 }), 30);
      },
      /**
       * Where a new node goes: after `after` (beside it, below the nodes it already leads to),
       * else in the middle of the view; never exactly on top of another node.
       */
      placeNew(nodes: readonly Node[], edges: readonly { source: string }[], after: Node | undefined, rtl: boolean): Point {
        let position: Point;
        if (after) {
          const children = edges.filter((e) => e.source === after.id).length;
          position = { x: after.position.x + (rtl ? -1 : 1) * (NODE_WIDTH + 80), y: after.position.y + children * 110 };
        } else {
          const box = canvasBox();
          const center = box ? flow.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 }) : { x: 0, y: 0 };
          position = { x: center.x - NODE_WIDTH / 2, y: center.y - 40 };
        }
        while (nodes.some((n) => Math.abs(n.position.x - position.x) < 30 && Math.abs(n.position.y - position.y) < 30)) position = { ...position, y: position.y + 110 };
        return position;
      },
    }),
    [flow, fit],
  );
}
