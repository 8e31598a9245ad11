import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

// The agents a screen offers to pick from (the conversations' filter, an API key's agents, the
// API examples' model): read by several features, so the query and its key live here. The key
// sits under the agents' lists, so making, changing or deleting an agent refreshes it.

export type AgentOption = Pick<components['schemas']['AgentOut'], 'id' | 'name'>;

export const agentOptionsKey = ['agents', 'list', 'options'] as const;

/** The agents I may use, by name (the API's largest page). */
export const useAgentOptions = () =>
  useQuery({
    queryKey: agentOptionsKey,
    queryFn: async (): Promise<AgentOption[]> => (await api.list('/agents', { params: { query: { page: 1, limit: 100, sort: 'name', order: 'asc' } } })).data,
  });
