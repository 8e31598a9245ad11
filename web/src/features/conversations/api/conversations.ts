import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Paginated } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import type { ConversationOut, MessageOut } from '@/features/conversations/types';

export const CONVERSATION_CHANNELS = ['web', 'widget', 'api', 'voice', 'phone', 'sms', 'webhook'] as const;
export const CONVERSATION_STATUSES = ['active', 'ended', 'handed_off'] as const;
export type Channel = (typeof CONVERSATION_CHANNELS)[number];
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
export type ExportFormat = 'json' | 'csv';

/** The default page size of the specification. */
export const PAGE_SIZE = 10;

/** Default messages of the specification's error catalogue (used when the server gives none). */
export const CONVERSATION_ERRORS = {
  list: 'Failed to get conversations',
} as const;

/**
 * What the list screens ask for. `from`/`to` are calendar days (`YYYY-MM-DD`, the user's time
 * zone); the fetcher turns them into the instants the API takes. Empty means "no filter".
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

export const conversationKeys = {
  all: ['conversations'] as const,
  lists: () => ['conversations', 'list'] as const,
  list: (params: ConversationListParams) => ['conversations', 'list', params] as const,
  details: () => ['conversations', 'detail'] as const,
  detail: (id: string) => ['conversations', 'detail', id] as const,
  messages: (id: string) => ['conversations', 'detail', id, 'messages'] as const,
  agentOptions: () => ['conversations', 'agent-options'] as const,
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
  api.list<ConversationOut>('/conversations', { params: listQuery(p), defaultMessage: CONVERSATION_ERRORS.list });

/** Refetched on every visit: the socket may not have been listening meanwhile. */
export const conversationListQueryOptions = (params: ConversationListParams) =>
  queryOptions({
    queryKey: conversationKeys.list(params),
    queryFn: () => listConversations(params),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });

export const useConversations = (params: ConversationListParams) => useQuery(conversationListQueryOptions(params));

const path = (id: string) => `/conversations/${encodeURIComponent(id)}`;

export const conversationQueryOptions = (id: string) =>
  queryOptions({ queryKey: conversationKeys.detail(id), queryFn: () => api.get<ConversationOut>(path(id)), refetchOnMount: 'always' });
export const useConversation = (id: string) => useQuery(conversationQueryOptions(id));

export const messagesQueryOptions = (id: string) =>
  queryOptions({ queryKey: conversationKeys.messages(id), queryFn: () => api.get<MessageOut[]>(`${path(id)}/messages`), refetchOnMount: 'always' });
export const useConversationMessages = (id: string) => useQuery(messagesQueryOptions(id));

export type AgentOption = Pick<components['schemas']['AgentOut'], 'id' | 'name'>;

/** The agents to filter by (the API's largest page, by name). */
export const useAgentOptions = () =>
  useQuery({
    queryKey: conversationKeys.agentOptions(),
    queryFn: async () => (await api.list<AgentOption>('/agents', { params: { page: 1, limit: 100, sort: 'name', order: 'asc' } })).data,
  });

/** Puts a changed conversation into the detail cache and every cached list that shows it. */
function useStoreConversation() {
  const qc = useQueryClient();
  return (conversation: ConversationOut) => {
    qc.setQueryData(conversationKeys.detail(conversation.id), conversation);
    void qc.invalidateQueries({ queryKey: conversationKeys.lists() });
  };
}

export function useEndConversation() {
  const store = useStoreConversation();
  return useMutation({
    mutationFn: (id: string) => api.post<ConversationOut>(`${path(id)}/end`),
    onSuccess: store,
  });
}

export function useDeleteConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(path(id)),
    // The transcript's own cache is left to expire: removing it under the still-mounted screen
    // would refetch a conversation that no longer exists.
    onSuccess: (_d, id) => {
      // Lists are patched at once (and refetched when next shown).
      for (const [key, data] of qc.getQueriesData<Paginated<ConversationOut>>({ queryKey: conversationKeys.lists() })) {
        if (data?.data.some((c) => c.id === id)) {
          qc.setQueryData(key, { ...data, data: data.data.filter((c) => c.id !== id), meta: { ...data.meta, total: Math.max(0, data.meta.total - 1) } });
        }
      }
      void qc.invalidateQueries({ queryKey: conversationKeys.lists() });
    },
  });
}

/** The transcript as the server formats it (GET …/export), saved under the name it gives. */
export async function downloadExport(id: string, format: ExportFormat): Promise<void> {
  const { blob, filename } = await api.download(`${path(id)}/export`, { params: { format } });
  saveBlob(blob, filename ?? `conversation-${id}.${format}`);
}

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name.replace(/[\\/:*?"<>|]+/g, '_');
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const useExportConversation = () =>
  useMutation({ mutationFn: ({ id, format }: { id: string; format: ExportFormat }) => downloadExport(id, format) });
