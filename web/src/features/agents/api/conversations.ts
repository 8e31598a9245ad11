import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type AgentConversation = components['schemas']['ConversationOut'];

/** How many conversations the agent's page shows; the rest are in the conversation list. */
export const RECENT_CONVERSATIONS = 5;

export const agentConversationKeys = {
  recent: (agentId: string) => ['agents', 'detail', agentId, 'conversations'] as const,
};

/** The agent's latest conversations (newest activity first) and how many there are in all. */
export const recentConversationsQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: agentConversationKeys.recent(agentId),
    queryFn: () =>
      api.list<AgentConversation>(`/agents/${encodeURIComponent(agentId)}/conversations`, { params: { page: 1, limit: RECENT_CONVERSATIONS } }),
    // Conversations happen elsewhere (chat, widget): every visit asks again.
    refetchOnMount: 'always',
  });

export const useRecentConversations = (agentId: string) => useQuery(recentConversationsQueryOptions(agentId));
