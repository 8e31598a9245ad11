// A graph builder's undo and redo: a stack of snapshots (the graph and what else the builder
// keeps with it, serialized) taken before each change. Changes of one kind in a row (typing in one field, nudging nodes with the
// arrow keys) within a moment make one step; a snapshot equal to the last one is not kept.

export const HISTORY_LIMIT = 100;
/** Changes with the same key closer together than this are one step. */
export const COALESCE_MS = 1500;

export type History = { past: string[]; future: string[]; lastKey: string | null; lastAt: number };

export const emptyHistory = (): History => ({ past: [], future: [], lastKey: null, lastAt: 0 });

/** Keeps `before` (the state before a change) as the step to undo to. */
export function record(h: History, before: string, key: string | null = null, at = Date.now()): History {
  if (key !== null && key === h.lastKey && at - h.lastAt < COALESCE_MS) return { ...h, future: [], lastAt: at };
  if (h.past.at(-1) === before) return { ...h, future: [], lastKey: key, lastAt: at };
  return { past: [...h.past, before].slice(-HISTORY_LIMIT), future: [], lastKey: key, lastAt: at };
}

/** The snapshot to go back to and the history after, or null when there is nothing to undo. */
export function undo(h: History, current: string): { history: History; snapshot: string } | null {
  const snapshot = h.past.at(-1);
  if (snapshot === undefined) return null;
  return { snapshot, history: { past: h.past.slice(0, -1), future: [...h.future, current], lastKey: null, lastAt: 0 } };
}

/** The snapshot to go forward to and the history after, or null when there is nothing to redo. */
export function redo(h: History, current: string): { history: History; snapshot: string } | null {
  const snapshot = h.future.at(-1);
  if (snapshot === undefined) return null;
  return { snapshot, history: { past: [...h.past, current], future: h.future.slice(0, -1), lastKey: null, lastAt: 0 } };
}
