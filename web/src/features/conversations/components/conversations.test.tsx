import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dayBoundary } from '@/lib/conversations';
import type { ConversationOut, MessageOut } from '@/lib/conversations';
import { makeAgent } from '@/testing/mocks/agents';
import { makeConversation, makeMessage } from '@/testing/mocks/conversations';
import { FakeWebSocket } from '@/testing/mocks/realtime';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { adminUser, plainUser, renderApp } from '@/testing/test-utils';

const agents = [makeAgent({ id: 'a1', name: 'Support bot' }), makeAgent({ id: 'a2', name: 'Sales bot' })];

function listHandler(total: number, sent: URL[] = [], make: (i: number) => ConversationOut = (i) => makeConversation({ id: `c${i}`, title: `Conversation ${i}` })) {
  return mockApi.get('/conversations', ({ request }) => {
    const url = new URL(request.url);
    sent.push(url);
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    const count = Math.max(0, Math.min(limit, total - (page - 1) * limit));
    const data = Array.from({ length: count }, (_, i) => make((page - 1) * limit + i + 1));
    return HttpResponse.json({ success: true, data, meta: { page, limit, total } });
  });
}

const agentsHandler = mockApi.get('/agents', () => HttpResponse.json({ success: true, data: agents, meta: { page: 1, limit: 100, total: 2 } }));

