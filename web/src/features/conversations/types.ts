import type { components } from '@/lib/api-types';

type S = components['schemas'];

/** Shapes of docs/chat.md ("Conversations", "Chat"), from the committed OpenAPI document. */
export type ConversationOut = S['ConversationOut'];
export type MessageOut = S['MessageOut'];
export type CitationOut = S['CitationOut'];
