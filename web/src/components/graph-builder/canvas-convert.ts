import type { Node } from '@xyflow/react';

// What the graph builders share between the graph the server keeps and the canvas's nodes.
// Positions are kept in the graph as left-to-right ("logical") coordinates; in a right-to-left
// language the canvas shows them mirrored, so a graph reads from its entry node onwards in both
// directions.

/** Every node is drawn this wide (`w-60`), so a mirrored position lands on the same spot. */
export const NODE_WIDTH = 240;
/** A node's usual height, for the layout of nodes not yet measured. */
export const NODE_HEIGHT = 84;

/** x on the canvas from x in the graph, and back (the same function: a mirror is its own inverse). */
export const mirrorX = (x: number, rtl: boolean) => (rtl ? -x - NODE_WIDTH : x);

const round = (n: number) => Math.round(n * 100) / 100;

/** A graph node's position (none: the origin) as the canvas shows it. */
export const canvasPosition = (position: { x: number; y: number } | undefined, rtl: boolean) => ({ x: mirrorX(position?.x ?? 0, rtl), y: position?.y ?? 0 });

/** A canvas node's position as the graph keeps it. */
export const graphPosition = (position: { x: number; y: number }, rtl: boolean) => ({ x: round(mirrorX(position.x, rtl)), y: round(position.y) });

/**
 * New canvas nodes for `next`, keeping what the canvas knows of nodes it already had (their
 * measured size, selection), so rebuilding after an undo or a layout does not make xyflow
 * measure them again.
 */
export function keepCanvasState<N extends Node>(prev: N[], next: N[], selected?: Set<string>): N[] {
  const byId = new Map(prev.map((n) => [n.id, n]));
  return next.map((n) => {
    const old = byId.get(n.id);
    const isSelected = selected ? selected.has(n.id) : (old?.selected ?? false);
    const kept: N = { ...n, selected: isSelected };
    if (old?.measured && old.type === n.type) kept.measured = old.measured;
    return kept;
  });
}
