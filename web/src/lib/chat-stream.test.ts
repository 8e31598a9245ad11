import { describe, expect, it, vi } from 'vitest';
import { setUnauthorizedNavigator } from '@/lib/api-client';
import { streamChat, StreamInterruptedError, type ChatEvent } from '@/lib/chat-stream';
import { TOKEN_KEY } from '@/lib/storage';
import { answerEvents, makeMessage } from '@/testing/mocks/chat';
import { type ApiResolver, fail, mockApi, ok, openSse, sseResponse } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';

const chatOf = (resolver: ApiResolver<'post', '/agents/{id}/chat'>) => mockApi.post('/agents/{id}/chat', resolver);

describe('streamChat', () => {
  it('POSTs the message with the bearer token asking for an event stream, and hands over each event', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    let seen: { accept: string | null; auth: string | null; body: unknown } | undefined;
    server.use(
      chatOf(async ({ request }) => {
        seen = { accept: request.headers.get('accept'), auth: request.headers.get('authorization'), body: await request.json() };
        return sseResponse(answerEvents({ text: ['Hel', 'lo'], citations: [{ documentId: 'd1', documentName: 'faq.md', passageId: 1, excerpt: 'Refunds in 30 days', score: 1 }] }));
      }),
    );
    const events: ChatEvent[] = [];
    await streamChat('a1', { message: 'Hi', conversationId: null, shareToken: 'share-1' }, { onEvent: (e) => events.push(e) });
    expect(seen).toEqual({
      accept: 'text/event-stream',
      auth: 'Bearer tok',
      body: { message: 'Hi', conversationId: null, shareToken: 'share-1', stream: true },
    });
    expect(events.map((e) => e.type)).toEqual(['start', 'citations', 'delta', 'delta', 'end']);
    expect(events[2]).toEqual({ type: 'delta', data: { text: 'Hel' } });
  });

  it('ends with the error event', async () => {
    server.use(
      chatOf(() =>
        sseResponse([
          ['start', { conversationId: 'c1', userMessage: makeMessage({ role: 'user' }), messageId: 'm1', provider: 'openai', model: 'x', version: 1 }],
          ['error', { error: 'provider_auth_failed', message: 'The provider refused the API key' }],
        ]),
      ),
    );
    const events: ChatEvent[] = [];
    await streamChat('a1', { message: 'Hi' }, { onEvent: (e) => events.push(e) });
    expect(events.at(-1)).toEqual({ type: 'error', data: { error: 'provider_auth_failed', message: 'The provider refused the API key' } });
  });

  it('rejects when the stream stops before its end', async () => {
    server.use(chatOf(() => sseResponse([['delta', { text: 'a' }]])));
    await expect(streamChat('a1', { message: 'Hi' }, { onEvent: () => {} })).rejects.toBeInstanceOf(StreamInterruptedError);
  });

  it('turns a refused call into an ApiError with the server message', async () => {
    server.use(chatOf(() => fail(409, 'agent_inactive', 'This agent is paused')));
    await expect(streamChat('a1', { message: 'Hi' }, { onEvent: () => {} })).rejects.toMatchObject({ name: 'ApiError', status: 409, code: 'agent_inactive', message: 'This agent is paused' });
  });

  it('sends a 401 to /login?expired=true like every call', async () => {
    localStorage.setItem(TOKEN_KEY, 'old');
    const go = vi.fn();
    setUnauthorizedNavigator(go);
    window.history.replaceState(null, '', '/dashboard/chat');
    server.use(chatOf(() => fail(401, 'unauthorized', 'Unauthorized')));
    await expect(streamChat('a1', { message: 'Hi' }, { onEvent: () => {} })).rejects.toMatchObject({ status: 401 });
    expect(go).toHaveBeenCalledWith('/login?expired=true');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('stops reading and rejects when aborted mid-answer', async () => {
    const sse = openSse();
    server.use(chatOf(() => sse.response()));
    const abort = new AbortController();
    const events: ChatEvent[] = [];
    const done = streamChat('a1', { message: 'Hi' }, { signal: abort.signal, onEvent: (e) => events.push(e) });
    sse.send('start', { conversationId: 'c1', userMessage: makeMessage({ role: 'user' }), messageId: 'm1', provider: 'openai', model: 'x', version: 1 });
    sse.send('delta', { text: 'Once upon' });
    await vi.waitFor(() => expect(events).toHaveLength(2));
    abort.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(events).toHaveLength(2);
  });

  it('replays a one-piece JSON answer as the same events', async () => {
    const message = makeMessage({ content: 'Hello there', provider: 'builtin' });
    server.use(
      chatOf(() =>
        ok({ conversationId: 'c1', userMessage: makeMessage({ id: 'u1', role: 'user' }), message, handedOff: false }),
      ),
    );
    const events: ChatEvent[] = [];
    await streamChat('a1', { message: 'Hi' }, { onEvent: (e) => events.push(e) });
    expect(events.map((e) => e.type)).toEqual(['start', 'delta', 'end']);
  });

  it('replays a one-piece answer that reached a person of the team as `handed_off`', async () => {
    const userMessage = makeMessage({ id: 'u1', role: 'user', content: 'Still there?' });
    server.use(chatOf(() => ok({ conversationId: 'c1', userMessage, message: null, handedOff: true })));
    const events: ChatEvent[] = [];
    await streamChat('a1', { message: 'Still there?' }, { onEvent: (e) => events.push(e) });
    expect(events).toEqual([{ type: 'handed_off', data: { conversationId: 'c1', userMessage } }]);
  });

  it('ends a streamed turn on `handed_off`, its only event', async () => {
    const userMessage = makeMessage({ id: 'u1', role: 'user', content: 'Hello?' });
    server.use(chatOf(() => sseResponse([['handed_off', { conversationId: 'c1', userMessage }]])));
    const events: ChatEvent[] = [];
    await streamChat('a1', { message: 'Hello?' }, { onEvent: (e) => events.push(e) });
    expect(events.map((e) => e.type)).toEqual(['handed_off']);
  });
});

describe('streamChat to the test endpoint', () => {
  it('sends the turn to POST /agents/{id}/test', async () => {
    let seen: unknown;
    server.use(
      mockApi.post('/agents/{id}/test', async ({ request, params }) => {
        seen = { id: params.id, body: await request.json() };
        return sseResponse(answerEvents({ text: ['Draft answer'] }));
      }),
    );
    const events: ChatEvent[] = [];
    await streamChat('a1', { message: 'Hi' }, { endpoint: 'test', onEvent: (e) => events.push(e) });
    expect(seen).toEqual({ id: 'a1', body: { message: 'Hi', stream: true } });
    expect(events.map((e) => e.type)).toEqual(['start', 'delta', 'end']);
  });
});
