import { useCallback, useState } from 'react';

/**
 * Which rows of a table are opened (the rows DataTable's `expanded` adds under them): each
 * toggled on its own; `close` for a row that goes away (deleted). `initial` opens rows from the
 * start (one a link names).
 */
export function useOpenRows(initial: Iterable<string> = []) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(initial));
  const toggle = useCallback(
    (id: string) =>
      setOpen((s) => {
        const next = new Set(s);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const close = useCallback(
    (id: string) =>
      setOpen((s) => {
        if (!s.has(id)) return s;
        const next = new Set(s);
        next.delete(id);
        return next;
      }),
    [],
  );
  return { open, toggle, close };
}
