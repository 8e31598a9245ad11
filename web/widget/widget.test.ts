import { fireEvent, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageOut } from '@/lib/conversations';
import { makeMessage } from '@/testing/mocks/conversations';
import { fail, mockApi, ok, openSse } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import type { WidgetConfig } from './api';
import { VISITOR_KEY } from './visitor';
import { startWidget, type WidgetHandle } from './widget';

const CONFIG: WidgetConfig = {
  agentId: 'a1',
  title: 'Shop help',
  greeting: 'Hello! Ask me about **returns**.',
  suggestedQuestions: ['What are your hours?'],
  color: '#0ea5e9',
  position: 'bottom-right',
  icon: 'chat',
  avatarUrl: null,
  language: 'en',
};
const START = { conversationId: 'c1', userMessage: makeMessage({ id: 'u1', role: 'user', content: 'Hi' }), messageId: 'm1', provider: 'builtin' as const, model: '', version: 1 };

let handle: WidgetHandle | null = null;

afterEach(() => {
  vi.useRealTimers();
  handle?.destroy();
  handle = null;
  document.querySelectorAll('script[data-agent-id]').forEach((s) => s.remove());
  document.documentElement.removeAttribute('lang');
});

/** The tag as a site pastes it (jsdom does not load it; the test starts what it would). */
function tag(attrs: Record<string, string> = {}) {
  const script = document.createElement('script');
  script.src = 'https://agents.example.com/widget.js';
  script.async = true;
  script.dataset.agentId = 'a1';
  for (const [k, v] of Object.entries(attrs)) script.setAttribute(k, v);
  document.body.appendChild(script);
  return script;
}

/** The widget of the page, started with `config` as the server's and `history` as the visitor's. */
async function start({
  config = CONFIG,
  history = [] as ReturnType<typeof makeMessage>[],
  handedOff = false,
  attrs = {} as Record<string, string>,
} = {}) {
  const calls = { history: 0 };
  server.use(
    mockApi.get('/widget/{agentId}/config', () => ok(config), { agentId: 'a1' }),
    mockApi.get('/widget/{agentId}/history', () => {
      calls.history++;
      return ok({ conversationId: history.length ? 'c1' : null, messages: history, handedOff });
    }),
  );
  handle = await startWidget(tag(attrs));
  expect(handle).not.toBeNull();
  const shadow = handle!.host.shadowRoot!;
  const q = <T extends Element = HTMLElement>(selector: string) => shadow.querySelector<T & HTMLElement>(selector)!;
  const messages = () => Array.from(shadow.querySelectorAll<HTMLElement>('.log > [data-role]')).map((m) => [m.dataset.role, m.textContent]);
  return { shadow, q, messages, calls, user: userEvent.setup(), launcher: q<HTMLButtonElement>('.launcher'), panel: q('.panel'), input: q<HTMLTextAreaElement>('textarea') };
}

