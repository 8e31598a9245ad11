import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { readSseStream, type SseEvent } from '@/lib/sse';

// One chat turn over HTTP, streamed: the chat screens (`chat`) and an agent's test panel
// (`agents`) both send their turns through here.

/** The specification's chat toasts (English source text). */
export const CHAT_ERRORS = {
  send: 'Failed to send message',
  chat: 'Failed to chat with agent',
} as const;

type S = components['schemas'];

export type ChatIn = S['ChatIn'];
export type ChatStart = S['StartEvent'];

/**
 * The events of a streamed answer (docs/chat.md), as the document's `ChatStreamEvent` frames:
 * `event` is the SSE `event:` line and `data` the JSON of its `data:` line.
 */
type Frame = S['ChatStreamEvent'];
export type ChatEventData = { [K in Frame['event']]: Extract<Frame, { event: K }>['data'] };
export type ChatEventType = keyof ChatEventData;
export type ChatEvent = { [K in ChatEventType]: { type: K; data: ChatEventData[K] } }[ChatEventType];

// Every event of the document, once: an event added to the document fails to compile until it is here.
const EVENT_TYPES: Record<ChatEventType, true> = { start: true, citations: true, delta: true, tool_call: true, tool_result: true, end: true, error: true, handed_off: true };
const isEventType = (name: string): name is ChatEventType => Object.hasOwn(EVENT_TYPES, name);

/** Turns a raw Server-Sent Event into a chat event; unknown or unreadable events are skipped. */
export function toChatEvent(e: SseEvent): ChatEvent | null {
  if (!isEventType(e.event)) return null;
  try {
    // The server's JSON, read as the document's shape for this event name.
    const event: { type: ChatEventType; data: unknown } = { type: e.event, data: JSON.parse(e.data) };
    return event as ChatEvent;
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

export type StreamChatOptions = {
  signal?: AbortSignal;
  onEvent: (event: ChatEvent) => void;
  /**
   * `chat` (POST /agents/{id}/chat, the default) or `test` (POST /agents/{id}/test: a turn with
   * the agent's current draft, in a test conversation left out of lists, live views and analytics).
   */
  endpoint?: 'chat' | 'test';
};

/**
 * Sends one chat turn and streams the answer: each event is handed to `onEvent` as soon as it is
 * read. Resolves after `end`, `error` or `handed_off`; rejects with ApiError when the call is refused (a 401
 * ends the session as for every call), with StreamInterruptedError when the stream stops early,
 * and with the abort reason when `signal` aborts.
 */
export async function streamChat(agentId: string, input: ChatIn, { signal, onEvent, endpoint = 'chat' }: StreamChatOptions): Promise<void> {
  const path = endpoint === 'test' ? '/agents/{id}/test' : '/agents/{id}/chat';
  const answer = await api.stream(path, { params: { path: { id: agentId } }, body: { ...input, stream: true }, signal, defaultMessage: CHAT_ERRORS.send });

  if (answer.whole) {
    // A server that answers in one piece (ChatOut) is replayed as the same events.
    const out = answer.whole;
    if (out.handedOff || !out.message) {
      // A person of the team holds the conversation: the message reached them, nobody answered yet.
      onEvent({ type: 'handed_off', data: { conversationId: out.conversationId, userMessage: out.userMessage } });
      return;
    }
    onEvent({
      type: 'start',
      data: { conversationId: out.conversationId, userMessage: out.userMessage, messageId: out.message.id, provider: out.message.provider ?? 'builtin', model: out.message.model ?? '', version: 0 },
    });
    if (out.message.citations.length) onEvent({ type: 'citations', data: { citations: out.message.citations } });
    if (out.message.content) onEvent({ type: 'delta', data: { text: out.message.content } });
    onEvent({ type: 'end', data: { message: out.message } });
    return;
  }

  let finished = false;
  await readSseStream(
    answer.events,
    (raw) => {
      const event = toChatEvent(raw);
      if (!event || finished) return;
      // `handed_off` is the only event of a turn that reached a person of the team.
      if (event.type === 'end' || event.type === 'error' || event.type === 'handed_off') finished = true;
      onEvent(event);
    },
    signal,
  );
  if (!finished) {
    if (signal?.aborted) throw signal.reason ?? new DOMException('Aborted', 'AbortError');
    throw new StreamInterruptedError();
  }
}
