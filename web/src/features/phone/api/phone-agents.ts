import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

// The agents the phone screen offers (for a call, a number, the history's filter and its names),
// with their status: only an active agent deployed to production answers the phone. The key sits
// under the agents' lists, so changing an agent (activating it) refreshes it.

export type PhoneAgent = components['schemas']['AgentOut'];

export const phoneAgentsKey = ['agents', 'list', 'phone'] as const;

/** My agents and my teams' (the API's largest page), by name; read again on every visit. */
export const usePhoneAgents = () =>
  useQuery({
    queryKey: phoneAgentsKey,
    queryFn: async (): Promise<PhoneAgent[]> => (await api.list('/agents', { params: { query: { page: 1, limit: 100, sort: 'name', order: 'asc' } } })).data,
    refetchOnMount: 'always',
  });
