import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type Paged } from '@/lib/api-client';
import type { Channel, ConversationStatus, ExportFormat } from '@/lib/api-enums';
import type { components } from '@/lib/api-types';
import { saveBlob } from '@/lib/download';

// Conversations are shown by three features: `conversations` (the lists, the live view, the
// transcripts), `chat` (the sidebar and the open conversation) and `agents` (an agent's latest
// conversations). They all read them here, through one set of query keys, so one realtime event
// (src/lib/conversations-realtime.ts) or one mutation updates every screen that shows them.

type S = components['schemas'];
/** Shapes of docs/chat.md ("Conversations"), from the committed OpenAPI document. */
export type ConversationOut = S['ConversationOut'];
export type MessageOut = S['MessageOut'];
export type CitationOut = S['CitationOut'];

export type ConversationPage = Paged<ConversationOut>;

/** The default page size of the specification. */
export const PAGE_SIZE = 10;
/** How many conversations the chat sidebar lists. */
export const SIDEBAR_LIMIT = 50;
/** How many conversations an agent's page shows; the rest are in the conversation list. */
export const RECENT_CONVERSATIONS = 5;

/** Default messages of the specification's error catalogue (used when the server gives none). */
export const CONVERSATION_ERRORS = {
  list: 'Failed to get conversations',
} as const;

/**
 * What a list asks for. `from`/`to` are calendar days (`YYYY-MM-DD`, the user's time zone); the
 * fetcher turns them into the instants the API takes. Empty means "no filter".
 */
export type ConversationListParams = {
  page: number;
  limit: number;
  agentId?: string;
  channel?: Channel;
  status?: ConversationStatus;
  from?: string;
  to?: string;
  search?: string;
};

/** The live view: the active conversations, as many as one screen can follow. */
export const LIVE_LIST_PARAMS: ConversationListParams = { page: 1, limit: 50, status: 'active' };
/** The chat sidebar: my latest conversations with one agent. */
export const sidebarParams = (agentId: string): ConversationListParams => ({ page: 1, limit: SIDEBAR_LIMIT, agentId });
/** An agent's page: its latest conversations. */
export const recentParams = (agentId: string): ConversationListParams => ({ page: 1, limit: RECENT_CONVERSATIONS, agentId });

/**
 * Every cached list sits under `lists()` with its parameters third, so a realtime event can find
 * each list and judge whether the conversation belongs in it; an agent's list (read from
 * /agents/{id}/conversations) is told apart by a fourth part.
 */
export const conversationKeys = {
  all: ['conversations'] as const,
  lists: () => ['conversations', 'list'] as const,
  list: (params: ConversationListParams) => ['conversations', 'list', params] as const,
  agentList: (agentId: string) => ['conversations', 'list', recentParams(agentId), 'agent'] as const,
  details: () => ['conversations', 'detail'] as const,
  detail: (id: string) => ['conversations', 'detail', id] as const,
  messages: (id: string) => ['conversations', 'detail', id, 'messages'] as const,
};

/** The first (`end` false) or last (`end` true) instant of a local calendar day, as RFC 3339. */
export function dayBoundary(day: string, end: boolean): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const date = end ? new Date(y, mo, d, 23, 59, 59, 999) : new Date(y, mo, d, 0, 0, 0, 0);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The query string of GET /api/conversations: filters left out when empty. */
export function listQuery(p: ConversationListParams) {
  return {
    page: p.page,
    limit: p.limit,
    agentId: p.agentId || undefined,
    channel: p.channel || undefined,
    status: p.status || undefined,
    from: p.from ? dayBoundary(p.from, false) : undefined,
    to: p.to ? dayBoundary(p.to, true) : undefined,
    search: p.search?.trim() || undefined,
  };
}

export const listConversations = (p: ConversationListParams) =>
  api.list('/conversations', { params: { query: listQuery(p) }, defaultMessage: CONVERSATION_ERRORS.list });

/** Refetched on every visit: the socket may not have been listening meanwhile. */
export const conversationListQueryOptions = (params: ConversationListParams) =>
  queryOptions({
    queryKey: conversationKeys.list(params),
    queryFn: () => listConversations(params),
    refetchOnMount: 'always',
  });

/** `keepPrevious`: a page or filter change keeps the rows on screen until the new ones arrive. */
export const useConversations = (params: ConversationListParams, { keepPrevious = false } = {}) =>
  useQuery({ ...conversationListQueryOptions(params), placeholderData: keepPrevious ? keepPreviousData : undefined });

