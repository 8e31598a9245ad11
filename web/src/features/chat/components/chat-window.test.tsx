import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ChatIn } from '@/lib/chat-stream';
import { makeAgent } from '@/testing/mocks/agents';
import { answerEvents, makeConversation, makeMessage } from '@/testing/mocks/chat';
import { FakeWebSocket } from '@/testing/mocks/realtime';
import { fail, mockApi, ok, openSse, sseResponse, type ApiAnswer } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { adminUser, plainUser, renderApp } from '@/testing/test-utils';

// The server's notice for built-in answers (its English), and what the reader sees instead: the
// reader's language (English here), naming no environment variable.
const NOTICE = "No language model is connected: this answer was put together from the agent's greeting and knowledge base. An administrator can connect one with AGENTFORGE_LLM_PROVIDER.";
const SHOWN_NOTICE = "No language model is connected: this answer was put together from the agent's greeting and knowledge base.";
const CITATION = { documentId: 'd1', documentName: 'refunds.md', passageId: 1, excerpt: 'Refunds are accepted within 30 days.', score: 1.2 };

type Sent = ChatIn;

/** The agent a1 with its chat; `chat` answers POST /agents/a1/chat and records the bodies. */
function agentChat(chat: (body: Sent, call: number) => ApiAnswer<'post', '/agents/{id}/chat'>, sent: Sent[] = []) {
  server.use(
    mockApi.get('/agents/{id}', () => ok(makeAgent({ greeting: 'Hi there! Ask me about refunds.' })), { id: 'a1' }),
    mockApi.post(
      '/agents/{id}/chat',
      async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        return chat(body, sent.length);
      },
      { id: 'a1' },
    ),
  );
  return sent;
}

const messages = () => screen.queryAllByTestId('chat-message');
const input = () => screen.getByTestId('chat-input');

