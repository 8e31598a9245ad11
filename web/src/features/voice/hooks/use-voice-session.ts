import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { VoiceAgent } from '@/features/voice/api/voice-agents';
import { VoiceSession } from '@/features/voice/utils/voice-session';

/**
 * The voice session of one agent's screen (remount with a `key` per agent): its state, read as
 * it changes, and the session whose actions the screen calls. Leaving the screen stops it all.
 */
export function useVoiceSession({ agent, conversationId, onConversation }: { agent: VoiceAgent; conversationId: string | null; onConversation: (id: string | null) => void }) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const [session] = useState(
    () => new VoiceSession({ agentId: agent.id, agentLanguage: agent.language, conversationId, queryClient, language: () => i18n.resolvedLanguage ?? i18n.language }),
  );
  useEffect(() => session.setConversation(conversationId), [session, conversationId]);
  useEffect(() => session.setOnConversation(onConversation), [session, onConversation]);
  useEffect(() => () => session.stopAll(), [session]);
  const state = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  return { session, state };
}
