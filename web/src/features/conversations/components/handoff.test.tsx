import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ConversationOut, MessageOut } from '@/lib/conversations';
import { makeAgent } from '@/testing/mocks/agents';
import { makeConversation, makeMessage } from '@/testing/mocks/conversations';
import { mockApi, ok } from '@/testing/mocks/http';
import { FakeWebSocket } from '@/testing/mocks/realtime';
import { server } from '@/testing/mocks/server';
import { plainUser, renderApp } from '@/testing/test-utils';

// A conversation handed to a person: a team member (plainUser, id 2, who may edit the agent) takes
// it over, answers as the agent and hands it back, in the live view and on its own page.

const ME = plainUser.id;

/** The server's side of one conversation: its state, its messages, and what was asked of it. */
function handoffServer(initial: ConversationOut, { access = 'edit' as 'view' | 'edit' | 'manage', others = [] as ConversationOut[] } = {}) {
  const state = { conversation: initial, messages: [makeMessage({ id: 'q1', conversationId: initial.id, content: 'I need a human' })] as MessageOut[] };
  const calls: { takeOver: number; handBack: number; replies: unknown[] } = { takeOver: 0, handBack: 0, replies: [] };
  const all = () => [state.conversation, ...others];
  server.use(
    mockApi.get('/conversations', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      const data = all().filter((c) => !status || c.status === status);
      return HttpResponse.json({ success: true, data, meta: { page: 1, limit: 50, total: data.length } });
    }),
    mockApi.get('/conversations/{id}', ({ params }) => ok(all().find((c) => c.id === params.id) ?? state.conversation)),
    mockApi.get('/conversations/{id}/messages', ({ params }) => ok(params.id === initial.id ? state.messages : [])),
    mockApi.get('/agents/{id}', () => ok(makeAgent({ id: initial.agentId, access }))),
    mockApi.post('/conversations/{id}/take-over', () => {
      calls.takeOver++;
      state.conversation = { ...state.conversation, status: 'handed_off', assigneeId: ME };
      return ok(state.conversation);
    }),
    mockApi.post('/conversations/{id}/reply', async ({ request }) => {
      const body = await request.json();
      calls.replies.push(body);
      const message = makeMessage({
        id: `r${calls.replies.length}`,
        conversationId: initial.id,
        role: 'assistant',
        content: body.message,
        authorId: ME,
        createdAt: `2026-03-01T10:0${calls.replies.length}:00Z`,
      });
      state.messages = [...state.messages, message];
      return ok(message, 201);
    }),
    mockApi.post('/conversations/{id}/hand-back', () => {
      calls.handBack++;
      state.conversation = { ...state.conversation, status: 'active', assigneeId: null };
      return ok(state.conversation);
    }),
  );
  return { state, calls };
}

