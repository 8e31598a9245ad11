import { api, ApiError, type UploadForm } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { readSseStream, type SseEvent } from '@/lib/sse';
import type { VoiceTurn } from '@/lib/voice';

// One voice turn (docs/voice.md, "Voice messages"): the recording goes up as a multipart form
// asking for Server-Sent Events, and the turn comes back as it runs: what was heard, the answer's
// text as it is written, each sentence with its audio as soon as it is spoken, then the whole turn.

type S = components['schemas'];

/** The specification's error catalogue (English source text). */
export const VOICE_ERRORS = {
  send: 'Failed to process voice message',
} as const;

export type VoiceForm = UploadForm<'/voice/conversations/message'>;

/**
 * The events of a streamed turn by name. The document describes them in words only (the
 * operation answers `VoiceEvent`s, then `end` with the `VoiceTurnOut`), so their data is written
 * here after the server's `VoiceEvent` (crates/server/src/voice/service.rs).
 */
export type VoiceEventData = {
  transcript: { text: string; transcribedBy: S['TranscribedBy'] };
  start: { conversationId: string; userMessageId: string; messageId: string };
  delta: { text: string };
  /** A whole sentence of the answer, in order: its MP3 in base64, or `null` when the browser should speak it. */
  sentence: { index: number; text: string; audio: string | null; contentType: string | null };
  speech_error: S['SpeechProblemOut'];
  end: VoiceTurn;
  error: { error: string; message: string };
};
export type VoiceEventType = keyof VoiceEventData;
export type VoiceEvent = { [K in VoiceEventType]: { type: K; data: VoiceEventData[K] } }[VoiceEventType];

// Every event, once: one added above fails to compile until it is here.
const EVENT_TYPES: Record<VoiceEventType, true> = { transcript: true, start: true, delta: true, sentence: true, speech_error: true, end: true, error: true };
const isEventType = (name: string): name is VoiceEventType => Object.hasOwn(EVENT_TYPES, name);

/** A raw Server-Sent Event as a voice event; unknown or unreadable ones are skipped. */
export function toVoiceEvent(e: SseEvent): VoiceEvent | null {
  if (!isEventType(e.event)) return null;
  try {
    // The server's JSON, read as the shape above for this event's name.
    const event: { type: VoiceEventType; data: unknown } = { type: e.event, data: JSON.parse(e.data) };
    return event as VoiceEvent;
  } catch {
    return null;
  }
}

/**
 * Sends a recording and streams its turn: each event goes to `onEvent` as it is read. Resolves
 * after `end` or `error`; rejects with ApiError when the call is refused (a 429 included: nothing
 * here retries) or the stream stops early, and with the abort reason when `signal` aborts.
 */
export async function streamVoiceTurn(form: VoiceForm, { signal, onEvent }: { signal?: AbortSignal; onEvent: (event: VoiceEvent) => void }): Promise<void> {
  const answer = await api.uploadStream('/voice/conversations/message', { body: form, signal, defaultMessage: VOICE_ERRORS.send });

  if (answer.whole) {
    // A server that answers in one piece is replayed as the same events; the browser speaks it.
    const turn = answer.whole;
    onEvent({ type: 'transcript', data: { text: turn.transcript, transcribedBy: turn.transcribedBy } });
    onEvent({ type: 'start', data: { conversationId: turn.conversationId, userMessageId: turn.userMessage.id, messageId: turn.answer.id } });
    if (turn.answer.content) {
      onEvent({ type: 'delta', data: { text: turn.answer.content } });
      onEvent({ type: 'sentence', data: { index: 0, text: turn.answer.content, audio: null, contentType: null } });
    }
    onEvent({ type: 'end', data: turn });
    return;
  }

  let finished = false;
  await readSseStream(
    answer.events,
    (raw) => {
      const event = toVoiceEvent(raw);
      if (!event || finished) return;
      if (event.type === 'end' || event.type === 'error') finished = true;
      onEvent(event);
    },
    signal,
  );
  if (!finished) {
    if (signal?.aborted) throw signal.reason ?? new DOMException('Aborted', 'AbortError');
    throw new ApiError(VOICE_ERRORS.send, 500, 'stream_interrupted');
  }
}
