import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ConversationOut, MessageOut } from '@/features/chat/types';
import { toChatMessage, type ChatMessage } from '@/features/chat/utils/messages';

/** How many conversations the chat sidebar lists. */
export const SIDEBAR_LIMIT = 50;

export const chatKeys = {
  all: ['chat'] as const,
  conversations: (agentId: string) => ['chat', 'conversations', agentId] as const,
  messages: (conversationId: string) => ['chat', 'messages', conversationId] as const,
};

/** The caller's conversations with one agent, newest activity first. */
export const agentConversationsQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: chatKeys.conversations(agentId),
    queryFn: async () => (await api.list<ConversationOut>('/conversations', { params: { agentId, limit: SIDEBAR_LIMIT } })).data,
    refetchOnMount: 'always',
  });

export const useAgentConversations = (agentId: string) => useQuery(agentConversationsQueryOptions(agentId));

/** Every message of a conversation, oldest first. */
export const conversationMessagesQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: chatKeys.messages(conversationId),
    queryFn: async (): Promise<ChatMessage[]> =>
      (await api.get<MessageOut[]>(`/conversations/${encodeURIComponent(conversationId)}/messages`)).map(toChatMessage),
  });

export const useConversationMessages = (conversationId: string | null) =>
  useQuery({ ...conversationMessagesQueryOptions(conversationId ?? ''), enabled: conversationId !== null });
