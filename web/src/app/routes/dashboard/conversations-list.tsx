import { ConversationsList } from '@/features/conversations/components/conversations-list';

/** /dashboard/conversations and /dashboard/conversations/all (filters in the query: agentId, channel, status, from, to, search, page). */
export function ConversationsListRoute() {
  return <ConversationsList />;
}
