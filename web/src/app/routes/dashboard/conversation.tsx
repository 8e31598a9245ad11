import { useParams } from 'react-router';
import { ConversationDetail } from '@/features/conversations/components/conversation-detail';

/** /dashboard/conversations/:conversationId. */
export function ConversationRoute() {
  const { conversationId = '' } = useParams();
  // Keyed so another conversation starts fresh.
  return <ConversationDetail key={conversationId} conversationId={conversationId} />;
}
