import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The run whose panel is open, kept in the address (`?run=<id>`), so a link (the "Run started"
 * toast's) opens it and Back closes it.
 */
export function useRunParam() {
  const [params, setParams] = useSearchParams();
  const run = params.get('run');
  const openRun = useCallback(
    (id: string | null) =>
      setParams((p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('run', id);
        else next.delete('run');
        return next;
      }),
    [setParams],
  );
  return { run, openRun };
}
