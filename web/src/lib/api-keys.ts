import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// My API keys are read by two features: `api-keys` (where they are made and revoked) and
// `integrations` (the catalogue counts them), so the list's query and the one set of keys live
// here. Every API key query sits under `['api-keys']`: a revocation anywhere refreshes them all.

export const apiKeyKeys = {
  all: ['api-keys'] as const,
  mine: () => ['api-keys', 'mine'] as const,
  admin: () => ['api-keys', 'admin'] as const,
  adminList: (params: { page: number; search: string }) => ['api-keys', 'admin', params] as const,
};

/** GET /api-keys: my keys, newest first (never the keys themselves). */
export const myApiKeysQueryOptions = () => queryOptions({ queryKey: apiKeyKeys.mine(), queryFn: () => api.get('/api-keys'), refetchOnMount: 'always' });
export const useMyApiKeys = () => useQuery(myApiKeysQueryOptions());
