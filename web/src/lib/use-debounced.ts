import { useEffect, useState } from 'react';

/** `value` once it has stopped changing for `ms` (a search box's text, before it is sent). */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}
