import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

// The agents the voice screen offers: those with voice turned on, and the others so the screen
// can say how to turn it on. The key sits under the agents' lists, so changing an agent (turning
// its voice on) refreshes it.

export type VoiceAgent = components['schemas']['AgentOut'];

export const voiceAgentsKey = ['agents', 'list', 'voice'] as const;

/** My agents and my teams' (the API's largest page), by name; read again on every visit. */
export const useVoiceAgents = () =>
  useQuery({
    queryKey: voiceAgentsKey,
    queryFn: async (): Promise<VoiceAgent[]> => (await api.list('/agents', { params: { query: { page: 1, limit: 100, sort: 'name', order: 'asc' } } })).data,
    refetchOnMount: 'always',
  });
