import { HttpResponse } from 'msw';
import type { ConversationOut, MessageOut } from '@/lib/conversations';

export function makeMessage(over: Partial<MessageOut> = {}): MessageOut {
  return {
    id: 'm1',
    conversationId: 'c1',
    role: 'assistant',
    content: '',
    status: 'complete',
    error: null,
    citations: [],
    toolCalls: [],
    tokensIn: 0,
    tokensOut: 0,
    latencyMs: 0,
    firstTokenMs: 0,
    provider: 'openai',
    model: 'gpt-4o-mini',
    notice: null,
    createdAt: '2026-01-01T10:00:00Z',
    ...over,
  } as MessageOut;
}

export function makeConversation(over: Partial<ConversationOut> = {}): ConversationOut {
  return {
    id: 'c1',
    agentId: 'a1',
    agentName: 'Sales assistant',
    userId: '2',
    channel: 'web',
    title: 'Refunds',
    status: 'active',
    messageCount: 2,
    tokensIn: 0,
    tokensOut: 0,
    startedAt: '2026-01-01T10:00:00Z',
    lastMessageAt: '2026-01-01T10:00:00Z',
    endedAt: null,
    ...over,
  } as ConversationOut;
}

/** One Server-Sent Event as the server writes it. */
export const sseEvent = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** A streamed answer: the given events, written one chunk each. */
export function sseResponse(events: Array<[string, unknown]>) {
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const [event, data] of events) controller.enqueue(enc.encode(sseEvent(event, data)));
      controller.close();
    },
  });
  return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
}

/** A streamed answer the test writes to as it goes. */
export function openSse() {
  const enc = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: () => new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } }),
    send: (event: string, data: unknown) => controller.enqueue(enc.encode(sseEvent(event, data))),
    close: () => controller.close(),
  };
}

/** The events of a whole answer of the given text, cut into deltas. */
export function answerEvents(opts: { text: string[]; conversationId?: string; userText?: string; over?: Partial<MessageOut>; citations?: MessageOut['citations']; turn?: number }) {
  const conversationId = opts.conversationId ?? 'c1';
  const turn = opts.turn ?? 1;
  const user = makeMessage({ id: `u${turn}`, conversationId, role: 'user', content: opts.userText ?? 'Hello', provider: null, model: null });
  const final = makeMessage({ id: `m${turn}`, conversationId, content: opts.text.join(''), citations: opts.citations ?? [], ...opts.over });
  const events: Array<[string, unknown]> = [['start', { conversationId, userMessage: user, messageId: final.id, provider: final.provider, model: final.model }]];
  if (opts.citations?.length) events.push(['citations', { citations: opts.citations }]);
  for (const t of opts.text) events.push(['delta', { text: t }]);
  events.push(['end', { message: final }]);
  return events;
}
