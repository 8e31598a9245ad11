import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { conversationKeys, storeMessages, type ConversationListParams, type ConversationOut } from '@/lib/conversations';

// Hand-offs (docs/chat.md): a team member who may edit the agent takes a conversation over,
// answers in it as the agent, and hands it back. The conversation and its transcript are the
// shared caches of src/lib/conversations.ts, which the socket keeps current too.

/** The live view's second list: the conversations a person holds or that wait for one. */
export const HANDED_OFF_LIST_PARAMS: ConversationListParams = { page: 1, limit: 50, status: 'handed_off' };

/** Waiting for a person: handed off by the agent's flow, nobody has taken it yet. */
export const isWaiting = (c: ConversationOut) => c.status === 'handed_off' && !c.assigneeId;

/**
 * The conversation's agent (GET /agents/{id}), for what the caller may do with it: taking over
 * needs `edit` or `manage`. Under the agents' own key, so the agent pages share it.
 */
export const conversationAgentQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: ['agents', 'detail', agentId] as const,
    queryFn: () => api.get('/agents/{id}', { params: { path: { id: agentId } } }),
    // Access changes rarely while a conversation is on screen.
    staleTime: 60_000,
    retry: false,
  });

type AccessLevel = components['schemas']['AccessLevel'];
const EDITS: ReadonlySet<AccessLevel> = new Set<AccessLevel>(['edit', 'manage']);

/** Whether the caller may take the agent's conversations over (false while unknown, or when the agent cannot be read). */
export function useCanAnswer(agentId: string | undefined): boolean {
  const agent = useQuery({ ...conversationAgentQueryOptions(agentId ?? ''), enabled: !!agentId });
  return !!agent.data && EDITS.has(agent.data.access);
}

/** The conversation as the server now has it: its page and the lists (which place it by status). */
function storeConversation(qc: QueryClient, conversation: ConversationOut) {
  qc.setQueryData<ConversationOut>(conversationKeys.detail(conversation.id), (old) => ({ ...conversation, lastMessage: conversation.lastMessage ?? old?.lastMessage }));
  void qc.invalidateQueries({ queryKey: conversationKeys.lists() });
}

/** POST /conversations/{id}/take-over: the caller answers from now on (`handed_off`, assigned to them). */
export function useTakeOver() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('/conversations/{id}/take-over', { params: { path: { id } } }),
    onSuccess: (conversation) => storeConversation(qc, conversation),
  });
}

/** POST /conversations/{id}/hand-back: the agent answers the next message again (`active`). */
export function useHandBack() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('/conversations/{id}/hand-back', { params: { path: { id } } }),
    onSuccess: (conversation) => storeConversation(qc, conversation),
  });
}

/** POST /conversations/{id}/reply: said as the agent, with the caller as its author. */
export function useReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) => api.post('/conversations/{id}/reply', { params: { path: { id } }, body: { message } }),
    // Shown at once; the socket brings the same message (by id, so not twice).
    onSuccess: (message) => storeMessages(qc, message.conversationId, [message]),
  });
}