describe('conversation list', () => {
  it('shows 10 a page, links each row to its transcript and sends the filters in the query', async () => {
    const sent: URL[] = [];
    server.use(agentsHandler, listHandler(23, sent));
    const { user } = renderApp('/dashboard/conversations/all', { user: plainUser });

    expect(await screen.findByRole('link', { name: 'Conversation 1' })).toHaveAttribute('href', '/dashboard/conversations/c1');
    expect(screen.getAllByTestId('conversation-row')).toHaveLength(10);
    const first = sent[0].searchParams;
    expect(first.get('page')).toBe('1');
    expect(first.get('limit')).toBe('10');
    for (const k of ['agentId', 'channel', 'status', 'from', 'to', 'search']) expect(first.has(k)).toBe(false);
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'Conversation 11' })).toBeInTheDocument();
    expect(sent.at(-1)!.searchParams.get('page')).toBe('2');

    // The agent filter is a combobox: typing narrows the agents, choosing one filters.
    const agent = screen.getByRole('combobox', { name: 'Agent' });
    await user.type(agent, 'sal');
    await user.click(await screen.findByRole('option', { name: 'Sales bot' }));
    expect(agent).toHaveValue('Sales bot');
    await waitFor(() => expect(sent.at(-1)!.searchParams.get('agentId')).toBe('a2'));
    expect(sent.at(-1)!.searchParams.get('page')).toBe('1');
    await user.selectOptions(screen.getByLabelText('Channel'), 'sms');
    await waitFor(() => expect(sent.at(-1)!.searchParams.get('channel')).toBe('sms'));
    await user.selectOptions(screen.getByLabelText('Status'), 'ended');
    await waitFor(() => expect(sent.at(-1)!.searchParams.get('status')).toBe('ended'));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(sent.at(-1)!.searchParams.get('from')).toBe(new Date(2026, 2, 1, 0, 0, 0, 0).toISOString()));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    await waitFor(() => expect(sent.at(-1)!.searchParams.get('to')).toBe(new Date(2026, 2, 31, 23, 59, 59, 999).toISOString()));

    await user.type(screen.getByLabelText('Search'), 'refund policy');
    await waitFor(() => expect(sent.at(-1)!.searchParams.get('search')).toBe('refund policy'));
    const last = sent.at(-1)!.searchParams;
    expect([last.get('agentId'), last.get('channel'), last.get('status')]).toEqual(['a2', 'sms', 'ended']);
  });

  it('keeps its filters in the address and goes back to the last page that exists', async () => {
    const sent: URL[] = [];
    server.use(agentsHandler, listHandler(23, sent));
    const { router } = renderApp('/dashboard/conversations/all?page=5&status=active&channel=widget', { user: plainUser });
    expect(await screen.findByRole('link', { name: 'Conversation 21' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3&status=active&channel=widget');
    expect(sent.at(-1)!.searchParams.get('status')).toBe('active');
    expect(sent.at(-1)!.searchParams.get('channel')).toBe('widget');
    expect(screen.getByLabelText('Channel')).toHaveValue('widget');
  });

  it('turns calendar days into instants bounding the whole day', () => {
    expect(dayBoundary('2026-01-05', false)).toBe(new Date(2026, 0, 5).toISOString());
    expect(dayBoundary('2026-01-05', true)).toBe(new Date(2026, 0, 5, 23, 59, 59, 999).toISOString());
    expect(dayBoundary('5/1/2026', false)).toBeUndefined();
  });

  it("says 'Failed to get conversations' when the list cannot be fetched", async () => {
    server.use(mockApi.get('/conversations', () => fail(403, 'forbidden', 'Not allowed')));
    renderApp('/dashboard/conversations', { user: plainUser });
    const alerts = await screen.findAllByText('Failed to get conversations');
    expect(alerts.length).toBeGreaterThanOrEqual(2); // the toast and the notice
    expect(screen.getByText('Not allowed')).toBeInTheDocument();
  });

  it.each([
    ['/dashboard/conversations', 'All conversations'],
    ['/dashboard/conversations/all', 'All conversations'],
    ['/dashboard/conversations/live', 'Live'],
  ])('marks the sidebar entry of %s as the current page', async (path, label) => {
    renderApp(path, { user: plainUser });
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page'));
    expect(within(nav).getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page')).toHaveLength(1);
  });

  it('reads its filters from the address, so links can open it filtered', async () => {
    const sent: URL[] = [];
    server.use(agentsHandler, listHandler(3, sent));
    renderApp('/dashboard/conversations/all?agentId=a2', { user: plainUser });
    await screen.findByRole('link', { name: 'Conversation 1' });
    expect(sent.at(-1)!.searchParams.get('agentId')).toBe('a2');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Agent' })).toHaveValue('Sales bot'));
  });

  it('has an empty state pointing to the chat when there are no conversations', async () => {
    renderApp('/dashboard/conversations', { user: plainUser });
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chat with an agent' })).toHaveAttribute('href', '/dashboard/chat');
    expect(screen.queryAllByTestId('conversation-row')).toHaveLength(0);
  });
});

describe('conversation transcript', () => {
  const conversation = makeConversation({ id: 'c1', title: 'Refunds', messageCount: 2, tokensIn: 1200, tokensOut: 340 });
  const messages: MessageOut[] = [
    makeMessage({ id: 'm1', content: 'Hi <img src=x onerror="alert(1)">\n  indented line' }),
    makeMessage({
      id: 'm2',
      role: 'assistant',
      content: 'Refunds take **5 days**.\n\n- Ship it back\n- Get the money <script>alert(1)</script>',
      status: 'partial',
      tokensIn: 1200,
      tokensOut: 340,
      latencyMs: 850,
      provider: 'builtin',
      model: 'builtin',
      notice: "No language model is connected: this answer was put together from the agent's greeting and knowledge base. An administrator can connect one with AGENTFORGE_LLM_PROVIDER.",
      citations: [{ documentId: 'd1', documentName: 'policy.md', passageId: 1, excerpt: 'Refunds are processed within 5 days.', score: 1.5 }],
      createdAt: '2026-03-01T10:00:02Z',
    }),
  ];
  const handlers = () => [
    mockApi.get('/conversations/{id}', () => ok(conversation), { id: 'c1' }),
    mockApi.get('/conversations/{id}/messages', () => ok(messages), { id: 'c1' }),
    mockApi.get('/agents/{id}', () => ok(makeAgent({ access: 'view' })), { id: 'a1' }),
  ];

  let originalCreate: typeof URL.createObjectURL;
  let originalRevoke: typeof URL.revokeObjectURL;
  beforeEach(() => {
    originalCreate = URL.createObjectURL;
    originalRevoke = URL.revokeObjectURL;
  });
  afterEach(() => {
    URL.createObjectURL = originalCreate;
    URL.revokeObjectURL = originalRevoke;
  });

  it('shows every message with its details: questions as text, answers formatted', async () => {
    server.use(...handlers());
    renderApp('/dashboard/conversations/c1', { user: plainUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Refunds' })).toBeInTheDocument();
    const items = await screen.findAllByTestId('transcript-message');
    expect(items).toHaveLength(2);

    // Markup in a message is shown, never run; spacing and line breaks are kept.
    expect(items[0].querySelector('img')).toBeNull();
    const body = within(items[0]).getByText(/Hi <img src=x onerror="alert\(1\)">/);
    expect(body.textContent).toBe('Hi <img src=x onerror="alert(1)">\n  indented line');
    expect(body).toHaveClass('whitespace-pre-wrap');

    // The answer's Markdown is formatted; raw HTML in it stays text.
    const answer = within(items[1]);
    expect(answer.getByText('5 days', { selector: 'strong' })).toBeInTheDocument();
    expect(answer.getAllByRole('listitem').map((li) => li.textContent)).toEqual(expect.arrayContaining(['Ship it back', 'Get the money <script>alert(1)</script>']));
    expect(items[1].querySelector('script')).toBeNull();
    expect(answer.getByText('Assistant')).toBeInTheDocument();
    expect(answer.getByText('Partial')).toBeInTheDocument();
    expect(answer.getByText('policy.md')).toBeInTheDocument();
    expect(answer.getByText('Refunds are processed within 5 days.')).toBeInTheDocument();
    // The built-in responder's notice, in the reader's words: no environment variable, and no link for a user.
    expect(answer.getByText(/^No language model is connected: this answer was put together from the agent's greeting and knowledge base\.$/)).toBeInTheDocument();
    expect(items[1]).not.toHaveTextContent('AGENTFORGE');
    expect(answer.queryByRole('link', { name: 'Connect a language model' })).not.toBeInTheDocument();
    expect(answer.getByText('Tokens: 1,200 in, 340 out')).toBeInTheDocument();
    expect(answer.getByText('Answered in 850 ms')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Support bot' })).toHaveAttribute('href', '/dashboard/agents/a1');
    expect(screen.getByText('1,200 in · 340 out')).toBeInTheDocument();
  });

  it('offers an admin to connect a language model beside the built-in responder’s notice', async () => {
    server.use(...handlers());
    renderApp('/dashboard/conversations/c1', { user: adminUser });
    const items = await screen.findAllByTestId('transcript-message');
    expect(within(items[1]).getByRole('link', { name: 'Connect a language model' })).toHaveAttribute('href', '/admin/configuration#model');
    expect(within(items[0]).queryByRole('link', { name: 'Connect a language model' })).not.toBeInTheDocument();
  });

  it('says when an answer is still being written or was interrupted, then shows it finished', async () => {
    const rows = [
      makeMessage({ id: 'q1', content: 'Where is my parcel?' }),
      makeMessage({ id: 'a1', role: 'assistant', content: 'It left the warehouse', status: 'interrupted' }),
      makeMessage({ id: 'q2', content: 'And now?' }),
      makeMessage({ id: 'a2', role: 'assistant', content: 'It is on', status: 'streaming' }),
    ];
    server.use(
      mockApi.get('/conversations/{id}', () => ok(conversation), { id: 'c1' }),
      mockApi.get('/conversations/{id}/messages', () => ok(rows), { id: 'c1' }),
      mockApi.get('/agents/{id}', () => ok(makeAgent({ access: 'view' })), { id: 'a1' }),
    );
    renderApp('/dashboard/conversations/c1', { user: plainUser });
    const items = await screen.findAllByTestId('transcript-message');
    expect(items[1]).toHaveAttribute('data-status', 'interrupted');
    expect(within(items[1]).getByText('Interrupted')).toBeInTheDocument();
    expect(within(items[1]).getByText('Interrupted: the server stopped while answering.')).toBeInTheDocument();
    expect(items[3]).toHaveAttribute('data-status', 'streaming');
    expect(within(items[3]).getByText('It is on')).toBeInTheDocument();
    expect(within(items[3]).getByTestId('message-streaming')).toHaveTextContent('Being written…');

    // The finished answer replaces the row being written.
    const socket = FakeWebSocket.last();
    act(() => socket.open());
    const done = makeMessage({ id: 'a2', role: 'assistant', content: 'It is on its way.' });
    act(() => socket.emit({ type: 'message.created', conversationId: 'c1', agentId: 'a1', message: done, conversation: { ...conversation, messageCount: 4 } }));
    await waitFor(() => expect(screen.getAllByTestId('transcript-message')[3]).toHaveAttribute('data-status', 'complete'));
    expect(screen.queryByTestId('message-streaming')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('transcript-message')).toHaveLength(4);
  });

  it.each([
    ['json', 'Export JSON', 'application/json', '{"conversation":{"id":"c1"}}', 'attachment; filename="conversation-c1.json"', 'conversation-c1.json'],
    ['csv', 'Export CSV', 'text/csv', 'role,content\nuser,hi\n', "attachment; filename*=UTF-8''Refunds%20%E2%80%94%20c1.csv", 'Refunds — c1.csv'],
  ])('exports %s with the token and saves it under the name the server gives', async (format, label, type, content, disposition, filename) => {
    let auth: string | null = null;
    let asked: string | null = null;
    server.use(
      ...handlers(),
      mockApi.get('/conversations/{id}/export', ({ request }) => {
        auth = request.headers.get('authorization');
        asked = new URL(request.url).searchParams.get('format');
        return new HttpResponse(content, { headers: { 'Content-Type': type, 'Content-Disposition': disposition } });
      }, { id: 'c1' }),
    );
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });

    const { user } = renderApp('/dashboard/conversations/c1', { user: plainUser });
    await user.click(await screen.findByRole('button', { name: label }));
    await waitFor(() => expect(saved).toEqual([filename]));
    expect(asked).toBe(format);
    expect(auth).toBe('Bearer test-token');
    expect(await blobs[0].text()).toBe(content);
  });

  it('ends the conversation', async () => {
    let ended = false;
    server.use(
      ...handlers(),
      mockApi.post('/conversations/{id}/end', () => {
        ended = true;
        return ok({ ...conversation, status: 'ended', endedAt: '2026-03-01T11:00:00Z' });
      }, { id: 'c1' }),
    );
    const { user } = renderApp('/dashboard/conversations/c1', { user: plainUser });
    await user.click(await screen.findByRole('button', { name: 'End conversation' }));
    expect(await screen.findByText('Conversation ended')).toBeInTheDocument();
    expect(ended).toBe(true);
    expect(screen.queryByRole('button', { name: 'End conversation' })).not.toBeInTheDocument();
  });

  it('deletes after confirmation and goes back to the list', async () => {
    let deleted = 0;
    server.use(
      ...handlers(),
      mockApi.delete('/conversations/{id}', () => {
        deleted += 1;
        return ok({ id: 'c1', deleted: true });
      }, { id: 'c1' }),
    );
    const { user, router } = renderApp('/dashboard/conversations/c1', { user: plainUser });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this conversation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete conversation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/conversations'));
    expect(deleted).toBe(1);
    expect(await screen.findByText('Conversation deleted')).toBeInTheDocument();
  });

  it("says so when the conversation does not exist or is someone else's", async () => {
    server.use(mockApi.get('/conversations/{id}', () => fail(404, 'not_found', 'Conversation not found'), { id: 'nope' }), mockApi.get('/conversations/{id}/messages', () => fail(404, 'not_found', 'Conversation not found'), { id: 'nope' }));
    renderApp('/dashboard/conversations/nope', { user: plainUser });
    expect(await screen.findByText('This conversation does not exist, or it is not yours.')).toBeInTheDocument();
  });
});

describe('live conversations', () => {
  it('shows new conversations and messages as the socket announces them', async () => {
    const c1 = makeConversation({ id: 'c1', title: 'Shipping question', messageCount: 2, lastMessage: { role: 'assistant', text: 'It left the warehouse today.' } });
    const statuses: (string | null)[] = [];
    server.use(
      mockApi.get('/conversations', ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        statuses.push(status);
        const data = status === 'active' ? [c1] : [];
        return HttpResponse.json({ success: true, data, meta: { page: 1, limit: 50, total: data.length } });
      }),
      mockApi.get('/conversations/{id}', () => ok(makeConversation({ id: 'c2', title: 'Fresh one', messageCount: 0 })), { id: 'c2' }),
      mockApi.get('/conversations/{id}/messages', () => ok([]), { id: 'c2' }),
      mockApi.get('/agents/{id}', () => ok(makeAgent({ access: 'view' }))),
    );
    const { user } = renderApp('/dashboard/conversations/live', { user: plainUser });
    expect(await screen.findAllByTestId('live-conversation')).toHaveLength(1);
    // The list carries the start of each conversation's latest message.
    expect(screen.getByTestId('live-conversation')).toHaveTextContent('Assistant: It left the warehouse today.');
    // The active conversations, and those handed to a person.
    expect(statuses.sort()).toEqual(['active', 'handed_off']);
    expect(screen.getByTestId('live-status')).toHaveTextContent('Connecting…');

    const socket = FakeWebSocket.last();
    expect(socket.url).toBe('ws://localhost:3000/ws?token=test-token');
    act(() => socket.open());
    expect(screen.getByTestId('live-status')).toHaveTextContent('Live');

    const c2 = makeConversation({ id: 'c2', title: 'Fresh one', messageCount: 0, agentName: 'Sales bot' });
    act(() => socket.emit({ type: 'conversation.started', conversation: c2 }));
    // The cache notifies the screen on the next tick.
    await waitFor(() => expect(screen.getAllByTestId('live-conversation')).toHaveLength(2));
    const cards = screen.getAllByTestId('live-conversation');
    expect(cards[0]).toHaveTextContent('Fresh one');
    expect(screen.getByText('2 active')).toBeInTheDocument();

    await user.click(within(cards[0]).getByRole('button'));
    expect(await screen.findByText('Waiting for the first message…')).toBeInTheDocument();

    const question = makeMessage({ id: 'q1', conversationId: 'c2', content: 'Do you ship to Norway?' });
    act(() => socket.emit({ type: 'message.created', conversationId: 'c2', agentId: 'a2', message: question, conversation: { ...c2, messageCount: 1 } }));
    const answer = makeMessage({ id: 'r1', conversationId: 'c2', role: 'assistant', content: 'Yes, in **3 days**.' });
    act(() => socket.emit({ type: 'message.created', conversationId: 'c2', agentId: 'a2', message: answer, conversation: { ...c2, messageCount: 2 } }));

    await waitFor(() => expect(screen.getAllByTestId('live-message')).toHaveLength(2));
    const live = screen.getAllByTestId('live-message');
    expect(live[1]).toHaveTextContent('Yes, in 3 days.');
    expect(within(live[1]).getByText('3 days', { selector: 'strong' })).toBeInTheDocument();
    const card = screen.getAllByTestId('live-conversation')[0];
    expect(card).toHaveTextContent('2 messages');
    expect(card).toHaveTextContent('Assistant: Yes, in **3 days**.');

    // Activity on another conversation moves it to the top.
    act(() =>
      socket.emit({
        type: 'message.created',
        conversationId: 'c1',
        agentId: 'a1',
        message: makeMessage({ id: 'x1', conversationId: 'c1', content: 'Any news?' }),
        conversation: { ...c1, messageCount: 3 },
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('live-conversation')[0]).toHaveTextContent('Shipping question'));
    expect(screen.getAllByTestId('live-conversation')[0]).toHaveTextContent('Any news?');
    expect(screen.getAllByTestId('live-message')).toHaveLength(2);

    act(() => socket.emit({ type: 'conversation.ended', conversation: { ...c2, status: 'ended', messageCount: 2 } }));
    await waitFor(() => expect(screen.getAllByTestId('live-conversation')).toHaveLength(1));
    expect(await screen.findByText('This conversation has ended.')).toBeInTheDocument();

    act(() => socket.drop());
    expect(screen.getByTestId('live-status')).toHaveTextContent('Reconnecting…');
  });
});
