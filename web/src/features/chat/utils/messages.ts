import type { CitationOut, MessageOut } from '@/features/chat/types';

/**
 * A message as the chat shows it: a stored MessageOut, or one of the turn in progress (the
 * user's text before the server confirms it, the answer while it streams).
 */
export type ChatMessage = {
  id: string;
  role: MessageOut['role'];
  content: string;
  /** As stored; `streaming` while the answer arrives. */
  status: MessageOut['status'];
  error?: string | null;
  citations: CitationOut[];
  notice?: string | null;
  provider?: MessageOut['provider'];
  model?: string | null;
  /** A user message the server never accepted (the send failed before the answer began). */
  unsent?: boolean;
};

export function toChatMessage(m: MessageOut): ChatMessage {
  return {
    id: m.id,
    role: m.role,
    content: m.content ?? '',
    status: m.status ?? 'complete',
    error: m.error ?? null,
    citations: m.citations ?? [],
    notice: m.notice ?? null,
    provider: m.provider ?? null,
    model: m.model ?? null,
  };
}

/** Tool and system messages are part of the record, not of the conversation on screen. */
export const isShown = (m: ChatMessage) => m.role === 'user' || m.role === 'assistant';
