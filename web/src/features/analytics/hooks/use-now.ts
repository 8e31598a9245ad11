import { useEffect, useState } from 'react';

/** The time now, renewed every `everyMs` (for "updated 3 minutes ago" to move on by itself). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
