import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

// Outbound event endpoints: my own URLs that my agents' events are posted to (signed per Standard
// Webhooks), each with its delivery log, and the calls that make, change, rotate the secret of,
// retry a delivery of, and delete one. Every query sits under `['webhook-endpoints']`, so each
// mutation refreshes the list, the opened endpoint and its deliveries through the same keys (the
// integrations catalogue reads the list under the same key).

type S = components['schemas'];
export type Endpoint = S['WebhookEndpointOut'];
export type EndpointEvent = S['EndpointEvent'];
export type EndpointInput = S['WebhookEndpointIn'];
export type EndpointUpdate = S['WebhookEndpointUpdateIn'];
export type EndpointWithSecret = S['WebhookEndpointSecretOut'];
export type Delivery = S['DeliveryOut'];
export type DeliveryAttempt = S['DeliveryAttemptOut'];
export type DeliveryStatus = S['DeliveryStatus'];

/** The messages of the error catalogue (used when the server gives none). */
export const ENDPOINT_ERRORS = {
  list: 'Failed to get event endpoints',
} as const;

/** The delivery log's filter: one status, or `all` (never sent). */
export type DeliveryFilter = DeliveryStatus | 'all';

export const endpointKeys = {
  all: ['webhook-endpoints'] as const,
  list: () => ['webhook-endpoints', 'list'] as const,
  detail: (id: string) => ['webhook-endpoints', 'detail', id] as const,
  deliveries: (id: string) => ['webhook-endpoints', 'detail', id, 'deliveries'] as const,
  deliveriesOf: (id: string, status: DeliveryFilter) => ['webhook-endpoints', 'detail', id, 'deliveries', status] as const,
};

/** GET /v1/webhook-endpoints: my endpoints, newest first. */
export const endpointsQueryOptions = () =>
  queryOptions({
    queryKey: endpointKeys.list(),
    queryFn: () => api.get('/v1/webhook-endpoints', { defaultMessage: ENDPOINT_ERRORS.list }),
    refetchOnMount: 'always',
  });
export const useEndpoints = () => useQuery(endpointsQueryOptions());

/** GET /v1/webhook-endpoints/{id}: one endpoint, its secret masked (the one an email's link names, too). */
export const useEndpoint = (id: string) =>
  useQuery({
    queryKey: endpointKeys.detail(id),
    queryFn: () => api.get('/v1/webhook-endpoints/{id}', { params: { path: { id } } }),
    refetchOnMount: 'always',
  });

/** How often the delivery log is read again while a delivery is still pending. */
export const PENDING_REFRESH_MS = 3000;

/** GET /v1/webhook-endpoints/{id}/deliveries: the newest 100 (of one status), read again every few seconds while one is pending. */
export const useDeliveries = (id: string, status: DeliveryFilter) =>
  useQuery({
    queryKey: endpointKeys.deliveriesOf(id, status),
    queryFn: () => api.get('/v1/webhook-endpoints/{id}/deliveries', { params: { path: { id }, query: status === 'all' ? {} : { status } } }),
    refetchOnMount: 'always',
    // A change of filter keeps the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? PENDING_REFRESH_MS : false),
  });

/** A change to an endpoint shows everywhere: its panel (from the answer at once), the list, the catalogue. */
function useRefresh() {
  const qc = useQueryClient();
  return (endpoint?: Endpoint) => {
    if (endpoint) qc.setQueryData(endpointKeys.detail(endpoint.id), endpoint);
    void qc.invalidateQueries({ queryKey: endpointKeys.all });
  };
}

/** Reads the list, the opened endpoint and its deliveries again (the Refresh button). */
export function useRefreshEndpoints() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: endpointKeys.all });
}

/** POST /v1/webhook-endpoints: the answer carries, this once, the `whsec_` secret. */
export function useCreateEndpoint() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: EndpointInput) => api.post('/v1/webhook-endpoints', { body: input }),
    onSuccess: (made) => refresh(made.endpoint),
  });
}

/** PUT /v1/webhook-endpoints/{id}: URL, events, description or enabled (enabling one the server disabled forgets its failures). */
export function useUpdateEndpoint() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: EndpointUpdate }) => api.put('/v1/webhook-endpoints/{id}', { params: { path: { id } }, body: changes }),
    onSuccess: (endpoint) => refresh(endpoint),
  });
}

/** DELETE /v1/webhook-endpoints/{id}: nothing more is sent to it; its deliveries go with it. */
export function useDeleteEndpoint() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/v1/webhook-endpoints/{id}', { params: { path: { id } } }),
    onSuccess: (_d, id) => {
      qc.removeQueries({ queryKey: endpointKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: endpointKeys.all });
    },
  });
}

/** POST /v1/webhook-endpoints/{id}/rotate-secret: a new secret (shown this once); the old one stops at once. */
export function useRotateEndpointSecret() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.post('/v1/webhook-endpoints/{id}/rotate-secret', { params: { path: { id } } }),
    onSuccess: (made) => refresh(made.endpoint),
  });
}

/** POST …/deliveries/{deliveryId}/retry: sent again now, with the same `webhook-id` (409 `endpoint_disabled` while disabled). */
export function useRetryDelivery(endpointId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => api.post('/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/retry', { params: { path: { id: endpointId, deliveryId } } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: endpointKeys.deliveries(endpointId) });
      void qc.invalidateQueries({ queryKey: endpointKeys.detail(endpointId), exact: true });
    },
  });
}
