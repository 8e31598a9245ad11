import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { CALL_DIRECTIONS, CALL_STATUSES, oneOf } from '@/lib/api-enums';
import type { CallHistoryParams } from '@/features/phone/api/phone';
import { HISTORY_PAGE_SIZE } from '@/features/phone/api/calls';

/** The screen's tabs: the calls (the simulator, a test call, the history), the setup (Twilio and the numbers), the SMS log. */
export type PhoneTab = 'calls' | 'setup' | 'sms';
export const PHONE_TABS: readonly PhoneTab[] = ['calls', 'setup', 'sms'];

/** The history's filters in the address. */
export const HISTORY_FILTERS = ['agentId', 'status', 'direction', 'from', 'to'] as const;
export type HistoryFilter = (typeof HISTORY_FILTERS)[number];

const isDay = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
const pageOf = (v: string | null) => {
  const page = Number(v);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/** The history's filters and page as the address gives them. */
export function historyFrom(search: URLSearchParams): CallHistoryParams {
  return {
    page: pageOf(search.get('page')),
    limit: HISTORY_PAGE_SIZE,
    agentId: search.get('agentId') || undefined,
    status: oneOf(CALL_STATUSES, search.get('status'), undefined),
    direction: oneOf(CALL_DIRECTIONS, search.get('direction'), undefined),
    from: isDay(search.get('from')),
    to: isDay(search.get('to')),
  };
}

/**
 * The screen's state in its address: the tab (`?tab=`, left out when it is the route's own), the
 * history's filters and page (`agentId`, `status`, `direction`, `from`, `to`, `page`), and the
 * SMS log's page (`smsPage`), so a reload or "back" from a transcript returns to the same place.
 */
export function usePhoneParams(defaultTab: PhoneTab) {
  const [params, setParams] = useSearchParams();
  const tab = oneOf(PHONE_TABS, params.get('tab'), defaultTab);
  const history = useMemo(() => historyFrom(params), [params]);
  const smsPage = pageOf(params.get('smsPage'));

  /** Shows another tab (a history entry of its own, so Back returns). */
  const setTab = useCallback(
    (next: PhoneTab) =>
      setParams((p) => {
        const out = new URLSearchParams(p);
        if (next === defaultTab) out.delete('tab');
        else out.set('tab', next);
        return out;
      }),
    [setParams, defaultTab],
  );

  /** Changes filters (empty: none) or the page; a change of filter starts again on page 1. */
  const updateHistory = useCallback(
    (patch: Partial<Record<HistoryFilter | 'page', string | undefined>>) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          for (const [k, v] of Object.entries(patch)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const clearHistory = useCallback(
    () =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          for (const name of [...HISTORY_FILTERS, 'page']) next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const setSmsPage = useCallback(
    (page: number) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (page > 1) next.set('smsPage', String(page));
          else next.delete('smsPage');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { tab, setTab, history, updateHistory, clearHistory, smsPage, setSmsPage };
}
