import { edgeMarker, type EdgeLook } from '@/components/graph-builder/canvas-look';
import type { FlowEdge } from '@/features/workflows/components/builder/types';

// An edge's colour and dash by the way it leaves its node: the usual way grey, a condition's true
// green and false slate, `error` red and dashed, a loop amber and dashed. Mid tones, readable on
// the light and the dark canvas.

export function edgeLook(sourceHandle: string | null | undefined, loop: boolean): EdgeLook {
  if (loop) return { color: '#f59e0b', dashed: true };
  switch (sourceHandle) {
    case 'error':
      return { color: '#ef4444', dashed: true };
    case 'true':
      return { color: '#10b981', dashed: false };
    case 'false':
      return { color: '#64748b', dashed: false };
    default:
      return { color: '#a1a1aa', dashed: false };
  }
}

/** The edge with its arrow in its colour. */
export function withLook(edge: FlowEdge): FlowEdge {
  return { ...edge, markerEnd: edgeMarker(edgeLook(edge.sourceHandle, edge.data?.maxIterations != null).color) };
}
