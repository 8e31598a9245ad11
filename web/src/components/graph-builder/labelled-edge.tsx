import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps } from '@xyflow/react';
import type { ReactNode } from 'react';
import { INVALID_EDGE, type EdgeLook } from '@/components/graph-builder/canvas-look';
import { cn } from '@/components/ui/cn';

// An edge of a graph builder: a curve in its way's colour (red while it has problems), dashed or
// not, with a label in a pill at its middle when it has one. Mid tones, readable on the light and
// the dark canvas.

type Geometry = Pick<EdgeProps, 'id' | 'sourceX' | 'sourceY' | 'targetX' | 'targetY' | 'sourcePosition' | 'targetPosition' | 'markerEnd' | 'selected'>;

export function LabelledEdge({
  look,
  invalid,
  label,
  icon,
  curvature = 0.25,
  ...g
}: Geometry & { look: EdgeLook; invalid: boolean; label?: string | null; icon?: ReactNode; curvature?: number }) {
  const [path, labelX, labelY] = getBezierPath({ ...g, curvature });
  const color = invalid ? INVALID_EDGE : look.color;
  return (
    <>
      <BaseEdge id={g.id} path={path} markerEnd={g.markerEnd} interactionWidth={16} style={{ stroke: color, strokeWidth: g.selected ? 3 : 2, strokeDasharray: look.dashed ? '6 4' : undefined }} />
      {label ? (
        <EdgeLabelRenderer>
          <div
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)`, borderColor: color, color }}
            className={cn('nodrag nopan pointer-events-none absolute flex items-center gap-1 rounded-full border bg-white px-2 py-0.5 text-[11px] font-semibold dark:bg-zinc-900', g.selected && 'ring-2 ring-accent-500/40')}
          >
            {icon}
            {label}
          </div>
        </EdgeLabelRenderer>
      ) : null}
    </>
  );
}
