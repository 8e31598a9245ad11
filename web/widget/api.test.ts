import { describe, expect, it } from 'vitest';
import { makeMessage } from '@/testing/mocks/conversations';
import { fail, mockApi, ok, sseEvent, sseResponse } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { readChatStream, readConfig, widgetApi, WidgetError } from './api';

const BASE = 'https://agents.example.com';
const START = { conversationId: 'c1', userMessage: makeMessage({ id: 'u1', role: 'user', content: 'Hi' }), messageId: 'm1', provider: 'builtin' as const, model: '', version: 1 };

/** A byte stream of `text`, cut into the given pieces (anywhere, as a network would). */
function streamOf(text: string, cuts: number[] = []) {
  const bytes = new TextEncoder().encode(text);
  const bounds = [0, ...cuts, bytes.length];
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i + 1 < bounds.length; i++) controller.enqueue(bytes.slice(bounds[i], bounds[i + 1]));
      controller.close();
    },
  });
}

describe('the widget’s stream reading', () => {
  it('hands on each piece of the answer and resolves with the whole one at its end', async () => {
    const text = [
      sseEvent('start', START),
      ': a comment\n\n',
      sseEvent('delta', { text: 'Héllo, ' }),
      sseEvent('citations', { citations: [] }),
      sseEvent('delta', { text: '**wörld**' }),
      sseEvent('end', { message: makeMessage({ id: 'm1', role: 'assistant', content: 'Héllo, **wörld**!' }) }),
    ].join('');
    // Cut inside a multi-byte character, inside a line and between \r and \n.
    const pieces: string[] = [];
    const whole = await readChatStream(streamOf(text.replace(/\n/g, '\r\n'), [3, 250, 251, 252, 400, text.length - 5]), (p) => pieces.push(p));
    expect(pieces).toEqual(['Héllo, ', '**wörld**']);
    expect(whole).toEqual({ id: 'm1', content: 'Héllo, **wörld**!', choices: [], ending: null, handedOff: false });
  });

  it('hands back the buttons a flow offers with its answer, and how it left the conversation', async () => {
    const flow = { nodeId: 'ask', choices: [{ id: 'yes', label: 'Yes, please' }, { id: 'no', label: 'No' }, { id: 'x', label: ' ' }] };
    const text = sseEvent('delta', { text: 'Want a call?' }) + sseEvent('end', { message: makeMessage({ id: 'm2', role: 'assistant', content: 'Want a call?', flow }) });
    expect(await readChatStream(streamOf(text), () => {})).toEqual({
      id: 'm2',
      content: 'Want a call?',
      choices: [
        { id: 'yes', label: 'Yes, please' },
        { id: 'no', label: 'No' },
      ],
      ending: null,
      handedOff: false,
    });
    const handoff = sseEvent('end', { message: makeMessage({ id: 'm3', role: 'assistant', content: 'Passing you on.', flow: { nodeId: 'human', ending: 'handoff' } }) });
    expect(await readChatStream(streamOf(handoff), () => {})).toMatchObject({ id: 'm3', ending: 'handoff', handedOff: false });
  });

  it('says when a person of the team holds the conversation (`handed_off`, the turn’s only event)', async () => {
    const text = sseEvent('handed_off', { conversationId: 'c1', userMessage: makeMessage({ id: 'u2', role: 'user', content: 'Hello?' }) });
    expect(await readChatStream(streamOf(text), () => {})).toEqual({ id: null, content: '', choices: [], ending: null, handedOff: true });
  });

  it('rejects with the stream’s error, keeping what was written for the caller', async () => {
    const pieces: string[] = [];
    const text = sseEvent('delta', { text: 'Part' }) + sseEvent('error', { error: 'provider_unavailable', message: 'The model is down' });
    const failure = await readChatStream(streamOf(text), (p) => pieces.push(p)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(WidgetError);
    expect(failure).toMatchObject({ code: 'provider_unavailable', message: 'The model is down' });
    expect(pieces).toEqual(['Part']);
  });

  it('rejects when the stream stops before its end', async () => {
    const failure = await readChatStream(streamOf(sseEvent('delta', { text: 'Half' })), () => {}).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 'stream_interrupted' });
  });

  it('skips events it cannot read', async () => {
    const text = 'event: delta\ndata: {not json\n\n' + sseEvent('tool_call', { id: 't1' }) + sseEvent('delta', { text: 'ok' }) + sseEvent('end', { message: {} });
    const pieces: string[] = [];
    expect(await readChatStream(streamOf(text), (p) => pieces.push(p))).toMatchObject({ content: 'ok' });
    expect(pieces).toEqual(['ok']);
  });
});

