import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type AgentOption = Pick<components['schemas']['AgentOut'], 'id' | 'name'>;

export const agentOptionsKey = ['conversations', 'agent-options'] as const;

/** The agents to filter the conversations by (the API's largest page, by name). */
export const useAgentOptions = () =>
  useQuery({
    queryKey: agentOptionsKey,
    queryFn: async (): Promise<AgentOption[]> => (await api.list('/agents', { params: { query: { page: 1, limit: 100, sort: 'name', order: 'asc' } } })).data,
  });
