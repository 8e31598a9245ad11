import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filtersFrom, withFilter, type FilterParam } from '@/features/webhooks/utils/filters';

/** The screen's two tabs: the platforms' webhooks (inbound), and my event endpoints (outbound). */
export type WebhooksTab = 'inbound' | 'endpoints';

/**
 * The screen's state in its address: the tab (`?tab=endpoints`; inbound is the default and is
 * left out), the inbound list's filters, the opened webhook (`?webhook=<id>`) or endpoint
 * (`?endpoint=<id>`, which implies its tab: the disabled endpoint's email links there), and a
 * link's request for a "new" dialog (`?new=zapier`, `?new=custom`; on the endpoints tab `?new`).
 */
export function useWebhookParams() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const selected = params.get('webhook');
  const endpoint = params.get('endpoint');
  const tab: WebhooksTab = params.get('tab') === 'endpoints' || endpoint ? 'endpoints' : 'inbound';
  /** What `?new=` asked for ('' for a bare `?new`), or null when nothing was asked. */
  const requested = params.has('new') ? (params.get('new') ?? '') : null;

  const setFilter = useCallback((name: FilterParam, value: string) => setParams((p) => withFilter(p, name, value), { replace: true }), [setParams]);

  const clearFilters = useCallback(
    () =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          for (const name of ['platform', 'status', 'agentId']) next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  /** Opens a webhook (a history entry of its own, so Back closes it) or, with null, closes it. */
  const select = useCallback(
    (id: string | null) =>
      setParams((p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('webhook', id);
        else next.delete('webhook');
        return next;
      }),
    [setParams],
  );

  /** Opens an endpoint (on its tab, a history entry of its own) or, with null, closes it. */
  const selectEndpoint = useCallback(
    (id: string | null) =>
      setParams((p) => {
        const next = new URLSearchParams(p);
        next.set('tab', 'endpoints');
        if (id) next.set('endpoint', id);
        else next.delete('endpoint');
        return next;
      }),
    [setParams],
  );

  /** Shows the other tab (a history entry, so Back returns), closing what was opened on this one. */
  const setTab = useCallback(
    (next: WebhooksTab) =>
      setParams((p) => {
        const out = new URLSearchParams(p);
        for (const name of ['webhook', 'endpoint', 'new']) out.delete(name);
        if (next === 'endpoints') out.set('tab', 'endpoints');
        else out.delete('tab');
        return out;
      }),
    [setParams],
  );

  /** Forgets the link's `?new=` once its dialog is open (a reload does not open it again). */
  const clearRequest = useCallback(
    () =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.delete('new');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { filters, selected, endpoint, tab, requested, setFilter, clearFilters, select, selectEndpoint, setTab, clearRequest };
}
