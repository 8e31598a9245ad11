import { LiveConversations } from '@/features/conversations/components/live-conversations';

/** /dashboard/conversations/live. */
export function LiveConversationsRoute() {
  return <LiveConversations />;
}
