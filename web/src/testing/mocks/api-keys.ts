import type { AdminApiKey, ApiKey, NewApiKey } from '@/features/api-keys/api/api-keys';

export function makeApiKey(over: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'k1',
    name: 'Website backend',
    prefix: 'af_mAgWyKoJ',
    agentIds: [],
    createdAt: '2026-03-01T09:00:00Z',
    lastUsedAt: null,
    expiresAt: null,
    expired: false,
    ...over,
  };
}

/** A key just made: with the key itself, this once. */
export function makeNewApiKey(over: Partial<NewApiKey> = {}): NewApiKey {
  return { ...makeApiKey(), key: 'af_mAgWyKoJ8kxghK8q7X2yop1m-O6ws3_6b1kuU_FFqN0', ...over };
}

/** A key as the admin area lists it, with its owner. */
export function makeAdminApiKey(over: Partial<AdminApiKey> = {}): AdminApiKey {
  return { ...makeApiKey(), ownerId: '2', ownerEmail: 'bob@example.com', ownerName: 'Bob User', ...over };
}
