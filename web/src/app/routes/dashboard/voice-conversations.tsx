import { VoiceConversations } from '@/features/voice/components/voice-conversations';

/** /dashboard/conversations/voice. */
export function VoiceConversationsRoute() {
  return <VoiceConversations />;
}
