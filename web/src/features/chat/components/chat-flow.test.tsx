import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatIn } from '@/lib/chat-stream';
import type { ConversationOut, MessageOut } from '@/lib/conversations';
import { makeAgent } from '@/testing/mocks/agents';
import { answerEvents, makeConversation, makeMessage } from '@/testing/mocks/chat';
import { mockApi, ok, sseResponse, type ChatSseEvent } from '@/testing/mocks/http';
import { FakeWebSocket } from '@/testing/mocks/realtime';
import { server } from '@/testing/mocks/server';
import { plainUser, renderApp } from '@/testing/test-utils';

// A conversation that follows the agent's flow (buttons, an end) and that the flow hands to a
// person of the team, whose answers come through the socket, or by reading the conversation
// again every 5 s when no socket brings them.

const FLOW_CHOICES: MessageOut['flow'] = { nodeId: 'topic', choices: [{ id: 'orders', label: 'My order' }, { id: 'billing', label: 'Billing' }] };

const messages = () => screen.queryAllByTestId('chat-message');
const input = () => screen.getByTestId('chat-input');

/** The agent a1, its chat answering with `turn(body, n)`, and the sidebar's list (`rows()`). */
function agentChat(turn: (body: ChatIn, call: number) => ChatSseEvent[], rows: () => ConversationOut[] = () => []) {
  const sent: ChatIn[] = [];
  server.use(
    mockApi.get('/agents/{id}', () => ok(makeAgent({ greeting: 'Hello! How can I help?' })), { id: 'a1' }),
    mockApi.get('/conversations', () => HttpResponse.json({ success: true, data: rows(), meta: { page: 1, limit: 50, total: rows().length } })),
    mockApi.post(
      '/agents/{id}/chat',
      async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        return sseResponse(turn(body, sent.length));
      },
      { id: 'a1' },
    ),
  );
  return sent;
}

/** A turn a person of the team received: the stored question alone. */
const handedOff = (id: string, content: string): ChatSseEvent[] => [
  ['handed_off', { conversationId: 'c1', userMessage: makeMessage({ id, role: 'user', content, provider: null, model: null }) }],
];

afterEach(() => {
  vi.useRealTimers();
});

