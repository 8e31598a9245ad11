import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

import type { components } from '@/lib/api-types';

export type SystemStatus = components['schemas']['StatusOut'];

export const getSystemStatus = () => api.get<SystemStatus>('/system/status');

export const systemStatusQueryOptions = () =>
  queryOptions({ queryKey: ['system', 'status'], queryFn: getSystemStatus, refetchOnMount: 'always' });

export function useSystemStatus() {
  return useQuery(systemStatusQueryOptions());
}