describe('hand-offs in the live view', () => {
  it('puts conversations waiting for a person on top with a badge; take over, reply, hand back', async () => {
    const waiting = makeConversation({ id: 'c1', title: 'Broken kettle', status: 'handed_off', assigneeId: null, lastMessageAt: '2026-03-01T09:00:00Z' });
    const busy = makeConversation({ id: 'c2', title: 'Opening hours', status: 'active', lastMessageAt: '2026-03-01T10:00:00Z' });
    const { calls } = handoffServer(waiting, { others: [busy] });
    const { user } = renderApp('/dashboard/conversations/live', { user: plainUser });

    await waitFor(() => expect(screen.getAllByTestId('live-conversation')).toHaveLength(2));
    const cards = screen.getAllByTestId('live-conversation');
    // Waiting for a person goes first, though its latest message is older.
    expect(cards[0]).toHaveTextContent('Broken kettle');
    expect(cards[0]).toHaveTextContent('Waiting for a person');
    expect(cards[0]).toHaveAttribute('data-waiting', 'true');
    expect(cards[1]).not.toHaveTextContent('Waiting for a person');
    expect(screen.getByTestId('live-waiting-count')).toHaveTextContent('1 waiting for a person');

    await user.click(within(cards[0]).getByRole('button'));
    const transcript = await screen.findByRole('region', { name: 'Broken kettle' });
    expect(await within(transcript).findByText('The agent handed this conversation to a person. Take it over to answer.')).toBeInTheDocument();
    expect(within(transcript).getByText('With a person')).toBeInTheDocument();
    expect(within(transcript).queryByRole('textbox', { name: 'Your reply' })).not.toBeInTheDocument();

    await user.click(within(transcript).getByRole('button', { name: 'Take over' }));
    const box = await within(transcript).findByRole('textbox', { name: 'Your reply' });
    expect(calls.takeOver).toBe(1);
    expect(box).toHaveFocus();
    expect(within(transcript).getByText(/You are answering in this conversation/)).toBeInTheDocument();
    expect(within(transcript).queryByRole('button', { name: 'Take over' })).not.toBeInTheDocument();
    // No longer waiting: the badge goes (the list is read again).
    await waitFor(() => expect(screen.queryByTestId('live-waiting-count')).not.toBeInTheDocument());

    // Shift+Enter starts a new line, Enter sends.
    await user.type(box, 'Hello, I am Bob.{Shift>}{Enter}{/Shift}How can I help?');
    expect(calls.replies).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.replies).toEqual([{ message: 'Hello, I am Bob.\nHow can I help?' }]));
    await waitFor(() => expect(box).toHaveValue(''));
    const mine = await within(transcript).findByText(/Hello, I am Bob\./);
    const item = mine.closest('li')!;
    expect(item).toHaveAttribute('data-author', 'you');
    expect(within(item).getByText('You')).toBeInTheDocument();

    // Another team member's answer, brought by the socket, is marked as theirs.
    const socket = FakeWebSocket.last();
    act(() => socket.open());
    const theirs = makeMessage({ id: 'o1', conversationId: 'c1', role: 'assistant', content: 'I can look at it too.', authorId: 'someone-else', createdAt: '2026-03-01T10:30:00Z' });
    act(() => socket.emit({ type: 'message.created', conversationId: 'c1', agentId: 'a1', message: theirs, conversation: { ...waiting, assigneeId: ME } }));
    const other = (await within(transcript).findByText('I can look at it too.')).closest('li')!;
    expect(other).toHaveAttribute('data-author', 'team');
    expect(within(other).getByText('Team member')).toBeInTheDocument();

    await user.click(within(transcript).getByRole('button', { name: 'Hand back to the agent' }));
    expect(await screen.findByText('Handed back to the agent')).toBeInTheDocument();
    expect(calls.handBack).toBe(1);
    await waitFor(() => expect(within(transcript).queryByRole('textbox', { name: 'Your reply' })).not.toBeInTheDocument());
    expect(within(transcript).getByRole('button', { name: 'Take over' })).toBeInTheDocument();
    expect(within(transcript).queryByText('With a person')).not.toBeInTheDocument();
  });

  it('follows hand-offs announced by the socket', async () => {
    const c1 = makeConversation({ id: 'c1', title: 'Shipping question', status: 'active', lastMessageAt: '2026-03-01T10:00:00Z' });
    const c2 = makeConversation({ id: 'c2', title: 'Refund request', status: 'active', lastMessageAt: '2026-03-01T09:00:00Z' });
    let rows = [c1, c2];
    server.use(
      mockApi.get('/conversations', ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        const data = rows.filter((c) => c.status === status);
        return HttpResponse.json({ success: true, data, meta: { page: 1, limit: 50, total: data.length } });
      }),
    );
    renderApp('/dashboard/conversations/live', { user: plainUser });
    await waitFor(() => expect(screen.getAllByTestId('live-conversation')).toHaveLength(2));
    expect(screen.getAllByTestId('live-conversation')[0]).toHaveTextContent('Shipping question');
    const socket = FakeWebSocket.last();
    act(() => socket.open());

    // The flow of c2 hands it to a person: it leaves the active ones and waits on top.
    const handed = { ...c2, status: 'handed_off' as const, assigneeId: null };
    rows = [c1, handed];
    act(() => socket.emit({ type: 'conversation.handed_off', conversation: handed }));
    await waitFor(() => expect(screen.getAllByTestId('live-conversation')[0]).toHaveTextContent('Refund request'));
    expect(screen.getAllByTestId('live-conversation')[0]).toHaveTextContent('Waiting for a person');
    expect(screen.getAllByTestId('live-conversation')).toHaveLength(2);
    // Both are going on: one with the agent, one waiting for a person.
    expect(screen.getByText('2 active')).toBeInTheDocument();

    // Handed back: an active conversation again, in its place by its latest message.
    rows = [c1, c2];
    act(() => socket.emit({ type: 'conversation.handed_off', conversation: c2 }));
    await waitFor(() => expect(screen.getAllByTestId('live-conversation')[0]).toHaveTextContent('Shipping question'));
    expect(screen.queryByText('Waiting for a person')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('live-conversation')).toHaveLength(2);
  });
});

describe('hand-offs on the conversation page', () => {
  it('takes over, answers and hands back', async () => {
    const conversation = makeConversation({ id: 'c1', title: 'Broken kettle', status: 'active' });
    const { calls } = handoffServer(conversation);
    const { user } = renderApp('/dashboard/conversations/c1', { user: plainUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Broken kettle' })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Take over' }));
    const box = await screen.findByRole('textbox', { name: 'Your reply' });
    expect(calls.takeOver).toBe(1);
    expect(screen.getAllByText('With a person').length).toBeGreaterThan(0);
    await user.type(box, 'On it!{Enter}');
    await waitFor(() => expect(calls.replies).toEqual([{ message: 'On it!' }]));
    const reply = await screen.findByText('On it!');
    expect(reply.closest('li')).toHaveAttribute('data-author', 'you');
    expect(screen.getAllByTestId('transcript-message')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Hand back to the agent' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Your reply' })).not.toBeInTheDocument());
    expect(calls.handBack).toBe(1);
    expect(screen.getByRole('button', { name: 'Take over' })).toBeInTheDocument();
  });

  it('offers nothing to someone who only views the agent', async () => {
    const conversation = makeConversation({ id: 'c1', title: 'Broken kettle', status: 'handed_off', assigneeId: null });
    handoffServer(conversation, { access: 'view' });
    renderApp('/dashboard/conversations/c1', { user: plainUser });
    expect(await screen.findByText('The agent handed this conversation to a person of its team.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take over' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hand back to the agent' })).not.toBeInTheDocument();
  });

  it('says the server’s reason when taking over fails', async () => {
    const conversation = makeConversation({ id: 'c1', title: 'Broken kettle', status: 'handed_off', assigneeId: null });
    handoffServer(conversation);
    server.use(mockApi.post('/conversations/{id}/take-over', () => HttpResponse.json({ success: false, error: 'conversation_ended', message: 'The conversation has ended', errors: [] }, { status: 409 })));
    const { user } = renderApp('/dashboard/conversations/c1', { user: plainUser });
    await user.click(await screen.findByRole('button', { name: 'Take over' }));
    expect(await screen.findByText('Could not take the conversation over')).toBeInTheDocument();
    expect(screen.getByText('The conversation has ended')).toBeInTheDocument();
  });
});
