import type { CitationOut, MessageOut } from '@/lib/conversations';

/**
 * A tool call as the chat shows it: as stored (`toolCalls` of an answer), or, while the answer
 * streams, as soon as the model asks for it (`tool_call`: `pending` until its `tool_result`).
 */
export type ChatToolCall = MessageOut['toolCalls'][number] & { pending?: boolean };

/**
 * A message as the chat shows it: a stored MessageOut, or one of the turn in progress (the
 * user's text before the server confirms it, the answer while it streams).
 */
export type ChatMessage = {
  id: string;
  role: MessageOut['role'];
  content: string;
  /** As stored: `streaming` while the answer is written (here or, for a stored row, elsewhere), `interrupted` when the server stopped mid-answer. */
  status: MessageOut['status'];
  error?: string | null;
  citations: CitationOut[];
  /** The tools the agent called while answering, in order. */
  toolCalls: ChatToolCall[];
  notice?: string | null;
  provider?: MessageOut['provider'];
  model?: string | null;
  /** A user message the server never accepted (the send failed before the answer began). */
  unsent?: boolean;
  /** What a flow said with this answer: the buttons to offer, and whether it handed off or ended. */
  flow?: MessageOut['flow'];
  /** The team member who wrote this answer in a conversation handed to a person (not the agent). */
  authorId?: string | null;
};

export function toChatMessage(m: MessageOut): ChatMessage {
  return {
    id: m.id,
    role: m.role,
    content: m.content,
    status: m.status,
    error: m.error ?? null,
    citations: m.citations,
    toolCalls: m.toolCalls ?? [],
    notice: m.notice ?? null,
    provider: m.provider ?? null,
    model: m.model ?? null,
    flow: m.flow ?? null,
    authorId: m.authorId ?? null,
  };
}

/** Tool and system messages are part of the record, not of the conversation on screen. */
export const isShown = (m: ChatMessage) => m.role === 'user' || m.role === 'assistant';

/** A message of the turn as the transcript cache keeps it (the server's shape). */
export function toMessageOut(m: ChatMessage, conversationId: string): MessageOut {
  return {
    id: m.id,
    conversationId,
    role: m.role,
    content: m.content,
    status: m.status,
    error: m.error ?? null,
    citations: m.citations,
    notice: m.notice ?? null,
    provider: m.provider ?? null,
    model: m.model ?? null,
    // A call still pending when the turn stopped never got a result: it is kept as it was asked.
    toolCalls: m.toolCalls.map(({ pending: _pending, ...call }) => call),
    flow: m.flow ?? null,
    authorId: m.authorId ?? null,
    tokensIn: 0,
    tokensOut: 0,
    createdAt: new Date().toISOString(),
  };
}