/** The agent's latest conversations (newest activity first) and how many there are in all. */
export const agentConversationsQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: conversationKeys.agentList(agentId),
    queryFn: () => api.list('/agents/{id}/conversations', { params: { path: { id: agentId }, query: { page: 1, limit: RECENT_CONVERSATIONS } } }),
    // Conversations happen elsewhere (chat, widget): every visit asks again.
    refetchOnMount: 'always',
  });

export const useAgentConversations = (agentId: string) => useQuery(agentConversationsQueryOptions(agentId));

export const conversationQueryOptions = (id: string) =>
  queryOptions({ queryKey: conversationKeys.detail(id), queryFn: () => api.get('/conversations/{id}', { params: { path: { id } } }), refetchOnMount: 'always' });
export const useConversation = (id: string) => useQuery(conversationQueryOptions(id));

/** Every message of a conversation, oldest first. */
export const messagesQueryOptions = (id: string) =>
  queryOptions({ queryKey: conversationKeys.messages(id), queryFn: () => api.get('/conversations/{id}/messages', { params: { path: { id } } }) });

/**
 * A transcript. `fresh` asks the server again on every visit (the transcript pages); the chat
 * keeps what it has, which its turns and the socket keep current.
 */
export function useConversationMessages<T = MessageOut[]>(id: string | null, options: { fresh?: boolean; select?: (messages: MessageOut[]) => T } = {}) {
  return useQuery({
    ...messagesQueryOptions(id ?? ''),
    enabled: id !== null,
    refetchOnMount: options.fresh ? 'always' : true,
    select: options.select,
  });
}

// Cache updates shared by the mutations, the chat turn and the realtime socket.

/**
 * A message time as text that sorts as the time does: the server writes RFC 3339 in UTC with as
 * many fraction digits as it needs (none, 3, 6 or 9), so the fraction is padded to nine.
 */
export function timeKey(iso: string): string {
  return iso.replace(/(?:\.(\d{1,9}))?(Z|[+-]00:00)$/i, (_m, fraction: string | undefined) => `.${(fraction ?? '').padEnd(9, '0')}Z`);
}

/**
 * Adds messages to a cached transcript (replacing those with the same id), in the order they were
 * written: the socket may bring a turn's answer before the turn itself hands over its question.
 * One nobody opened is left alone unless `create`.
 */
export function storeMessages(qc: QueryClient, conversationId: string, messages: MessageOut[], { create = false } = {}) {
  qc.setQueryData<MessageOut[]>(conversationKeys.messages(conversationId), (old) => {
    if (!old && !create) return old;
    let next = old ?? [];
    for (const m of messages) next = next.some((x) => x.id === m.id) ? next.map((x) => (x.id === m.id ? m : x)) : [...next, m];
    // A stable sort: messages of the same instant keep the order they came in.
    return next.map((m) => [timeKey(m.createdAt), m] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, m]) => m);
  });
}

/** Takes a conversation out of every cached list (counting it out of their totals). */
export function removeFromLists(qc: QueryClient, id: string) {
  for (const [key, data] of qc.getQueriesData<ConversationPage>({ queryKey: conversationKeys.lists() })) {
    if (data?.data.some((c) => c.id === id)) {
      qc.setQueryData<ConversationPage>(key, { ...data, data: data.data.filter((c) => c.id !== id), meta: { ...data.meta, total: Math.max(0, data.meta.total - 1) } });
    }
  }
}

export function useEndConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('/conversations/{id}/end', { params: { path: { id } } }),
    onSuccess: (conversation) => {
      qc.setQueryData(conversationKeys.detail(conversation.id), conversation);
      void qc.invalidateQueries({ queryKey: conversationKeys.lists() });
    },
  });
}

export function useDeleteConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/conversations/{id}', { params: { path: { id } } }),
    // The transcript's own cache is left to expire: removing it under the still-mounted screen
    // would refetch a conversation that no longer exists.
    onSuccess: (_d, id) => {
      // Lists are patched at once (and refetched when next shown).
      removeFromLists(qc, id);
      void qc.invalidateQueries({ queryKey: conversationKeys.lists() });
    },
  });
}

/** The transcript as the server formats it (GET …/export), saved under the name it gives. */
export async function downloadExport(id: string, format: ExportFormat): Promise<void> {
  const { blob, filename } = await api.download('/conversations/{id}/export', { params: { path: { id }, query: { format } } });
  saveBlob(blob, filename ?? `conversation-${id}.${format}`);
}

export const useExportConversation = () =>
  useMutation({ mutationFn: ({ id, format }: { id: string; format: ExportFormat }) => downloadExport(id, format) });
