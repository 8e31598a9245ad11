import { MarkerType, Position } from '@xyflow/react';

// The small pieces of a graph builder's look and words that its components share.

/** An edge's arrow, in its colour. */
export const edgeMarker = (color: string) => ({ type: MarkerType.ArrowClosed, width: 18, height: 18, color });

/** An edge's colour and dash, by the way it leaves its node. */
export type EdgeLook = { color: string; dashed: boolean };

/** The colour of an edge with problems. */
export const INVALID_EDGE = '#ef4444';

/** Where a graph comes in and goes out, by the canvas's direction. */
export const sidesOf = (rtl: boolean) => ({ start: rtl ? Position.Right : Position.Left, end: rtl ? Position.Left : Position.Right });

const DIRECTIONS = ['up', 'down', 'left', 'right'] as const;
/** Where the arrow keys move a node, as xyflow names it. */
export type Direction = (typeof DIRECTIONS)[number];
export const isDirection = (v: string): v is Direction => (DIRECTIONS as readonly string[]).includes(v);
