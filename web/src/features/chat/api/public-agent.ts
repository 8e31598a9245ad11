import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const publicAgentKeys = {
  detail: (agentId: string, shareToken: string | null) => ['chat', 'public-agent', agentId, shareToken ?? ''] as const,
};

/**
 * What a person chatting through the agent's public link may know of it: name, description,
 * greeting, language and status. The owner needs no token; a wrong token, a link whose sharing
 * was turned off, or an unknown agent is a 404.
 */
export const publicAgentQueryOptions = (agentId: string, shareToken: string | null) =>
  queryOptions({
    queryKey: publicAgentKeys.detail(agentId, shareToken),
    queryFn: () => api.get('/agents/{id}/public', { params: { path: { id: agentId }, query: { share: shareToken || undefined } } }),
  });

export const usePublicAgent = (agentId: string, shareToken: string | null) => useQuery(publicAgentQueryOptions(agentId, shareToken));
