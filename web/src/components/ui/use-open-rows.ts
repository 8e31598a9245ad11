import { useCallback, useState } from 'react';

/**
 * Which rows of a table are opened (the rows DataTable's `expanded` adds under them): each
 * toggled on its own; `close` for a row that goes away (deleted).
 */
export function useOpenRows() {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
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
