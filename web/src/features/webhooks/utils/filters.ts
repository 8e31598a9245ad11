import type { WebhookFilters } from '@/features/webhooks/api/webhooks';
import { oneOf } from '@/lib/api-enums';
import { PLATFORMS, STATUSES } from '@/features/webhooks/utils/platforms';

// The list's filters and the opened webhook live in the address (`?platform=slack&status=failing
// &agentId=…&webhook=…`), so a link (the failing webhook's email) opens the screen as it names it.

export const FILTER_PARAMS = ['platform', 'status', 'agentId'] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];

/** The filters an address names; anything unknown is no filter. */
export function filtersFrom(params: URLSearchParams): WebhookFilters {
  return {
    platform: oneOf(PLATFORMS, params.get('platform'), 'all' as const),
    status: oneOf(STATUSES, params.get('status'), 'all' as const),
    agentId: params.get('agentId') || 'all',
  };
}

/** The address with one filter changed: `all` (no filter) leaves it out. */
export function withFilter(params: URLSearchParams, name: FilterParam, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (!value || value === 'all') next.delete(name);
  else next.set(name, value);
  return next;
}

/** Whether any filter filters. */
export const filtering = (f: WebhookFilters) => f.platform !== 'all' || f.status !== 'all' || f.agentId !== 'all';
