import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

// Platform webhooks: my agents' webhooks (and my teams' agents'), their totals and the last 14
// days, one webhook with its credentials masked, its recent events, and the calls that make,
// change, pause, test, regenerate and delete one. Every query sits under `['webhooks']`, so each
// mutation refreshes the list, the stats and the opened webhook through the same keys.

type S = components['schemas'];
export type Webhook = S['WebhookOut'];
export type WebhookPlatform = S['WebhookPlatform'];
export type WebhookStatus = S['WebhookStatus'];
export type WebhookEvent = S['WebhookEventOut'];
export type WebhookEventStatus = S['WebhookEventStatus'];
export type WebhookStats = S['WebhooksStatsOut'];
export type WebhookTotals = S['WebhookStatsOut'];
export type WebhookDay = S['WebhookDayOut'];
export type WebhookInput = S['WebhookIn'];
export type WebhookUpdate = S['WebhookUpdateIn'];
export type WebhookCredentialsInput = S['WebhookCredentialsIn'];
export type WebhookWithSecret = S['WebhookSecretOut'];
export type WebhookTestResult = S['WebhookTestOut'];
export type WebhookTestAnswer = S['WebhookTestAnswerOut'];

/** The messages of the specification's error catalogue (used when the server gives none). */
export const WEBHOOK_ERRORS = {
  list: 'Failed to get webhooks',
} as const;

/** What the list and the stats are filtered by; `all` (or nothing) is no filter and is never sent. */
export type WebhookFilters = { platform: WebhookPlatform | 'all'; status: WebhookStatus | 'all'; agentId: string };

/** The query string of a list or stats call: only the filters that filter. */
export function filterQuery(f: WebhookFilters): { platform?: WebhookPlatform; status?: WebhookStatus; agentId?: string } {
  return {
    ...(f.platform !== 'all' ? { platform: f.platform } : {}),
    ...(f.status !== 'all' ? { status: f.status } : {}),
    ...(f.agentId && f.agentId !== 'all' ? { agentId: f.agentId } : {}),
  };
}

export const webhookKeys = {
  all: ['webhooks'] as const,
  lists: () => ['webhooks', 'list'] as const,
  list: (f: WebhookFilters) => ['webhooks', 'list', filterQuery(f)] as const,
  stats: (f: WebhookFilters) => ['webhooks', 'stats', filterQuery(f)] as const,
  detail: (id: string) => ['webhooks', 'detail', id] as const,
  events: (id: string) => ['webhooks', 'detail', id, 'events'] as const,
};

/** GET /webhooks: the webhooks the filters show, newest first. */
export const webhooksQueryOptions = (f: WebhookFilters) =>
  queryOptions({
    queryKey: webhookKeys.list(f),
    queryFn: () => api.get('/webhooks', { params: { query: filterQuery(f) }, defaultMessage: WEBHOOK_ERRORS.list }),
    refetchOnMount: 'always',
    // A change of filter keeps the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });
export const useWebhooks = (f: WebhookFilters) => useQuery(webhooksQueryOptions(f));

/** GET /webhooks/stats: received, succeeded, failed, refused, latency, and the last 14 days (days without events left out). */
export const webhookStatsQueryOptions = (f: WebhookFilters) =>
  queryOptions({
    queryKey: webhookKeys.stats(f),
    queryFn: () => api.get('/webhooks/stats', { params: { query: filterQuery(f) } }),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
export const useWebhookStats = (f: WebhookFilters) => useQuery(webhookStatsQueryOptions(f));

/** GET /webhooks/{id}: one webhook, its secrets masked (the one an email's link names, too). */
export const webhookQueryOptions = (id: string) =>
  queryOptions({ queryKey: webhookKeys.detail(id), queryFn: () => api.get('/webhooks/{id}', { params: { path: { id } } }), refetchOnMount: 'always' });
export const useWebhook = (id: string | null) => useQuery({ ...webhookQueryOptions(id ?? ''), enabled: !!id });

/** How often the events are read again while one of them is still being answered. */
export const QUEUED_REFRESH_MS = 3000;

/** GET /webhooks/{id}/events: the newest 100 events, read again every few seconds while one is queued. */
export const useWebhookEvents = (id: string) =>
  useQuery({
    queryKey: webhookKeys.events(id),
    queryFn: () => api.get('/webhooks/{id}/events', { params: { path: { id } } }),
    refetchOnMount: 'always',
    refetchInterval: (query) => (query.state.data?.some((e) => e.status === 'queued') ? QUEUED_REFRESH_MS : false),
  });

/** A change to a webhook shows everywhere: its page (from the answer at once), the list, the stats. */
function useRefresh() {
  const qc = useQueryClient();
  return (webhook?: Webhook) => {
    if (webhook) qc.setQueryData(webhookKeys.detail(webhook.id), webhook);
    void qc.invalidateQueries({ queryKey: webhookKeys.all });
  };
}

/** Reads the list, the stats, the opened webhook and its events again (the Refresh button). */
export function useRefreshWebhooks() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: webhookKeys.all });
}

/** POST /webhooks: the answer carries the URL and, this once, the secret. */
export function useCreateWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: WebhookInput) => api.post('/webhooks', { body: input }),
    onSuccess: (made) => refresh(made.webhook),
  });
}

/** PUT /webhooks/{id}: a name, a status (`active` or `paused`) or credentials (left out: kept; "": removed). */
export function useUpdateWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: WebhookUpdate }) => api.put('/webhooks/{id}', { params: { path: { id } }, body: changes }),
    onSuccess: (webhook) => refresh(webhook),
  });
}

/** DELETE /webhooks/{id}: its URL stops at once; its events go with it. */
export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/webhooks/{id}', { params: { path: { id } } }),
    onSuccess: (_d, id) => {
      qc.removeQueries({ queryKey: webhookKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: webhookKeys.all });
    },
  });
}

/** POST /webhooks/{id}/regenerate: a new URL and secret (shown this once); the old ones stop at once. */
export function useRegenerateWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.post('/webhooks/{id}/regenerate', { params: { path: { id } } }),
    onSuccess: (made) => refresh(made.webhook),
  });
}

/** Sample data as parsed from the test's JSON box. */
export type TestData = Record<string, unknown>;

/** POST /webhooks/{id}/test: the data run through the webhook's path, answered, and nothing posted. */
export function useTestWebhook(id: string) {
  const qc = useQueryClient();
  return useMutation({
    // The document declares `testData` as a bare JSON object (`Record<string, never>`): the
    // object typed is sent as it was parsed, and the server reads it as the platform's event.
    mutationFn: (testData: TestData) => api.post('/webhooks/{id}/test', { params: { path: { id } }, body: { testData: testData as Record<string, never> } }),
    // A test is recorded as an event (marked as a test).
    onSuccess: () => void qc.invalidateQueries({ queryKey: webhookKeys.events(id) }),
  });
}
