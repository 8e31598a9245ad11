import { Handle, Position } from '@xyflow/react';
import type { CSSProperties } from 'react';
import { sidesOf } from '@/components/graph-builder/canvas-look';
import { cn } from '@/components/ui/cn';

// The handles of a graph builder's nodes. The way in sits on the start side, the ways out on the
// end side (mirrored in a right-to-left language); each is an image named by its way (xyflow
// names every handle; a name needs a role).

const base = 'size-3! border-2! bg-white! dark:bg-zinc-900!';

/** The way in. */
export function InHandle({ label, rtl }: { label: string; rtl: boolean }) {
  return <Handle type="target" role="img" position={sidesOf(rtl).start} aria-label={label} className={cn(base, 'border-zinc-400! dark:border-zinc-500!')} />;
}

/**
 * A way out on the end side: the usual one (no `id`: what an edge without `sourceHandle` leaves
 * by) or a named one, `border` its colour, at `top` (the middle by default).
 */
export function OutHandle({ id, label, rtl, border = 'border-accent-500! dark:border-accent-400!', style }: { id?: string; label: string; rtl: boolean; border?: string; style?: CSSProperties }) {
  return <Handle type="source" role="img" id={id} position={sidesOf(rtl).end} style={style} aria-label={label} title={label} className={cn(base, border)} />;
}

/** A way out at the node's bottom (taken when the node fails). */
export function BottomHandle({ id, label, className }: { id: string; label: string; className: string }) {
  return <Handle type="source" role="img" id={id} position={Position.Bottom} aria-label={label} title={label} className={cn('size-2.5! border-2!', className)} />;
}
