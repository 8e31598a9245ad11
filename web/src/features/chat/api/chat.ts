import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import type { ChatIn, ChatOut } from '@/features/chat/types';
import { readSseStream, type SseEvent } from '@/features/chat/utils/sse';

/** The specification's chat toasts (English source text). */
export const CHAT_ERRORS = {
  send: 'Failed to send message',
  chat: 'Failed to chat with agent',
} as const;

type S = components['schemas'];

export type ChatStart = S['StartEvent'];

/** The events of a streamed answer, as the API document describes them (docs/chat.md). */
export type ChatEvent =
  | { type: 'start'; data: ChatStart }
  | { type: 'citations'; data: S['CitationsEvent'] }
  | { type: 'delta'; data: S['DeltaEvent'] }
  | { type: 'tool_call'; data: S['ToolCallEvent'] }
  | { type: 'tool_result'; data: S['ToolCallOut'] }
  | { type: 'end'; data: S['EndEvent'] }
  | { type: 'error'; data: S['ErrorEvent'] };

const EVENT_TYPES = new Set<ChatEvent['type']>(['start', 'citations', 'delta', 'tool_call', 'tool_result', 'end', 'error']);

/** Turns a raw Server-Sent Event into a chat event; unknown or unreadable events are skipped. */
export function toChatEvent(e: SseEvent): ChatEvent | null {
  if (!EVENT_TYPES.has(e.event as ChatEvent['type'])) return null;
  try {
    return { type: e.event, data: JSON.parse(e.data) } as ChatEvent;
  } catch {
    return null;
  }
}

/** Raised when the stream stops before its `end` or `error` event (the connection dropped). */
export class StreamInterruptedError extends Error {
  constructor() {
    super(CHAT_ERRORS.send);
    this.name = 'StreamInterruptedError';
  }
}

export type StreamChatOptions = { signal?: AbortSignal; onEvent: (event: ChatEvent) => void };

/**
 * Sends one chat turn to `POST /agents/{id}/chat` and streams the answer: each event is handed to
 * `onEvent` as soon as it is read. Resolves after `end` or `error`; rejects with ApiError when
 * the call is refused (a 401 ends the session as for every call), with StreamInterruptedError
 * when the stream stops early, and with the abort reason when `signal` aborts.
 */
export async function streamChat(agentId: string, input: ChatIn, { signal, onEvent }: StreamChatOptions): Promise<void> {
  const res = await api.stream(`/agents/${encodeURIComponent(agentId)}/chat`, { ...input, stream: true }, { signal, defaultMessage: CHAT_ERRORS.send });

  // A server that answers in one piece (JSON ChatOut) is replayed as the same events.
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream') || !res.body) {
    const payload = (await res.json()) as { data?: ChatOut } | ChatOut;
    const out = ('data' in payload && payload.data ? payload.data : payload) as ChatOut;
    onEvent({
      type: 'start',
      data: { conversationId: out.conversationId, userMessage: out.userMessage, messageId: out.message.id, provider: out.message.provider ?? 'builtin', model: out.message.model ?? '', version: 0 },
    });
    if (out.message.citations?.length) onEvent({ type: 'citations', data: { citations: out.message.citations } });
    if (out.message.content) onEvent({ type: 'delta', data: { text: out.message.content } });
    onEvent({ type: 'end', data: { message: out.message } });
    return;
  }

  let finished = false;
  await readSseStream(res.body, (raw) => {
    const event = toChatEvent(raw);
    if (!event || finished) return;
    if (event.type === 'end' || event.type === 'error') finished = true;
    onEvent(event);
  }, signal);
  if (!finished) {
    if (signal?.aborted) throw signal.reason ?? new DOMException('Aborted', 'AbortError');
    throw new StreamInterruptedError();
  }
}
