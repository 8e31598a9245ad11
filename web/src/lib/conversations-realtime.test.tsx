import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { conversationKeys, LIVE_LIST_PARAMS, recentParams, sidebarParams, timeKey, type ConversationListParams } from '@/lib/conversations';
import { useConversationsRealtime } from '@/lib/conversations-realtime';
import type { ConversationOut, MessageOut } from '@/lib/conversations';
import type { ConversationPage } from '@/lib/conversations';
import { queryConfig } from '@/lib/query-client';
import { RealtimeProvider } from '@/lib/realtime';
import { TOKEN_KEY } from '@/lib/storage';
import { makeConversation, makeMessage } from '@/testing/mocks/conversations';
import { FakeWebSocket } from '@/testing/mocks/realtime';

const page = (data: ConversationOut[], p: ConversationListParams): ConversationPage => ({ success: true, data, meta: { page: p.page, limit: p.limit, total: data.length } });
const ALL: ConversationListParams = { page: 1, limit: 10 };
const ENDED: ConversationListParams = { page: 1, limit: 10, status: 'ended' };
const OTHER_AGENT: ConversationListParams = { page: 1, limit: 10, agentId: 'a2' };

function setup() {
  const qc = new QueryClient({ defaultOptions: { queries: { ...queryConfig, retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>
      <RealtimeProvider>{children}</RealtimeProvider>
    </QueryClientProvider>
  );
  const hook = renderHook(() => useConversationsRealtime(), { wrapper });
  const socket = FakeWebSocket.last();
  act(() => socket.open());
  const list = (p: ConversationListParams) => qc.getQueryData<ConversationPage>(conversationKeys.list(p));
  return { qc, hook, socket, list };
}

describe('the realtime hook', () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, 'tok'));

  it('reports the connection state', () => {
    const { hook, socket } = setup();
    expect(hook.result.current).toBe('open');
    act(() => socket.drop());
    expect(hook.result.current).toBe('closed');
  });

  it('adds a started conversation to page 1 of the lists it fits, and only those', () => {
    const { qc, socket, list } = setup();
    const old = makeConversation({ id: 'c0', title: 'Older' });
    for (const p of [ALL, LIVE_LIST_PARAMS, ENDED, OTHER_AGENT]) qc.setQueryData(conversationKeys.list(p), page(p === ENDED ? [] : [old], p));

    const started = makeConversation({ id: 'c9', title: 'Fresh', messageCount: 0 });
    act(() => socket.emit({ type: 'conversation.started', conversation: started }));

    expect(list(ALL)!.data.map((c) => c.id)).toEqual(['c9', 'c0']);
    expect(list(ALL)!.meta.total).toBe(2);
    expect(list(LIVE_LIST_PARAMS)!.data.map((c) => c.id)).toEqual(['c9', 'c0']);
    expect(list(ENDED)!.data).toEqual([]);
    expect(list(OTHER_AGENT)!.data.map((c) => c.id)).toEqual(['c0']);
  });

  it('appends a created message to the open transcript and moves its conversation to the top with the new counts', () => {
    const { qc, socket, list } = setup();
    const a = makeConversation({ id: 'ca', messageCount: 1 });
    const b = makeConversation({ id: 'cb', messageCount: 4 });
    qc.setQueryData(conversationKeys.list(ALL), page([a, b], ALL));
    qc.setQueryData(conversationKeys.detail('cb'), b);
    const first = makeMessage({ id: 'm1', conversationId: 'cb' });
    qc.setQueryData<MessageOut[]>(conversationKeys.messages('cb'), [first]);

    const answer = makeMessage({ id: 'm2', conversationId: 'cb', role: 'assistant', content: 'It ships today.' });
    const updated = { ...b, messageCount: 5, lastMessageAt: '2026-03-01T11:00:00Z' };
    act(() => socket.emit({ type: 'message.created', conversationId: 'cb', agentId: 'a1', message: answer, conversation: updated }));
    // The same event twice (e.g. two instances) does not duplicate the message.
    act(() => socket.emit({ type: 'message.created', conversationId: 'cb', agentId: 'a1', message: answer, conversation: updated }));

    expect(qc.getQueryData<MessageOut[]>(conversationKeys.messages('cb'))!.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(list(ALL)!.data.map((c) => [c.id, c.messageCount])).toEqual([
      ['cb', 5],
      ['ca', 1],
    ]);
    expect(qc.getQueryData<ConversationOut>(conversationKeys.detail('cb'))!.messageCount).toBe(5);
    // A transcript nobody opened is not created.
    expect(qc.getQueryData(conversationKeys.messages('ca'))).toBeUndefined();
  });

  it('keeps a transcript in the order its messages were written, whichever arrives first', () => {
    const { qc, socket } = setup();
    qc.setQueryData<MessageOut[]>(conversationKeys.messages('c1'), [makeMessage({ id: 'm1', createdAt: '2026-03-01T12:00:00Z' })]);
    const conversation = makeConversation({ id: 'c1' });
    // The answer (written a microsecond after its question) is announced first.
    const answer = makeMessage({ id: 'm3', role: 'assistant', createdAt: '2026-03-01T12:00:05.427906Z' });
    const question = makeMessage({ id: 'm2', createdAt: '2026-03-01T12:00:05.427905Z' });
    act(() => socket.emit({ type: 'message.created', conversationId: 'c1', agentId: 'a1', message: answer, conversation }));
    act(() => socket.emit({ type: 'message.created', conversationId: 'c1', agentId: 'a1', message: question, conversation }));
    expect(qc.getQueryData<MessageOut[]>(conversationKeys.messages('c1'))!.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
  });

  it('orders times written with different precisions as the times they are', () => {
    expect(timeKey('2026-03-01T12:00:05.4Z') < timeKey('2026-03-01T12:00:05.427906Z')).toBe(true);
    expect(timeKey('2026-03-01T12:00:05Z') < timeKey('2026-03-01T12:00:05.000001Z')).toBe(true);
    expect(timeKey('2026-03-01T12:00:05.5+00:00')).toBe(timeKey('2026-03-01T12:00:05.500Z'));
  });

  it('takes an ended conversation out of the active list and updates it elsewhere', () => {
    const { qc, socket, list } = setup();
    const c = makeConversation({ id: 'c1' });
    qc.setQueryData(conversationKeys.list(ALL), page([c], ALL));
    qc.setQueryData(conversationKeys.list(LIVE_LIST_PARAMS), page([c], LIVE_LIST_PARAMS));
    const ended = makeConversation({ ...c, status: 'ended', endedAt: '2026-03-01T12:00:00Z' });
    act(() => socket.emit({ type: 'conversation.ended', conversation: ended }));
    expect(list(LIVE_LIST_PARAMS)!.data).toEqual([]);
    expect(list(LIVE_LIST_PARAMS)!.meta.total).toBe(0);
    expect(list(ALL)!.data[0].status).toBe('ended');
  });

  it('removes a deleted conversation from the lists and the cache', () => {
    const { qc, socket, list } = setup();
    const c = makeConversation({ id: 'c1' });
    qc.setQueryData(conversationKeys.list(ALL), page([c, makeConversation({ id: 'c2' })], ALL));
    qc.setQueryData(conversationKeys.detail('c1'), c);
    qc.setQueryData(conversationKeys.messages('c1'), [makeMessage()]);
    act(() => socket.emit({ type: 'conversation.deleted', conversationId: 'c1', agentId: 'a1' }));
    expect(list(ALL)!.data.map((x) => x.id)).toEqual(['c2']);
    expect(list(ALL)!.meta.total).toBe(1);
    expect(qc.getQueryData(conversationKeys.detail('c1'))).toBeUndefined();
    expect(qc.getQueryData(conversationKeys.messages('c1'))).toBeUndefined();
  });

  it('updates the chat sidebar and the open chat transcript, which share the conversation caches', () => {
    const { qc, socket, list } = setup();
    // The chat of agent a1: its sidebar (my latest conversations with it) and an open conversation.
    const open = makeConversation({ id: 'c1', agentId: 'a1', messageCount: 2 });
    qc.setQueryData(conversationKeys.list(sidebarParams('a1')), page([open], sidebarParams('a1')));
    qc.setQueryData(conversationKeys.list(sidebarParams('a2')), page([], sidebarParams('a2')));
    qc.setQueryData<MessageOut[]>(conversationKeys.messages('c1'), [makeMessage({ id: 'm1', conversationId: 'c1', role: 'user' }), makeMessage({ id: 'm2', conversationId: 'c1' })]);

    // Someone starts another conversation with a1 (say, in another tab)…
    const started = makeConversation({ id: 'c2', agentId: 'a1', title: 'From the widget', messageCount: 0 });
    act(() => socket.emit({ type: 'conversation.started', conversation: started }));
    expect(list(sidebarParams('a1'))!.data.map((c) => c.id)).toEqual(['c2', 'c1']);
    // …and only a1's sidebar shows it.
    expect(list(sidebarParams('a2'))!.data).toEqual([]);

    // A message in the open conversation joins its transcript and lifts it in the sidebar.
    const reply = makeMessage({ id: 'm3', conversationId: 'c1', role: 'assistant', content: 'Sent from the other tab.' });
    act(() => socket.emit({ type: 'message.created', conversationId: 'c1', agentId: 'a1', message: reply, conversation: { ...open, messageCount: 3 } }));
    expect(qc.getQueryData<MessageOut[]>(conversationKeys.messages('c1'))!.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
    expect(list(sidebarParams('a1'))!.data.map((c) => [c.id, c.messageCount])).toEqual([
      ['c1', 3],
      ['c2', 0],
    ]);
    expect(list(sidebarParams('a1'))!.data[0].lastMessage).toEqual({ role: 'assistant', text: 'Sent from the other tab.' });

    // Deleted elsewhere: it leaves the sidebar and its transcript.
    act(() => socket.emit({ type: 'conversation.deleted', conversationId: 'c1', agentId: 'a1' }));
    expect(list(sidebarParams('a1'))!.data.map((c) => c.id)).toEqual(['c2']);
    expect(qc.getQueryData(conversationKeys.messages('c1'))).toBeUndefined();
  });

  it("updates an agent's latest conversations (its page) like any other list", () => {
    const { qc, socket } = setup();
    const key = conversationKeys.agentList('a1');
    qc.setQueryData(key, page([makeConversation({ id: 'c1' })], recentParams('a1')));
    act(() => socket.emit({ type: 'conversation.started', conversation: makeConversation({ id: 'c2', agentId: 'a1' }) }));
    expect(qc.getQueryData<ConversationPage>(key)!.data.map((c) => c.id)).toEqual(['c2', 'c1']);
  });

  it('refetches what is shown when the server says the socket fell behind', () => {
    const { qc, socket } = setup();
    qc.setQueryData(conversationKeys.list(ALL), page([], ALL));
    qc.setQueryData<MessageOut[]>(conversationKeys.messages('c1'), []);
    act(() => socket.emit({ type: 'resync', skipped: 12 }));
    expect(qc.getQueryState(conversationKeys.list(ALL))!.isInvalidated).toBe(true);
    expect(qc.getQueryState(conversationKeys.messages('c1'))!.isInvalidated).toBe(true);
  });

  it('marks everything stale after a reconnection, since events may have been missed', () => {
    vi.useFakeTimers();
    try {
      const { qc, socket } = setup();
      qc.setQueryData(conversationKeys.list(ALL), page([], ALL));
      expect(qc.getQueryState(conversationKeys.list(ALL))!.isInvalidated).toBe(false);
      act(() => socket.drop());
      act(() => vi.advanceTimersByTime(1200));
      expect(FakeWebSocket.instances).toHaveLength(2);
      act(() => FakeWebSocket.last().open());
      expect(qc.getQueryState(conversationKeys.list(ALL))!.isInvalidated).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
