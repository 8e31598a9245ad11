import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { conversationKeys, removeFromLists, storeMessages, type ConversationListParams, type ConversationOut, type ConversationPage, type MessageOut } from '@/lib/conversations';
import { useRealtime, type RealtimeEvent, type RealtimeListener, type RealtimeStatus } from '@/lib/realtime';

// The realtime socket's conversation events, applied to every cached view of conversations at
// once: the lists (the conversation list, the live view, the chat sidebar, an agent's latest),
// the conversation itself and its open transcript (the transcript pages and the chat's).

type Page = ConversationPage;

/**
 * Whether a list with these filters shows the conversation: true, false, or null when only the
 * server can tell (text search, date bounds).
 */
function fits(c: ConversationOut, p: ConversationListParams): boolean | null {
  if (p.agentId && p.agentId !== c.agentId) return false;
  if (p.channel && p.channel !== c.channel) return false;
  if (p.status && p.status !== c.status) return false;
  if (p.search?.trim() || p.from || p.to) return null;
  return true;
}

/**
 * Applies one changed conversation to every cached list, newest activity first: replaced in
 * place, moved to the top of page 1 when it just had activity, added to page 1 when new, or
 * taken out when it no longer fits the filters. What cannot be worked out here is refetched.
 * `handled`: who answers changed (handed to a person, or back): it may now belong in a list
 * filtered by status that does not hold it, which the server then places.
 */
function patchLists(qc: QueryClient, c: ConversationOut, change: 'started' | 'activity' | 'updated' | 'handled') {
  for (const [key, data] of qc.getQueriesData<Page>({ queryKey: conversationKeys.lists() })) {
    const params = (key as QueryKey)[2] as ConversationListParams | undefined;
    if (!data || !params) continue;
    const refetch = () => void qc.invalidateQueries({ queryKey: key, exact: true });
    const fit = fits(c, params);
    const index = data.data.findIndex((x) => x.id === c.id);
    if (fit === null) {
      if (index >= 0 || change !== 'updated') refetch();
      continue;
    }
    if (index >= 0) {
      // An event without the latest message (ended, say) keeps the one the list had.
      const next = !c.lastMessage && data.data[index].lastMessage ? { ...c, lastMessage: data.data[index].lastMessage } : c;
      if (!fit) {
        qc.setQueryData<Page>(key, { ...data, data: data.data.filter((x) => x.id !== c.id), meta: { ...data.meta, total: Math.max(0, data.meta.total - 1) } });
      } else if ((change === 'started' || change === 'activity') && params.page === 1) {
        qc.setQueryData<Page>(key, { ...data, data: [next, ...data.data.filter((x) => x.id !== c.id)] });
      } else {
        qc.setQueryData<Page>(key, { ...data, data: data.data.map((x) => (x.id === c.id ? next : x)) });
      }
    } else if (fit && change === 'started' && params.page === 1) {
      qc.setQueryData<Page>(key, { ...data, data: [c, ...data.data].slice(0, params.limit), meta: { ...data.meta, total: data.meta.total + 1 } });
    } else if (fit && change === 'handled') {
      refetch();
    } else if (fit && change !== 'updated') {
      // Fits but is not here (a later page, or beyond what page 1 holds): the server knows where.
      refetch();
    }
  }
}

function setDetailIfCached(qc: QueryClient, c: ConversationOut) {
  qc.setQueryData<ConversationOut>(conversationKeys.detail(c.id), (old) => (old ? c : old));
}

/** What a conversation carries of its latest message (the server sends its first 200 characters). */
const lastMessageOf = (m: MessageOut): ConversationOut['lastMessage'] => ({ role: m.role, text: m.content.slice(0, 200) });

/** Brings the cached conversations, transcripts and lists up to date with one socket event. */
export function applyConversationEvent(qc: QueryClient, event: RealtimeEvent): void {
  switch (event.type) {
    case 'conversation.started':
      patchLists(qc, event.conversation, 'started');
      setDetailIfCached(qc, event.conversation);
      break;
    case 'message.created': {
      const { message } = event;
      // Only a transcript someone has open is extended; the others load whole when opened.
      storeMessages(qc, event.conversationId, [message]);
      // The message itself is the conversation's latest.
      const c = { ...event.conversation, lastMessage: lastMessageOf(message) };
      patchLists(qc, c, 'activity');
      setDetailIfCached(qc, c);
      break;
    }
    case 'conversation.ended':
      patchLists(qc, event.conversation, 'updated');
      setDetailIfCached(qc, event.conversation);
      break;
    case 'conversation.handed_off':
      // Handed to a person (`handed_off`) or back to the agent (`active`).
      patchLists(qc, event.conversation, 'handled');
      setDetailIfCached(qc, event.conversation);
      break;
    case 'conversation.deleted':
      removeFromLists(qc, event.conversationId);
      qc.removeQueries({ queryKey: conversationKeys.detail(event.conversationId) });
      break;
    case 'resync':
      // The socket fell behind and missed events: what is shown is asked for again.
      void qc.invalidateQueries({ queryKey: conversationKeys.all });
      break;
  }
}

/**
 * Listens to the realtime socket while mounted and keeps every cached view of conversations
 * current. After a reconnection everything cached is refetched, since events may have been missed.
 */
export function useConversationsRealtime(onEvent?: RealtimeListener, options: { enabled?: boolean } = {}): RealtimeStatus {
  const qc = useQueryClient();
  return useRealtime((event, info) => {
    if (event.type === 'ready') {
      if (info.resumed) void qc.invalidateQueries({ queryKey: conversationKeys.all });
    } else {
      applyConversationEvent(qc, event);
    }
    onEvent?.(event, info);
  }, options);
}
