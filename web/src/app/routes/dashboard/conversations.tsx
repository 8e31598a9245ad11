import { useParams } from 'react-router';
import { ConversationDetail } from '@/features/conversations/components/conversation-detail';
import { ConversationsList } from '@/features/conversations/components/conversations-list';
import { LiveConversations } from '@/features/conversations/components/live-conversations';

/** /dashboard/conversations and /dashboard/conversations/all. */
export function ConversationsListRoute() {
  return <ConversationsList />;
}

/** /dashboard/conversations/live. */
export function LiveConversationsRoute() {
  return <LiveConversations />;
}

/** /dashboard/conversations/:conversationId. */
export function ConversationRoute() {
  const { conversationId = '' } = useParams();
  // Keyed so another conversation starts fresh.
  return <ConversationDetail key={conversationId} conversationId={conversationId} />;
}
