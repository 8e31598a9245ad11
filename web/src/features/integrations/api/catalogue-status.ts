import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// What the catalogue reads of the webhooks screen's data: the platform webhooks' totals and my
// event endpoints. The keys are the webhooks feature's own (`['webhooks', 'stats', {}]`, the
// unfiltered stats, and `['webhook-endpoints', 'list']`), so the catalogue and that screen share
// one cache and each of that screen's changes refreshes the catalogue's statuses too.

/** GET /webhooks/stats, unfiltered: how many webhooks, active, paused and failing, and each one's platform. */
export const webhookTotalsQueryOptions = () =>
  queryOptions({ queryKey: ['webhooks', 'stats', {}] as const, queryFn: () => api.get('/webhooks/stats', { params: { query: {} } }), refetchOnMount: 'always' });
export const useWebhookTotals = () => useQuery(webhookTotalsQueryOptions());

/** GET /v1/webhook-endpoints: my event endpoints (the catalogue counts the enabled ones). */
export const eventEndpointsQueryOptions = () =>
  queryOptions({ queryKey: ['webhook-endpoints', 'list'] as const, queryFn: () => api.get('/v1/webhook-endpoints'), refetchOnMount: 'always' });
export const useEventEndpoints = () => useQuery(eventEndpointsQueryOptions());
