import type { ConversationOut, MessageOut } from '@/lib/conversations';
import { makeConversation as makeStoredConversation, makeMessage as makeStoredMessage } from '@/testing/mocks/conversations';
import type { ChatSseEvent } from '@/testing/mocks/http';

/** A conversation of the chat tests' agent. */
export function makeConversation(over: Partial<ConversationOut> = {}): ConversationOut {
  return makeStoredConversation({
    agentName: 'Sales assistant',
    title: 'Refunds',
    tokensIn: 0,
    tokensOut: 0,
    startedAt: '2026-01-01T10:00:00Z',
    lastMessageAt: '2026-01-01T10:00:00Z',
    ...over,
  });
}

/** An answer of the agent (as the chat tests mostly need), from the shared message factory. */
export function makeMessage(over: Partial<MessageOut> = {}): MessageOut {
  return makeStoredMessage({
    role: 'assistant',
    content: '',
    latencyMs: 0,
    firstTokenMs: 0,
    provider: 'openai',
    model: 'gpt-4o-mini',
    createdAt: '2026-01-01T10:00:00Z',
    ...over,
  });
}

/** The events of a whole answer of the given text, cut into deltas. */
export function answerEvents(opts: { text: string[]; conversationId?: string; userText?: string; over?: Partial<MessageOut>; citations?: MessageOut['citations']; turn?: number }): ChatSseEvent[] {
  const conversationId = opts.conversationId ?? 'c1';
  const turn = opts.turn ?? 1;
  const user = makeMessage({ id: `u${turn}`, conversationId, role: 'user', content: opts.userText ?? 'Hello', provider: null, model: null });
  const final = makeMessage({ id: `m${turn}`, conversationId, content: opts.text.join(''), citations: opts.citations ?? [], ...opts.over });
  const events: ChatSseEvent[] = [['start', { conversationId, userMessage: user, messageId: final.id, provider: final.provider ?? 'builtin', model: final.model ?? '', version: 1 }]];
  if (opts.citations?.length) events.push(['citations', { citations: opts.citations }]);
  for (const t of opts.text) events.push(['delta', { text: t }]);
  events.push(['end', { message: final }]);
  return events;
}
