import type { components } from '@/lib/api-types';

type S = components['schemas'];
export type ChatIn = S['ChatIn'];
export type ChatOut = S['ChatOut'];
export type MessageOut = S['MessageOut'];
export type CitationOut = S['CitationOut'];
export type ConversationOut = S['ConversationOut'];
export type DocumentOut = S['DocumentOut'];
export type ImageOut = S['ImageOut'];
export type PublicAgentOut = S['PublicAgentOut'];