describe('the widget’s calls', () => {
  it('reads the config, falling back to safe values for anything odd', async () => {
    server.use(
      mockApi.get(
        '/widget/{agentId}/config',
        () =>
          ok({
            agentId: 'a1',
            title: 'Shop help',
            greeting: 'Hi!',
            suggestedQuestions: ['Hours?'],
            color: '#0ea5e9',
            position: 'bottom-left',
            icon: 'sparkle',
            avatarUrl: 'https://cdn.example.com/a.png',
            language: 'fr',
          }),
        { agentId: 'a1' },
      ),
    );
    expect(await widgetApi(BASE, 'a1').config()).toEqual({
      agentId: 'a1',
      title: 'Shop help',
      greeting: 'Hi!',
      suggestedQuestions: ['Hours?'],
      color: '#0ea5e9',
      position: 'bottom-left',
      icon: 'sparkle',
      avatarUrl: 'https://cdn.example.com/a.png',
      language: 'fr',
    });
    expect(readConfig({ color: 'red;}body{display:none', position: 'top', icon: '<svg>', avatarUrl: 'javascript:x', suggestedQuestions: ['', 3, 'Ok?'] }, 'a2')).toEqual({
      agentId: 'a2',
      title: '',
      greeting: '',
      suggestedQuestions: ['Ok?'],
      color: '#4f46e5',
      position: 'bottom-right',
      icon: 'chat',
      avatarUrl: null,
      language: '',
    });
  });

  it('says why the config was refused', async () => {
    server.use(mockApi.get('/widget/{agentId}/config', () => fail(404, 'not_found', 'Agent not found')));
    await expect(widgetApi(BASE, 'a1').config()).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('reads the visitor’s history, user and assistant messages only', async () => {
    let asked = '';
    server.use(
      mockApi.get('/widget/{agentId}/history', ({ request }) => {
        asked = new URL(request.url).searchParams.get('visitorId') ?? '';
        return ok({
          conversationId: 'c1',
          messages: [
            makeMessage({ id: 'u1', role: 'user', content: 'Hours?' }),
            makeMessage({ id: 's1', role: 'system', content: 'internal' }),
            makeMessage({ id: 'm1', role: 'assistant', content: '9 to 5.', flow: { nodeId: 'more', choices: [{ id: 'more', label: 'Tell me more' }] } }),
          ],
          handedOff: true,
        });
      }),
    );
    const history = await widgetApi(BASE, 'a1').history('v_0123456789abcdef');
    expect(asked).toBe('v_0123456789abcdef');
    expect(history).toEqual({
      conversationId: 'c1',
      messages: [
        { id: 'u1', role: 'user', content: 'Hours?', status: 'complete', choices: [] },
        { id: 'm1', role: 'assistant', content: '9 to 5.', status: 'complete', choices: [{ id: 'more', label: 'Tell me more' }] },
      ],
      handedOff: true,
    });
  });

  it('sends the visitor’s message and streams the answer', async () => {
    const seen: { body: unknown; accept: string | null; credentials: string }[] = [];
    server.use(
      mockApi.post('/widget/{agentId}/chat', async ({ request }) => {
        seen.push({ body: await request.clone().json(), accept: request.headers.get('accept'), credentials: request.credentials });
        return sseResponse([
          ['start', START],
          ['delta', { text: 'We open ' }],
          ['delta', { text: 'at 9.' }],
          ['end', { message: makeMessage({ id: 'm1', role: 'assistant', content: 'We open at 9.' }) }],
        ]);
      }),
    );
    const pieces: string[] = [];
    expect(await widgetApi(BASE, 'a1').chat('v_0123456789abcdef', 'When do you open?', (p) => pieces.push(p))).toMatchObject({ id: 'm1', content: 'We open at 9.', handedOff: false });
    expect(pieces).toEqual(['We open ', 'at 9.']);
    expect(seen).toEqual([{ body: { visitorId: 'v_0123456789abcdef', message: 'When do you open?' }, accept: 'text/event-stream', credentials: 'omit' }]);
  });

  it('reads a one-piece answer, and one that reached a person of the team', async () => {
    const userMessage = makeMessage({ id: 'u1', role: 'user', content: 'Hi' });
    const answer = makeMessage({ id: 'm1', role: 'assistant', content: 'Hello!', flow: { nodeId: 'pick', choices: [{ id: 'a', label: 'Prices' }] } });
    server.use(mockApi.post('/widget/{agentId}/chat', () => ok({ conversationId: 'c1', userMessage, message: answer, handedOff: false })));
    const pieces: string[] = [];
    expect(await widgetApi(BASE, 'a1').chat('v_0123456789abcdef', 'Hi', (p) => pieces.push(p))).toEqual({ id: 'm1', content: 'Hello!', choices: [{ id: 'a', label: 'Prices' }], ending: null, handedOff: false });
    expect(pieces).toEqual(['Hello!']);
    server.use(mockApi.post('/widget/{agentId}/chat', () => ok({ conversationId: 'c1', userMessage, message: null, handedOff: true })));
    expect(await widgetApi(BASE, 'a1').chat('v_0123456789abcdef', 'Hi', () => {})).toMatchObject({ content: '', handedOff: true });
  });

  it('rejects a refused message with its status and code (429 rate_limited)', async () => {
    server.use(mockApi.post('/widget/{agentId}/chat', () => fail(429, 'rate_limited', 'Too many messages')));
    await expect(widgetApi(BASE, 'a1').chat('v_0123456789abcdef', 'Hi', () => {})).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
  });
});