describe('the widget', () => {
  it('draws a labelled launcher in its corner, in its shadow root, in the agent’s colour', async () => {
    const { shadow, launcher, panel } = await start();
    expect(handle!.host.tagName).toBe('AGENTFORGE-WIDGET');
    expect(handle!.host.parentElement).toBe(document.body);
    expect(handle!.host.shadowRoot?.mode).toBe('open');
    const root = shadow.querySelector<HTMLElement>('.root')!;
    expect(root.className).toContain('right');
    expect(root.getAttribute('dir')).toBe('ltr');
    expect(root.style.getPropertyValue('--af-accent')).toBe('#0ea5e9');
    expect(launcher.getAttribute('aria-label')).toBe('Open chat');
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(launcher.querySelector('svg')).not.toBeNull();
    expect(panel.hidden).toBe(true);
    // Nothing of it is in the page's own tree.
    expect(document.body.querySelector('.launcher')).toBeNull();
  });

  it('opens on the greeting and the suggestions, the message box focused, and shows the visitor’s conversation so far', async () => {
    const { q, launcher, panel, input, messages, calls, user, shadow } = await start({
      history: [makeMessage({ id: 'u0', role: 'user', content: 'Do you ship abroad?' }), makeMessage({ id: 'm0', role: 'assistant', content: 'Yes, *everywhere*.' })],
    });
    await user.click(launcher);
    expect(panel.hidden).toBe(false);
    expect(launcher.getAttribute('aria-expanded')).toBe('true');
    expect(launcher.getAttribute('aria-label')).toBe('Close chat');
    expect(shadow.activeElement).toBe(input);
    expect(q('.title').textContent).toBe('Shop help');
    expect(panel.getAttribute('role')).toBe('dialog');
    expect(q('[role="log"]').getAttribute('aria-live')).toBe('polite');
    expect(q('label[for="af-input"]').textContent).toBe('Your message');
    expect(q('.send').getAttribute('aria-label')).toBe('Send');
    await waitFor(() =>
      expect(messages()).toEqual([
        ['assistant', 'Hello! Ask me about returns.'],
        ['user', 'Do you ship abroad?'],
        ['assistant', 'Yes, everywhere.'],
      ]),
    );
    expect(q('.log strong').textContent).toBe('returns');
    // The visitor has spoken already: no suggestions.
    expect(q('.chips').children).toHaveLength(0);
    expect(localStorage.getItem(VISITOR_KEY)).toMatch(/^v_[0-9a-f]{32}$/);

    // Escape closes and gives the focus back to the launcher; opening again reads no history twice.
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(panel.hidden).toBe(true);
    expect(shadow.activeElement).toBe(launcher);
    await user.click(launcher);
    await user.click(q('button[aria-label="Close"]'));
    expect(panel.hidden).toBe(true);
    expect(calls.history).toBe(1);
  });

  it('sends with Enter and streams the answer, the typing dots until its first words', async () => {
    const sse = openSse();
    const sent: unknown[] = [];
    const { launcher, input, user, q, messages } = await start();
    server.use(
      mockApi.post('/widget/{agentId}/chat', async ({ request }) => {
        sent.push(await request.clone().json());
        return sse.response();
      }),
    );
    await user.click(launcher);
    expect(q('.chip').textContent).toBe('What are your hours?');
    await user.type(input, 'When do you open?{Shift>}{Enter}{/Shift}Today?');
    expect(input.value).toBe('When do you open?\nToday?');
    await user.keyboard('{Enter}');
    expect(input.value).toBe('');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ visitorId: localStorage.getItem(VISITOR_KEY), message: 'When do you open?\nToday?' });
    const answer = () => q('.log > [data-role="assistant"]:last-child');
    expect(answer().getAttribute('aria-busy')).toBe('true');
    expect(answer().querySelector('.typing')).not.toBeNull();
    expect(answer().textContent).toBe('Typing…');
    expect(q('.chips').children).toHaveLength(0);

    sse.send('start', START);
    sse.send('delta', { text: 'We open at **9**' });
    await waitFor(() => expect(answer().querySelector('strong')?.textContent).toBe('9'));
    expect(answer().querySelector('.typing')).toBeNull();
    sse.send('delta', { text: ' <script>alert(1)</script>' });
    sse.send('end', { message: makeMessage({ id: 'm1', role: 'assistant', content: 'We open at **9** <script>alert(1)</script>' }) });
    sse.close();
    await waitFor(() => expect(answer().hasAttribute('aria-busy')).toBe(false));
    expect(answer().querySelector('script')).toBeNull();
    expect(messages()).toEqual([
      ['assistant', 'Hello! Ask me about returns.'],
      ['user', 'When do you open?\nToday?'],
      ['assistant', 'We open at 9 <script>alert(1)</script>'],
    ]);
  });

  it('sends a suggested question when it is chosen', async () => {
    const sent: unknown[] = [];
    const { launcher, user, q, messages } = await start();
    server.use(
      mockApi.post('/widget/{agentId}/chat', async ({ request }) => {
        sent.push(await request.clone().json());
        const sse = openSse();
        setTimeout(() => {
          sse.send('delta', { text: 'From 9 to 5.' });
          sse.send('end', { message: makeMessage({ role: 'assistant', content: 'From 9 to 5.' }) });
          sse.close();
        });
        return sse.response();
      }),
    );
    await user.click(launcher);
    await user.click(q('.chip'));
    await waitFor(() => expect(messages().at(-1)).toEqual(['assistant', 'From 9 to 5.']));
    expect(sent).toEqual([{ visitorId: expect.stringMatching(/^v_/), message: 'What are your hours?' }]);
  });

  it('says so in the panel when the visitor sends too fast, or the answer fails', async () => {
    const { launcher, user, input, q, messages } = await start();
    server.use(mockApi.post('/widget/{agentId}/chat', () => fail(429, 'rate_limited', 'Too many messages')));
    await user.click(launcher);
    await user.type(input, 'Hello{Enter}');
    await waitFor(() => expect(q('.error')?.textContent).toBe('You are sending messages too quickly. Please wait a moment and try again.'));
    expect(messages()).toEqual([
      ['assistant', 'Hello! Ask me about returns.'],
      ['user', 'Hello'],
      ['error', 'You are sending messages too quickly. Please wait a moment and try again.'],
    ]);

    server.use(
      mockApi.post('/widget/{agentId}/chat', () => {
        const sse = openSse();
        setTimeout(() => {
          sse.send('delta', { text: 'Half an' });
          sse.send('error', { error: 'provider_unavailable', message: 'down' });
          sse.close();
        });
        return sse.response();
      }),
    );
    // (Typed as bare events: inside a shadow root user-event misses the widget emptying the box, and would type after "Hello".)
    expect(input.value).toBe('');
    fireEvent.input(input, { target: { value: 'Again' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(messages().at(-1)).toEqual(['error', 'Something went wrong. Please try again.']));
    // One error line at a time; the words written before the failure stay.
    expect(messages().slice(2)).toEqual([
      ['user', 'Again'],
      ['assistant', 'Half an'],
      ['error', 'Something went wrong. Please try again.'],
    ]);
  });

  it('offers a flow’s choices as buttons under its answer, which send their label and go away', async () => {
    const sent: unknown[] = [];
    const { launcher, user, q, shadow, messages } = await start();
    const flow: MessageOut['flow'] = { nodeId: 'size', choices: [{ id: 's', label: 'Small' }, { id: 'l', label: 'Large' }] };
    server.use(
      mockApi.post('/widget/{agentId}/chat', async ({ request }) => {
        const body = (await request.clone().json()) as { message: string };
        sent.push(body.message);
        const sse = openSse();
        setTimeout(() => {
          if (body.message === 'A kettle') {
            sse.send('delta', { text: 'Which size?' });
            sse.send('end', { message: makeMessage({ id: 'm1', role: 'assistant', content: 'Which size?', flow }) });
          } else {
            sse.send('delta', { text: 'Large it is.' });
            sse.send('end', { message: makeMessage({ id: 'm2', role: 'assistant', content: 'Large it is.' }) });
          }
          sse.close();
        });
        return sse.response();
      }),
    );
    await user.click(launcher);
    fireEvent.input(q('textarea'), { target: { value: 'A kettle' } });
    fireEvent.keyDown(q('textarea'), { key: 'Enter' });
    const group = await vi.waitFor(() => {
      const g = shadow.querySelector<HTMLElement>('[role="group"][aria-label="Suggested answers"]');
      if (!g) throw new Error('no choices yet');
      return g;
    });
    const buttons = Array.from(group.querySelectorAll('button'));
    expect(buttons.map((b) => [b.textContent, b.getAttribute('type')])).toEqual([
      ['Small', 'button'],
      ['Large', 'button'],
    ]);
    // Under the answer it belongs to, and reached with the keyboard (a native button: Enter or Space chooses).
    expect(group.previousElementSibling?.textContent).toBe('Which size?');
    buttons[1].focus();
    expect(shadow.activeElement).toBe(buttons[1]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(messages().at(-1)).toEqual(['assistant', 'Large it is.']));
    expect(sent).toEqual(['A kettle', 'Large']);
    expect(messages().slice(-2)).toEqual([
      ['user', 'Large'],
      ['assistant', 'Large it is.'],
    ]);
    expect(shadow.querySelector('[role="group"][aria-label="Suggested answers"]')).toBeNull();
  });

  it('says when a person of the team took over, and adds their answers as it reads the history every 5 s while open', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const earlier = [makeMessage({ id: 'u0', role: 'user', content: 'I need a human' }), makeMessage({ id: 'm0', role: 'assistant', content: 'Passing you to a person.', flow: { nodeId: 'human', ending: 'handoff' } })];
    let history = earlier;
    let reads = 0;
    server.use(
      mockApi.get('/widget/{agentId}/config', () => ok(CONFIG), { agentId: 'a1' }),
      mockApi.get('/widget/{agentId}/history', () => {
        reads++;
        return ok({ conversationId: 'c1', messages: history, handedOff: true });
      }),
      mockApi.post('/widget/{agentId}/chat', () => {
        const sse = openSse();
        setTimeout(() => {
          sse.send('handed_off', { conversationId: 'c1', userMessage: makeMessage({ id: 'u1', role: 'user', content: 'Are you there?' }) });
          sse.close();
        });
        return sse.response();
      }),
    );
    handle = await startWidget(tag());
    const shadow = handle!.host.shadowRoot!;
    const messages = () => Array.from(shadow.querySelectorAll<HTMLElement>('.log > [data-role]')).map((m) => [m.dataset.role, m.textContent]);
    const notice = 'A person from the team has taken over; they will answer here.';
    shadow.querySelector<HTMLButtonElement>('.launcher')!.click();
    await vi.waitFor(() => expect(messages().at(-1)).toEqual(['handoff', notice]));
    expect(shadow.querySelector('[data-role="handoff"]')!.getAttribute('role')).toBe('status');
    expect(reads).toBe(1);

    // The visitor writes: the message reaches the person, nobody answers in their place.
    const input = shadow.querySelector<HTMLTextAreaElement>('textarea')!;
    fireEvent.input(input, { target: { value: 'Are you there?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await vi.waitFor(() => expect(messages().at(-1)).toEqual(['user', 'Are you there?']));
    await vi.waitFor(() => expect(shadow.querySelector('[aria-busy]')).toBeNull());
    expect(messages().filter(([role]) => role === 'assistant')).toHaveLength(2);

    // Their answer arrives with the next read of the history, once, however often it is read.
    const reply = makeMessage({ id: 'm9', role: 'assistant', content: 'Hi, this is **Sam**.', authorId: 'u-sam', createdAt: '2026-03-01T10:01:00Z' });
    history = [...earlier, makeMessage({ id: 'u1', role: 'user', content: 'Are you there?' }), reply];
    await vi.advanceTimersByTimeAsync(5000);
    await vi.waitFor(() => expect(messages().at(-1)).toEqual(['assistant', 'Hi, this is Sam.']));
    expect(reads).toBe(2);
    await vi.advanceTimersByTimeAsync(5000);
    await vi.waitFor(() => expect(reads).toBe(3));
    expect(messages().filter(([, text]) => text === 'Hi, this is Sam.')).toHaveLength(1);
    // The visitor's own message is not added again either.
    expect(messages().filter(([, text]) => text === 'Are you there?')).toHaveLength(1);

    // Closed, it reads nothing.
    handle!.close(false);
    await vi.advanceTimersByTimeAsync(15000);
    expect(reads).toBe(3);
  });

  it('reads the history no more once the conversation is handed back', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let handedOff = true;
    let reads = 0;
    server.use(
      mockApi.get('/widget/{agentId}/config', () => ok(CONFIG), { agentId: 'a1' }),
      mockApi.get('/widget/{agentId}/history', () => {
        reads++;
        return ok({ conversationId: 'c1', messages: [makeMessage({ id: 'u0', role: 'user', content: 'Hi' })], handedOff });
      }),
    );
    handle = await startWidget(tag());
    const shadow = handle!.host.shadowRoot!;
    shadow.querySelector<HTMLButtonElement>('.launcher')!.click();
    await vi.waitFor(() => expect(shadow.querySelector('[data-role="handoff"]')).not.toBeNull());
    handedOff = false;
    await vi.advanceTimersByTimeAsync(5000);
    await vi.waitFor(() => expect(shadow.querySelector('[data-role="handoff"]')).toBeNull());
    await vi.advanceTimersByTimeAsync(15000);
    expect(reads).toBe(2);
  });

  it('speaks the page’s language, right to left in Arabic, in its corner', async () => {
    document.documentElement.lang = 'ar-EG';
    const { shadow, launcher, user, q } = await start({ config: { ...CONFIG, position: 'bottom-left', language: 'de' } });
    const root = shadow.querySelector<HTMLElement>('.root')!;
    expect(root.getAttribute('dir')).toBe('rtl');
    expect(root.getAttribute('lang')).toBe('ar');
    expect(root.className).toContain('left');
    expect(launcher.getAttribute('aria-label')).toBe('فتح المحادثة');
    await user.click(launcher);
    expect(q('textarea').getAttribute('placeholder')).toBe('اكتب رسالة…');
    expect(q('.footer').textContent).toBe('مدعوم من AgentForge');
  });

  it('speaks the agent’s language when the page’s is not one of the 12', async () => {
    document.documentElement.lang = 'nl';
    const { launcher } = await start({ config: { ...CONFIG, language: 'de' } });
    expect(launcher.getAttribute('aria-label')).toBe('Chat öffnen');
  });

  it('draws nothing, saying why once, when the server refuses it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(mockApi.get('/widget/{agentId}/config', () => fail(404, 'not_found', 'Agent not found')));
    expect(await startWidget(tag())).toBeNull();
    expect(document.querySelector('agentforge-widget')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('turned off');
  });

  it('draws the preview’s look, opened without taking the focus, and reads nothing from the server', async () => {
    const script = tag({ 'data-preview': JSON.stringify({ ...CONFIG, title: 'Preview', icon: 'help' }), 'data-open': 'true' });
    // No handler for /config or /history: a request would fail the test (onUnhandledRequest: 'error').
    handle = await startWidget(script);
    const shadow = handle!.host.shadowRoot!;
    expect(shadow.querySelector<HTMLElement>('.panel')!.hidden).toBe(false);
    expect(shadow.querySelector('.title')!.textContent).toBe('Preview');
    expect(shadow.activeElement).toBeNull();
    // One widget per tag.
    expect(await startWidget(script)).toBeNull();
  });
});