describe('chat with a flow', () => {
  it('offers the flow’s choices as buttons under the last answer; one sends its label, and they go once answered', async () => {
    const sent = agentChat((body, call) =>
      call === 1
        ? answerEvents({ turn: 1, userText: body.message, text: ['What is it about?'], over: { flow: FLOW_CHOICES } })
        : answerEvents({ turn: call, userText: body.message, text: ['Which order?'] }),
    );
    const { user } = renderApp('/dashboard/agents/a1/chat', { user: plainUser });
    await user.type(await screen.findByTestId('chat-input'), 'Hi{Enter}');

    const group = await screen.findByRole('group', { name: 'Suggested answers' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['My order', 'Billing']);
    // Under the answer it belongs to.
    expect(group.closest('li')?.previousElementSibling).toBe(messages()[1]);

    await user.click(within(group).getByRole('button', { name: 'My order' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ message: 'My order', conversationId: 'c1' });
    await waitFor(() => expect(messages()).toHaveLength(4));
    expect(messages()[2]).toHaveTextContent('My order');
    expect(messages()[3]).toHaveTextContent('Which order?');
    expect(screen.queryByRole('group', { name: 'Suggested answers' })).not.toBeInTheDocument();
  });

  it('hides the choices once something else is typed', async () => {
    agentChat((body, call) =>
      call === 1
        ? answerEvents({ turn: 1, userText: body.message, text: ['Pick one.'], over: { flow: FLOW_CHOICES } })
        : answerEvents({ turn: call, userText: body.message, text: ['Noted.'] }),
    );
    const { user } = renderApp('/dashboard/agents/a1/chat', { user: plainUser });
    await user.type(await screen.findByTestId('chat-input'), 'Hi{Enter}');
    await screen.findByRole('group', { name: 'Suggested answers' });
    await user.type(input(), 'Something else{Enter}');
    await waitFor(() => expect(messages()).toHaveLength(4));
    expect(screen.queryByRole('group', { name: 'Suggested answers' })).not.toBeInTheDocument();
  });

  it('says when the flow ended the conversation and offers a new one', async () => {
    const sent = agentChat((body, call) =>
      answerEvents({ turn: call, userText: body.message, text: call === 1 ? ['Thanks, goodbye!'] : ['Hello again.'], over: call === 1 ? { flow: { nodeId: 'bye', ending: 'end' } } : {} }),
    );
    const { user } = renderApp('/dashboard/agents/a1/chat', { user: plainUser });
    await user.type(await screen.findByTestId('chat-input'), 'Bye{Enter}');
    const ended = await screen.findByTestId('chat-ended');
    expect(ended).toHaveTextContent('This conversation has ended.');
    expect(input()).toBeDisabled();

    await user.click(within(ended).getByRole('button', { name: 'Start a new conversation' }));
    expect(messages()).toHaveLength(0);
    expect(screen.getByTestId('chat-greeting')).toHaveTextContent('Hello! How can I help?');
    expect(screen.queryByTestId('chat-ended')).not.toBeInTheDocument();
    expect(input()).toBeEnabled();
    await user.type(input(), 'Hi{Enter}');
    await waitFor(() => expect(sent).toHaveLength(2));
    // A new conversation: no id.
    expect(sent[1]).toMatchObject({ message: 'Hi', conversationId: null });
  });
});

describe('chat handed to a person', () => {
  it('says a person took over when the flow hands off, then shows their answers as the socket brings them', async () => {
    let rows: ConversationOut[] = [];
    agentChat(
      (body, call) =>
        call === 1
          ? answerEvents({ turn: 1, userText: body.message, text: ['Passing you to a person.'], over: { flow: { nodeId: 'human', ending: 'handoff' } } })
          : handedOff(`u${call}`, body.message),
      () => rows,
    );
    const { user } = renderApp('/dashboard/agents/a1/chat', { user: plainUser });
    await user.type(await screen.findByTestId('chat-input'), 'I want a human{Enter}');
    const notice = await screen.findByTestId('chat-handed-off');
    expect(notice).toHaveTextContent('A person from the team has taken over; they will answer here');
    expect(messages()).toHaveLength(2);
    const conversation = makeConversation({ id: 'c1', title: 'I want a human', status: 'handed_off', messageCount: 2 });
    rows = [conversation];

    // Written to the person: stored, and nobody answers in their place.
    await user.type(input(), 'Hello?{Enter}');
    await waitFor(() => expect(messages()).toHaveLength(3));
    await waitFor(() => expect(input()).toBeEnabled());
    expect(messages()[2]).toHaveAttribute('data-role', 'user');
    expect(messages()[2]).toHaveTextContent('Hello?');
    expect(messages().filter((m) => m.dataset.role === 'assistant')).toHaveLength(1);
    expect(screen.getByTestId('chat-handed-off')).toBeInTheDocument();

    // The person answers (the socket brings it), marked as the team's.
    const socket = FakeWebSocket.last();
    act(() => socket.open());
    const reply = makeMessage({ id: 'r1', conversationId: 'c1', content: 'Hi, Sam here. How can I help?', authorId: 'u-sam', provider: null, model: null, createdAt: '2026-01-01T10:05:00Z' });
    act(() => socket.emit({ type: 'message.created', conversationId: 'c1', agentId: 'a1', message: reply, conversation: { ...conversation, messageCount: 4 } }));
    await waitFor(() => expect(messages()).toHaveLength(4));
    expect(messages()[3]).toHaveTextContent('Hi, Sam here. How can I help?');
    expect(within(messages()[3]).getByTestId('chat-team-author')).toHaveTextContent('Team member');

    // Handed back: the notice goes.
    act(() => socket.emit({ type: 'conversation.handed_off', conversation: { ...conversation, status: 'active', messageCount: 4 } }));
    await waitFor(() => expect(screen.queryByTestId('chat-handed-off')).not.toBeInTheDocument());
  });

  it('shows the notice, and no answer, when a person already holds the conversation', async () => {
    agentChat((body, call) => handedOff(`u${call}`, body.message));
    const { user } = renderApp('/dashboard/agents/a1/chat', { user: plainUser });
    await user.type(await screen.findByTestId('chat-input'), 'Anyone there?{Enter}');
    expect(await screen.findByTestId('chat-handed-off')).toHaveTextContent('A person from the team has taken over; they will answer here.');
    expect(messages()).toHaveLength(1);
    expect(messages()[0]).toHaveAttribute('data-role', 'user');
    expect(messages()[0]).toHaveAttribute('data-status', 'complete');
    expect(screen.queryByRole('status', { name: 'The agent is answering' })).not.toBeInTheDocument();
    await waitFor(() => expect(input()).toBeEnabled());
    // It reached the person: nothing to retry.
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('reads the conversation every 5 s while handed off when no socket brings the answers', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const question = makeMessage({ id: 'u1', role: 'user', content: 'Anyone there?', provider: null, model: null });
    let stored: MessageOut[] = [question];
    let reads = 0;
    agentChat((body, call) => handedOff(`u${call}`, body.message));
    server.use(
      mockApi.get(
        '/conversations/{id}/messages',
        () => {
          reads++;
          return ok(stored);
        },
        { id: 'c1' },
      ),
      mockApi.get('/conversations/{id}', () => ok(makeConversation({ id: 'c1', status: 'handed_off' })), { id: 'c1' }),
    );
    const { user } = renderApp('/dashboard/agents/a1/chat', { user: plainUser });
    await user.type(await screen.findByTestId('chat-input'), 'Anyone there?{Enter}');
    await screen.findByTestId('chat-handed-off');
    // The socket never opened here.
    expect(screen.queryByTestId('chat-message-streaming')).not.toBeInTheDocument();
    const before = reads;

    stored = [question, makeMessage({ id: 'r1', content: 'Yes, I am here.', authorId: 'u-sam', provider: null, model: null, createdAt: '2026-01-01T10:05:00Z' })];
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(messages()).toHaveLength(2));
    expect(reads).toBe(before + 1);
    expect(messages()[1]).toHaveTextContent('Yes, I am here.');
    expect(screen.getByTestId('chat-handed-off')).toBeInTheDocument();
  });
});
