import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { conversationKeys } from '@/lib/conversations';

// A voice conversation's messages with their audio (GET /voice/conversations/{id}/messages) and a
// message's audio, for the voice screen (`voice`) and a transcript of the `voice` channel
// (`conversations`). The key sits under the conversation's detail, so what removes or refreshes
// a conversation (a deletion, a resync of the socket) takes its voice messages along.

type S = components['schemas'];
export type VoiceMessage = S['VoiceMessageOut'];
export type VoiceTurn = S['VoiceTurnOut'];
export type VoiceTimings = S['Timings'];
export type VoiceAudio = S['VoiceAudioOut'];

export const voiceKeys = {
  messages: (conversationId: string) => [...conversationKeys.detail(conversationId), 'voice'] as const,
};

/** GET /voice/conversations/{id}/messages: every message, oldest first, with its audio and (answers) timings. */
export const voiceMessagesQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: voiceKeys.messages(conversationId),
    queryFn: () => api.get('/voice/conversations/{id}/messages', { params: { path: { id: conversationId } } }),
  });

/** A voice conversation's messages; nothing is asked while there is no conversation (or `enabled` is false). */
export const useVoiceMessages = (conversationId: string | null | undefined, enabled = true) =>
  useQuery({ ...voiceMessagesQueryOptions(conversationId ?? ''), enabled: !!conversationId && enabled });

/** The two messages of a finished turn, as the list of the conversation's messages gives them. */
export function turnMessages(turn: VoiceTurn): VoiceMessage[] {
  return [
    { message: turn.userMessage, audio: turn.userAudio ?? null },
    {
      message: turn.answer,
      audio: turn.answerAudio ?? null,
      timings: turn.timings,
      transcribedBy: turn.transcribedBy,
      voiceId: turn.voiceId ?? null,
      speechError: turn.speechError?.code ?? null,
    },
  ];
}

/** Writes a finished turn into its conversation's cached messages (replacing rows of the same ids), so nothing is read again. */
export function storeTurn(qc: QueryClient, turn: VoiceTurn): void {
  const rows = turnMessages(turn);
  const ids = new Set(rows.map((r) => r.message.id));
  qc.setQueryData<VoiceMessage[]>(voiceKeys.messages(turn.conversationId), (old = []) => [...old.filter((m) => !ids.has(m.message.id)), ...rows]);
}

/**
 * A message's audio as a Blob, fetched through the one client (the URL needs the bearer token, so
 * an `<audio src>` cannot load it itself).
 */
export async function fetchMessageAudio(messageId: string, signal?: AbortSignal): Promise<Blob> {
  return (await api.download('/voice/messages/{id}/audio', { params: { path: { id: messageId } }, signal })).blob;
}