describe('chat window', () => {
  it('sends with Enter, streams the answer in, and shows sources, the notice and the built-in banner', async () => {
    const sent = agentChat((_body, call) =>
      sseResponse(
        answerEvents({
          turn: call,
          userText: 'What is your refund policy?',
          text: ['You can get a **refund** ', 'within 30 days.'],
          citations: [CITATION],
          over: { provider: 'builtin', model: null, notice: NOTICE },
        }),
      ),
    );
    const { user } = renderApp('/dashboard/agents/a1/chat', { user: plainUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat with agent' })).toBeInTheDocument();
    expect(await screen.findByText('Hi there! Ask me about refunds.')).toBeInTheDocument();

    await user.type(input(), 'What is your refund policy?{Enter}');
    expect(await screen.findByText('refund', { selector: 'strong' })).toBeInTheDocument();
    await waitFor(() => expect(messages()).toHaveLength(2));
    expect(messages().map((m) => m.dataset.role)).toEqual(['user', 'assistant']);
    const answer = messages()[1];
    expect(answer).toHaveTextContent('You can get a refund within 30 days.');
    const citation = within(answer).getByTestId('chat-citation');
    expect(citation).toHaveTextContent('refunds.md');
    expect(citation).toHaveTextContent('Refunds are accepted within 30 days.');
    expect(within(answer).getByTestId('chat-notice')).toHaveTextContent(SHOWN_NOTICE);
    expect(within(answer).getByTestId('chat-notice')).not.toHaveTextContent('AGENTFORGE');
    expect(screen.getByText(/No language model is connected: the built-in responder answers/)).toBeInTheDocument();
    // Only an admin is offered to connect a model.
    expect(screen.queryByRole('link', { name: 'Connect a language model' })).not.toBeInTheDocument();
    expect(sent[0]).toEqual({ message: 'What is your refund policy?', conversationId: null, useKnowledgeBase: true, includeContext: true, shareToken: null, stream: true });
    expect(input()).toHaveValue('');
    // The greeting stays on top of the conversation it opened (shown, never sent or stored).
    const log = screen.getByRole('log');
    expect(within(log).getByTestId('chat-greeting')).toHaveTextContent('Hi there! Ask me about refunds.');
    expect(within(log).getAllByRole('listitem')[0]).toBe(within(log).getByTestId('chat-greeting'));

    // The next message continues the same conversation.
    await user.type(input(), 'Thanks{Enter}');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ message: 'Thanks', conversationId: 'c1' });
  });

  it('offers an admin to connect a language model, beside the notice and the banner', async () => {
    agentChat((_body, call) => sseResponse(answerEvents({ turn: call, userText: 'Hello', text: ['Hi.'], over: { provider: 'builtin', model: null, notice: NOTICE } })));
    const { user } = renderApp('/dashboard/agents/a1/chat', { user: adminUser });
    await user.type(await screen.findByTestId('chat-input'), 'Hello{Enter}');
    await waitFor(() => expect(messages()).toHaveLength(2));
    const notice = await within(messages()[1]).findByTestId('chat-notice');
    expect(notice).toHaveTextContent(SHOWN_NOTICE);
    expect(notice).not.toHaveTextContent('AGENTFORGE');
    expect(within(notice).getByRole('link', { name: 'Connect a language model' })).toHaveAttribute('href', '/admin/configuration#model');
    // The banner above the log has the link too.
    const links = screen.getAllByRole('link', { name: 'Connect a language model' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/admin/configuration#model');
  });

  it('renders deltas as they arrive, disables the box meanwhile, and copies the answer', async () => {
    const sse = openSse();
    agentChat(() => sse.response());
    const { user } = renderApp('/dashboard/agents/a1/chat', { user: plainUser });
    await user.type(await screen.findByTestId('chat-input'), 'Tell me a story{Enter}');
    sse.send('start', { conversationId: 'c1', userMessage: makeMessage({ id: 'u1', role: 'user', content: 'Tell me a story' }), messageId: 'm1', provider: 'openai', model: 'gpt-4o-mini', version: 1 });
    sse.send('delta', { text: 'Once' });
    await waitFor(() => expect(messages()[1]).toHaveTextContent('Once'));
    expect(input()).toBeDisabled();
    expect(screen.getByTestId('chat-stop')).toBeInTheDocument();
    expect(screen.queryByTestId('chat-send')).not.toBeInTheDocument();
    sse.send('delta', { text: ' upon a time' });
    await waitFor(() => expect(messages()[1]).toHaveTextContent('Once upon a time'));
    sse.send('end', { message: makeMessage({ id: 'm1', content: 'Once upon a time' }) });
    sse.close();
    await waitFor(() => expect(input()).toBeEnabled());
    expect(screen.queryByText(/built-in responder/)).not.toBeInTheDocument();

    await user.click(within(messages()[1]).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Answer copied to the clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('Once upon a time');
  });

  it('keeps Shift+Enter as a new line', async () => {
    const sent = agentChat(() => sseResponse(answerEvents({ text: ['ok'] })));
    const { user } = renderApp('/dashboard/agents/a1/chat', { user: plainUser });
    await user.type(await screen.findByTestId('chat-input'), 'line one{Shift>}{Enter}{/Shift}line two');
    expect(input()).toHaveValue('line one\nline two');
    expect(sent).toHaveLength(0);
    await user.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(sent[0]).toMatchObject({ message: 'line one\nline two' }));
  });

  it('stops generating: the request is aborted and the answer stays, marked partial', async () => {
    const sse = openSse();
    let aborted = false;
    server.use(
      mockApi.get('/agents/{id}', () => ok(makeAgent()), { id: 'a1' }),
      mockApi.post('/agents/{id}/chat', ({ request }) => {
        request.signal.addEventListener('abort', () => (aborted = true));
        return sse.response();
      }, { id: 'a1' }),
    );
    const { user } = renderApp('/dashboard/agents/a1/chat', { user: plainUser });
    await user.type(await screen.findByTestId('chat-input'), 'Write a long essay{Enter}');
    sse.send('start', { conversationId: 'c1', userMessage: makeMessage({ id: 'u1', role: 'user', content: 'Write a long essay' }), messageId: 'm1', provider: 'openai', model: 'gpt-4o-mini', version: 1 });
    sse.send('delta', { text: 'First paragraph' });
    await waitFor(() => expect(messages()[1]).toHaveTextContent('First paragraph'));
    await user.click(screen.getByTestId('chat-stop'));
    expect(await screen.findByText('Stopped: this answer is incomplete.')).toBeInTheDocument();
    expect(messages()[1]).toHaveAttribute('data-status', 'partial');
    expect(messages()[1]).toHaveTextContent('First paragraph');
    expect(input()).toBeEnabled();
    await waitFor(() => expect(aborted).toBe(true));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("toasts 'Failed to send message' when sending fails, then retries the same message", async () => {
    const sent = agentChat((_body, call) => (call === 1 ? HttpResponse.error() : sseResponse(answerEvents({ userText: 'Are you there?', text: ['Yes!'] }))));
    const { user } = renderApp('/dashboard/agents/a1/chat', { user: plainUser });
    await user.type(await screen.findByTestId('chat-input'), 'Are you there?{Enter}');
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(messages()).toHaveLength(1);
    expect(messages()[0]).toHaveAttribute('data-status', 'unsent');
    expect(screen.getByText('Not sent.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(messages()).toHaveLength(2));
    expect(messages()[1]).toHaveTextContent('Yes!');
    expect(sent.map((b) => b.message)).toEqual(['Are you there?', 'Are you there?']);
  });

  it("toasts 'Failed to chat with agent' with the provider's message when the answer fails", async () => {
    agentChat(() =>
      sseResponse([
        ['start', { conversationId: 'c1', userMessage: makeMessage({ id: 'u1', role: 'user', content: 'Hi' }), messageId: 'm1', provider: 'openai', model: 'gpt-4o-mini', version: 1 }],
        ['error', { error: 'provider_auth_failed', message: 'The provider refused the API key' }],
      ]),
    );
    const { user } = renderApp('/dashboard/agents/a1/chat', { user: plainUser });
    await user.type(await screen.findByTestId('chat-input'), 'Hi{Enter}');
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Failed to chat with agent');
    expect(toast).toHaveTextContent('The provider refused the API key');
    expect(messages()[1]).toHaveAttribute('data-status', 'failed');
    expect(within(messages()[1]).getByText('This answer failed: The provider refused the API key')).toBeInTheDocument();
  });

  it("toasts 'Failed to chat with agent' with the server's message when the chat is refused", async () => {
    agentChat(() => fail(409, 'agent_inactive', 'This agent is paused'));
    const { user } = renderApp('/dashboard/agents/a1/chat', { user: plainUser });
    await user.type(await screen.findByTestId('chat-input'), 'Hi{Enter}');
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Failed to chat with agent');
    expect(toast).toHaveTextContent('This agent is paused');
  });

  it('lists the conversations with the agent and opens one', async () => {
    const asked: URL[] = [];
    server.use(
      mockApi.get('/agents/{id}', () => ok(makeAgent()), { id: 'a1' }),
      mockApi.get('/conversations', ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json({
          success: true,
          data: [makeConversation({ id: 'c2', title: 'Shipping times' }), makeConversation({ id: 'c1', title: 'Refunds' })],
          meta: { page: 1, limit: 50, total: 2 },
        });
      }),
      mockApi.get(
        '/conversations/{id}/messages',
        () =>
          ok([
            makeMessage({ id: 'u1', role: 'user', content: 'Can I get a refund?' }),
            makeMessage({ id: 'm1', content: 'Yes, within 30 days.', citations: [CITATION] }),
          ]),
        { id: 'c1' },
      ),
    );
    const { user } = renderApp('/dashboard/agents/a1/chat', { user: plainUser });
    const items = await screen.findAllByTestId('conversation-item');
    expect(items.map((i) => i.textContent)).toEqual([expect.stringContaining('Shipping times'), expect.stringContaining('Refunds')]);
    expect(asked[0].searchParams.get('agentId')).toBe('a1');
    expect(asked[0].searchParams.get('limit')).toBe('50');

    expect(await screen.findByTestId('chat-greeting')).toHaveTextContent('Hi there!');
    await user.click(items[1]);
    await waitFor(() => expect(messages()).toHaveLength(2));
    // A stored conversation is shown as it was: its greeting was never part of it.
    expect(screen.queryByTestId('chat-greeting')).not.toBeInTheDocument();
    expect(items[1]).toHaveAttribute('aria-current', 'true');
    expect(messages()[1]).toHaveTextContent('Yes, within 30 days.');
    expect(within(messages()[1]).getByTestId('chat-citation')).toHaveTextContent('refunds.md');

    await user.click(screen.getByTestId('chat-new'));
    expect(messages()).toHaveLength(0);
    expect(screen.getAllByTestId('conversation-item')[1]).not.toHaveAttribute('aria-current');
  });

  it('follows the realtime socket: messages sent elsewhere join the open conversation and lift it in the sidebar', async () => {
    const refunds = makeConversation({ id: 'c1', title: 'Refunds', messageCount: 2 });
    server.use(
      mockApi.get('/agents/{id}', () => ok(makeAgent()), { id: 'a1' }),
      mockApi.get(
        '/conversations',
        () =>
          HttpResponse.json({ success: true, data: [makeConversation({ id: 'c2', title: 'Shipping times' }), refunds], meta: { page: 1, limit: 50, total: 2 } }),
        ),
        mockApi.get('/conversations/{id}/messages', () =>
          ok([makeMessage({ id: 'u1', role: 'user', content: 'Can I get a refund?' }), makeMessage({ id: 'm1', content: 'Yes, within 30 days.' })]),
        { id: 'c1' },
      ),
    );
    const { user } = renderApp('/dashboard/agents/a1/chat', { user: plainUser });
    const items = await screen.findAllByTestId('conversation-item');
    await user.click(items[1]);
    await waitFor(() => expect(messages()).toHaveLength(2));
    const socket = FakeWebSocket.last();
    act(() => socket.open());

    // The same conversation, continued in another tab.
    const question = makeMessage({ id: 'u2', conversationId: 'c1', role: 'user', content: 'And for sale items?' });
    const answer = makeMessage({ id: 'm2', conversationId: 'c1', content: 'Sale items too.' });
    act(() => socket.emit({ type: 'message.created', conversationId: 'c1', agentId: 'a1', message: question, conversation: { ...refunds, messageCount: 3 } }));
    act(() => socket.emit({ type: 'message.created', conversationId: 'c1', agentId: 'a1', message: answer, conversation: { ...refunds, messageCount: 4 } }));

    await waitFor(() => expect(messages()).toHaveLength(4));
    expect(messages()[3]).toHaveTextContent('Sale items too.');
    const sidebar = screen.getAllByTestId('conversation-item');
    expect(sidebar[0]).toHaveTextContent('Refunds');
    expect(sidebar[0]).toHaveTextContent('4 messages');
    expect(sidebar[0]).toHaveAttribute('aria-current', 'true');
  });
  it('shows a stored answer being written, or interrupted, and never a stored streaming row twice beside the live one', async () => {
    const refunds = makeConversation({ id: 'c1', title: 'Refunds', messageCount: 4 });
    const earlier = [
      makeMessage({ id: 'u0', role: 'user', content: 'Are you open on Sundays?' }),
      makeMessage({ id: 'a0', content: 'We are open from', status: 'interrupted' }),
    ];
    // The transcript as the server has it: before the turn, then with the turn's rows (the answer `streaming`).
    let stored = [...earlier, makeMessage({ id: 'u9', role: 'user', content: 'Elsewhere' }), makeMessage({ id: 'a9', content: 'Being typed in another tab', status: 'streaming' })];
    const sse = openSse();
    server.use(
      mockApi.get('/agents/{id}', () => ok(makeAgent()), { id: 'a1' }),
      mockApi.get('/conversations', () => HttpResponse.json({ success: true, data: [refunds], meta: { page: 1, limit: 50, total: 1 } })),
      mockApi.get('/conversations/{id}/messages', () => ok(stored), { id: 'c1' }),
      mockApi.post('/agents/{id}/chat', () => sse.response(), { id: 'a1' }),
    );
    const { user } = renderApp('/dashboard/agents/a1/chat', { user: plainUser });
    await user.click((await screen.findAllByTestId('conversation-item'))[0]);
    await waitFor(() => expect(messages()).toHaveLength(4));
    expect(messages()[1]).toHaveAttribute('data-status', 'interrupted');
    expect(messages()[1]).toHaveTextContent('Interrupted: the server stopped while answering.');
    expect(messages()[3]).toHaveAttribute('data-status', 'streaming');
    expect(within(messages()[3]).getByTestId('chat-message-streaming')).toHaveTextContent('Being written…');

    stored = [...earlier];
    const socket = FakeWebSocket.last();
    act(() => socket.open());
    await user.type(input(), 'Is Monday fine?{Enter}');
    // The question reaches the socket before the stream's `start`, and a refetch (after a resync)
    // brings the answer's row, stored `streaming`: the live turn stands for both.
    const question = makeMessage({ id: 'u1', role: 'user', content: 'Is Monday fine?' });
    act(() => socket.emit({ type: 'message.created', conversationId: 'c1', agentId: 'a1', message: question, conversation: { ...refunds, messageCount: 3 } }));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getAllByText('Is Monday fine?')).toHaveLength(1);
    sse.send('start', { conversationId: 'c1', userMessage: question, messageId: 'm1', provider: 'openai', model: 'gpt-4o-mini', version: 1 });
    sse.send('delta', { text: 'Yes, ' });
    await waitFor(() => expect(messages().at(-1)).toHaveTextContent('Yes,'));
    stored = [...earlier, question, makeMessage({ id: 'm1', content: 'Yes, ', status: 'streaming' })];
    act(() => socket.emit({ type: 'resync', skipped: 3 }));
    sse.send('delta', { text: 'from nine.' });
    await waitFor(() => expect(messages().at(-1)).toHaveTextContent('Yes, from nine.'));
    expect(messages().map((m) => m.textContent?.slice(0, 12))).toHaveLength(4);
    expect(screen.getAllByText('Is Monday fine?')).toHaveLength(1);

    sse.send('end', { message: makeMessage({ id: 'm1', content: 'Yes, from nine.' }) });
    sse.close();
    await waitFor(() => expect(input()).toBeEnabled());
    expect(messages()).toHaveLength(4);
    expect(messages()[3]).toHaveAttribute('data-status', 'complete');
  });
});

describe('chat routes', () => {
  it('/user/chat shows the agent of the public link, greets, and sends the share token', async () => {
    let agentRead = false;
    let publicQuery: URLSearchParams | null = null;
    const sent: Sent[] = [];
    server.use(
      mockApi.get('/agents/{id}', () => {
        agentRead = true;
        return ok(makeAgent());
      }, { id: 'a1' }),
      mockApi.get('/agents/{id}/public', ({ request }) => {
        publicQuery = new URL(request.url).searchParams;
        return ok({ id: 'a1', name: 'Nova', description: 'Answers questions about Acme kettles.', greeting: 'Hello! I am **Nova**.', language: 'en', status: 'active' });
      }, { id: 'a1' }),
      mockApi.post('/agents/{id}/chat', async ({ request }) => {
        sent.push(await request.json());
        return sseResponse(answerEvents({ text: ['Happy to help.'] }));
      }, { id: 'a1' }),
    );
    const { user } = renderApp('/user/chat/a1?share=tok-123', { user: plainUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nova' })).toBeInTheDocument();
    expect(publicQuery!.get('share')).toBe('tok-123');
    expect(screen.getByText('Answers questions about Acme kettles.')).toBeInTheDocument();
    expect(screen.getByTestId('chat-greeting')).toHaveTextContent('Hello! I am Nova.');
    expect(screen.getByText('Nova', { selector: 'strong' })).toBeInTheDocument();
    expect(messages()).toHaveLength(0);

    await user.type(screen.getByTestId('chat-input'), 'Hello{Enter}');
    expect(await screen.findByText('Happy to help.')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ message: 'Hello', shareToken: 'tok-123' });
    // The greeting was shown, not sent.
    expect(sent[0].message).toBe('Hello');
    expect(screen.getByTestId('chat-greeting')).toBeInTheDocument();
    expect(agentRead).toBe(false);
  });

  it('/user/chat says a link that does not work is not valid, without a chat box', async () => {
    server.use(mockApi.get('/agents/{id}/public', () => fail(404, 'not_found', 'Agent not found'), { id: 'a1' }));
    renderApp('/user/chat/a1?share=revoked', { user: plainUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'This chat is not available' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This link is not valid, or its owner has turned sharing off.');
    expect(screen.queryByTestId('chat-input')).not.toBeInTheDocument();
  });

  it('/user/chat says when the agent is not taking conversations', async () => {
    server.use(mockApi.get('/agents/{id}/public', () => ok({ id: 'a1', name: 'Nova', description: '', greeting: 'Hi', language: 'en', status: 'paused' }), { id: 'a1' }));
    renderApp('/user/chat/a1', { user: plainUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nova' })).toBeInTheDocument();
    expect(screen.getByText('This agent is not taking conversations right now.')).toBeInTheDocument();
    expect(screen.queryByTestId('chat-input')).not.toBeInTheDocument();
  });

  it('/dashboard/chat picks an agent, then chats with it', async () => {
    const asked: string[] = [];
    server.use(
      mockApi.get('/agents', () =>
        HttpResponse.json({
          success: true,
          data: [makeAgent({ id: 'a1', name: 'Sales assistant', status: 'active' }), makeAgent({ id: 'a2', name: 'Support bot', status: 'active', greeting: 'Support here.' })],
          meta: { page: 1, limit: 100, total: 2 },
        }),
      ),
      mockApi.get('/conversations', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('agentId') ?? '');
        return HttpResponse.json({ success: true, data: [], meta: { page: 1, limit: 50, total: 0 } });
      }),
      mockApi.post('/agents/{id}/chat', () => sseResponse(answerEvents({ text: ['Support answer'] })), { id: 'a2' }),
    );
    const { user, router } = renderApp('/dashboard/chat', { user: plainUser });
    const select = await screen.findByRole('combobox', { name: 'Agent' });
    expect(select).toHaveValue('a1');
    await user.selectOptions(select, 'a2');
    expect(router.state.location.search).toBe('?agent=a2');
    expect(await screen.findByText('Support here.')).toBeInTheDocument();
    await waitFor(() => expect(asked).toContain('a2'));
    await user.type(screen.getByTestId('chat-input'), 'Help{Enter}');
    expect(await screen.findByText('Support answer')).toBeInTheDocument();
  });
});
