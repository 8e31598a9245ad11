import { waysOut, type Way } from '@/features/flows/utils/catalog';
import type { CanvasNode } from '@/features/flows/utils/types';

// Which edges the canvas lets one draw, as the server reads a flow: nothing into the start,
// nothing out of a handoff or an end, no edge from a node to itself, and a node left only by its
// own ways (a condition's true or false, a choice's buttons, a question's answer or `invalid`, an
// api call's or a tool's result or `error`). Each way out is taken by one edge: drawing another
// from a way already taken moves it (see state.ts).

type Joined = { source: string; target: string; sourceHandle?: string | null };

export type ConnectionProblem = 'missing' | 'self' | 'intoStart' | 'noWayOut' | 'handle' | 'duplicate';

export const wayOf = (h: string | null | undefined): Way => (h ? h : null);

/** Why a connection may not be drawn, or null when it may. */
export function connectionProblem(connection: Joined, nodes: readonly CanvasNode[], edges: readonly Joined[]): ConnectionProblem | null {
  const source = nodes.find((n) => n.id === connection.source);
  const target = nodes.find((n) => n.id === connection.target);
  if (!source || !target) return 'missing';
  if (connection.source === connection.target) return 'self';
  if (target.data.kind === 'start') return 'intoStart';
  const ways = waysOut(source.data.kind, source.data.settings);
  if (ways.length === 0) return 'noWayOut';
  const way = wayOf(connection.sourceHandle);
  if (!ways.includes(way)) return 'handle';
  const same = edges.some((e) => e.source === connection.source && e.target === connection.target && wayOf(e.sourceHandle) === way);
  return same ? 'duplicate' : null;
}

export const isValidConnection = (connection: Joined, nodes: readonly CanvasNode[], edges: readonly Joined[]) => connectionProblem(connection, nodes, edges) === null;

/** The first way out of `node` no edge takes yet, if any. */
export function freeWay(node: CanvasNode, edges: readonly Joined[]): Way | undefined {
  const used = new Set(edges.filter((e) => e.source === node.id).map((e) => wayOf(e.sourceHandle)));
  return waysOut(node.data.kind, node.data.settings).find((w) => !used.has(w));
}
