import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiKeyKeys } from '@/lib/api-keys';
import type { components } from '@/lib/api-types';

// API keys: mine (made, listed and revoked from a signed-in session; the key itself is answered
// once, when it is made) and, for admins, every key of the installation. One set of keys
// (`src/lib/api-keys.ts`, with my keys' list, which the integrations catalogue reads too): a
// revocation anywhere refreshes both lists.

type S = components['schemas'];
export type ApiKey = S['ApiKeyOut'];
export type NewApiKey = S['NewApiKeyOut'];
export type AdminApiKey = S['AdminApiKeyOut'];
export type ApiKeyInput = S['ApiKeyIn'];

/** The admin list's page size (the specification's default). */
export const ADMIN_PAGE_SIZE = 10;

export type AdminKeyParams = { page: number; search: string };

/** Makes a key: the answer carries the key itself, this once. */
export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyInput) => api.post('/api-keys', { body: input }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/api-keys/{id}', { params: { path: { id } } }),
    onSuccess: (_d, id) => {
      // Gone from my list at once, then both lists are read again.
      qc.setQueryData<ApiKey[]>(apiKeyKeys.mine(), (keys) => keys?.filter((k) => k.id !== id));
      void qc.invalidateQueries({ queryKey: apiKeyKeys.all });
    },
  });
}

/** GET /admin/api-keys: every key with its owner, a page at a time, searched by name, prefix or owner's email. */
export const adminApiKeysQueryOptions = (params: AdminKeyParams) =>
  queryOptions({
    queryKey: apiKeyKeys.adminList(params),
    queryFn: () => api.list('/admin/api-keys', { params: { query: { page: params.page, limit: ADMIN_PAGE_SIZE, search: params.search.trim() || undefined } } }),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
export const useAdminApiKeys = (params: AdminKeyParams) => useQuery(adminApiKeysQueryOptions(params));

export function useAdminRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/admin/api-keys/{id}', { params: { path: { id } } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
