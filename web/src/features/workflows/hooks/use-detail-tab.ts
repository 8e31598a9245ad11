import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { oneOf } from '@/lib/api-enums';

export type DetailTab = 'overview' | 'runs' | 'versions';
export const DETAIL_TABS: readonly DetailTab[] = ['overview', 'runs', 'versions'];

/** The workflow page's tab, kept in the address (`?tab=runs`; the overview is the default and is left out). */
export function useDetailTab() {
  const [params, setParams] = useSearchParams();
  const tab = oneOf(DETAIL_TABS, params.get('tab'), 'overview' as const);
  const setTab = useCallback(
    (next: DetailTab) =>
      setParams(
        (p) => {
          const out = new URLSearchParams(p);
          if (next === 'overview') out.delete('tab');
          else out.set('tab', next);
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { tab, setTab };
}
