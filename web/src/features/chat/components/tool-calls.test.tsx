import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToolCallList } from '@/components/chat/tool-calls';
import { makeAgent } from '@/testing/mocks/agents';
import { makeMessage } from '@/testing/mocks/chat';
import { makeConversation, makeMessage as makeStoredMessage } from '@/testing/mocks/conversations';
import { mockApi, ok, openSse } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { plainUser, renderApp } from '@/testing/test-utils';

const sum = { id: 'call-1', name: 'get-sum', arguments: { a: 2, b: 3 }, result: 'The sum of 2 and 3 is 5.', isError: false, durationMs: 120, source: 'Everything' };
const weather = { id: 'call-2', name: 'forecast', arguments: { city: 'Oslo' }, result: 'HTTP 503 from the weather service', isError: true, durationMs: 2400, source: 'Weather desk' };

describe('tool call cards', () => {
  it('show each call collapsed (tool, server, time, outcome) and open to its arguments and result', async () => {
    const user = userEvent.setup();
    render(<ToolCallList calls={[sum, weather]} />);
    const list = screen.getByRole('list', { name: '2 tool calls' });
    const [first, second] = within(list).getAllByTestId('tool-call');
    const button = within(first).getByRole('button', { name: /get-sum/ });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveTextContent('from Everything');
    expect(button).toHaveTextContent('120 ms');
    expect(button).toHaveTextContent('Done');
    expect(within(first).queryByText('Arguments')).not.toBeInTheDocument();
    expect(second).toHaveAttribute('data-state', 'error');
    expect(within(second).getByRole('button', { name: /forecast/ })).toHaveTextContent('Failed');
    expect(within(second).getByRole('button', { name: /forecast/ })).toHaveTextContent('2.4 s');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(first).getByText('Arguments')).toBeInTheDocument();
    expect(within(first).getByText(/"a": 2,/)).toBeInTheDocument();
    expect(within(first).getByText('The sum of 2 and 3 is 5.')).toBeInTheDocument();
    await user.click(within(second).getByRole('button', { name: /forecast/ }));
    expect(within(second).getByText('Error')).toBeInTheDocument();
    expect(within(second).getByText('HTTP 503 from the weather service')).toBeInTheDocument();
    await user.click(button);
    expect(within(first).queryByText('Arguments')).not.toBeInTheDocument();
  });

  it('show a tool as soon as the stream asks for it, running, then filled in by its result', async () => {
    const sse = openSse();
    server.use(
      mockApi.get('/agents/{id}', () => ok(makeAgent()), { id: 'a1' }),
      mockApi.post('/agents/{id}/chat', () => sse.response(), { id: 'a1' }),
    );
    const { user } = renderApp('/dashboard/agents/a1/chat', { user: plainUser });
    await user.type(await screen.findByTestId('chat-input'), 'What is 2 + 3?{Enter}');
    sse.send('start', { conversationId: 'c1', userMessage: makeMessage({ id: 'u1', role: 'user', content: 'What is 2 + 3?' }), messageId: 'm1', provider: 'openai', model: 'gpt-4o-mini', version: 1 });
    sse.send('tool_call', { id: 'call-1', name: 'get-sum', arguments: { a: 2, b: 3 } });
    const card = await screen.findByTestId('tool-call');
    expect(card).toHaveAttribute('data-state', 'pending');
    expect(within(card).getByRole('button', { name: /get-sum/ })).toHaveTextContent('Running…');
    await user.click(within(card).getByRole('button', { name: /get-sum/ }));
    expect(within(card).getByText('Waiting for the result…')).toBeInTheDocument();

    sse.send('tool_result', sum);
    await waitFor(() => expect(screen.getByTestId('tool-call')).toHaveAttribute('data-state', 'done'));
    expect(within(screen.getByTestId('tool-call')).getByText('The sum of 2 and 3 is 5.')).toBeInTheDocument();
    expect(screen.getByTestId('tool-call')).toHaveTextContent('from Everything');

    sse.send('delta', { text: 'It is 5.' });
    sse.send('end', { message: makeMessage({ id: 'm1', conversationId: 'c1', content: 'It is 5.', toolCalls: [sum] }) });
    sse.close();
    await waitFor(() => expect(screen.getByTestId('chat-input')).toBeEnabled());
    const answer = screen.getAllByTestId('chat-message')[1];
    expect(answer).toHaveTextContent('It is 5.');
    expect(within(answer).getAllByTestId('tool-call')).toHaveLength(1);
    expect(within(answer).getByRole('list', { name: '1 tool call' })).toBeInTheDocument();
  });

  it('show in a conversation’s transcript, under the answer that made them', async () => {
    server.use(
      mockApi.get('/conversations/{id}', () => ok(makeConversation()), { id: 'c1' }),
      mockApi.get('/agents/{id}', () => ok(makeAgent({ access: 'view' })), { id: 'a1' }),
      mockApi.get('/conversations/{id}/messages', () =>
        ok([makeStoredMessage(), makeStoredMessage({ id: 'm2', role: 'assistant', content: 'The forecast service is down.', toolCalls: [weather] })]),
        { id: 'c1' },
      ),
    );
    const { user } = renderApp('/dashboard/conversations/c1', { user: plainUser });
    const card = await screen.findByTestId('tool-call');
    expect(card).toHaveAttribute('data-state', 'error');
    await user.click(within(card).getByRole('button', { name: /forecast/ }));
    expect(within(card).getByText(/"city": "Oslo"/)).toBeInTheDocument();
    expect(within(card).getByText('HTTP 503 from the weather service')).toBeInTheDocument();
  });
});
