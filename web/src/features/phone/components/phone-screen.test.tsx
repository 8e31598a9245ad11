import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InitiateCallInput } from '@/features/phone/api/calls';
import type { PhoneNumberInput } from '@/features/phone/api/phone';
import { dayBoundary } from '@/lib/conversations';
import { makeAgent } from '@/testing/mocks/agents';
import { fail, mockApi, ok, paged } from '@/testing/mocks/http';
import { connectedSetup, makeCall, makePhoneNumber, makePhoneSetup, makeSimulatedCall, makeSimulatorTurn, makeSms } from '@/testing/mocks/phone';
import { server } from '@/testing/mocks/server';
import { installMediaFakes, playback, synthesis } from '@/testing/mocks/voice';
import { adminUser, plainUser, renderApp } from '@/testing/test-utils';

const CALLS = '/dashboard/conversations/phone';
const SETUP = '/dashboard/integrations/twilio';

const frontDesk = makeAgent({ id: 'a1', name: 'Front desk', status: 'active', language: 'en', greeting: 'Hello! How can I help?' });
const draftBot = makeAgent({ id: 'a2', name: 'Draft bot', status: 'draft' });

/** My agents as GET /agents lists them. */
const withAgents = (...agents: ReturnType<typeof makeAgent>[]) => server.use(mockApi.get('/agents', () => paged(agents, { limit: 100 })));
const withSetup = (setup = makePhoneSetup()) => server.use(mockApi.get('/phone/setup', () => ok(setup)));
const region = (name: string) => screen.findByRole('region', { name });

describe('the phone screen: setup', () => {
  beforeEach(() => withAgents(frontDesk));

  it('says plainly that Twilio is not connected, where to connect it, and that only the simulator works on a local address', async () => {
    const { user } = renderApp(SETUP, { user: plainUser });
    const card = await region('Twilio connection');
    expect(within(card).getByText('Not connected')).toBeInTheDocument();
    expect(within(card).getByText('Twilio is not connected')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Connect Twilio in Settings › Integrations' })).toHaveAttribute('href', '/dashboard/settings?service=twilio#integrations');
    // Admin › Configuration is for admins only.
    expect(within(card).queryByRole('link', { name: 'Admin › Configuration › Twilio' })).not.toBeInTheDocument();
    expect(within(card).getByTestId('phone-unreachable')).toHaveTextContent(
      'Twilio cannot reach this server at http://localhost:8080: set a public URL in Admin › Configuration › General; until then only the simulator works.',
    );
    expect(within(card).getByText('Not reachable')).toBeInTheDocument();
    expect(within(card).getByText("Twilio's voice")).toBeInTheDocument();

    // The three URLs to paste in Twilio, each with where it goes.
    const hooks = await region('Webhooks for your numbers');
    expect(within(hooks).getByLabelText('A call comes in')).toHaveValue('http://localhost:8080/api/phone/twilio/voice');
    expect(within(hooks).getByLabelText('A message comes in')).toHaveValue('http://localhost:8080/api/phone/twilio/sms');
    expect(within(hooks).getByLabelText('Call status changes')).toHaveValue('http://localhost:8080/api/phone/twilio/status');
    expect(within(hooks).getByText('Voice configuration › “A call comes in”: Webhook, HTTP POST.')).toBeInTheDocument();
    expect(within(hooks).getByRole('button', { name: 'Copy A call comes in' })).toBeInTheDocument();

    // The simulator is one click away.
    await user.click(within(card).getByRole('button', { name: 'Open the call simulator' }));
    expect(await screen.findByRole('tab', { name: 'Calls', selected: true })).toBeInTheDocument();
    expect(await region('Call simulator')).toBeInTheDocument();
  });

  it('shows admins the links to Admin › Configuration', async () => {
    renderApp(SETUP, { user: adminUser });
    const card = await region('Twilio connection');
    expect(within(card).getByRole('link', { name: 'Admin › Configuration › Twilio' })).toHaveAttribute('href', '/admin/configuration#twilio');
    expect(within(card).getByRole('link', { name: 'Admin › Configuration › General' })).toHaveAttribute('href', '/admin/configuration#general');
  });

  it('shows a connected account: its number, a reachable public URL, and ElevenLabs speaking', async () => {
    withSetup({ ...connectedSetup(), voiceProvider: true });
    renderApp('/dashboard/twilio', { user: plainUser });
    const card = await region('Twilio connection');
    expect(within(card).getByText('Connected')).toBeInTheDocument();
    expect(within(card).queryByText('Twilio is not connected')).not.toBeInTheDocument();
    expect(within(card).queryByTestId('phone-unreachable')).not.toBeInTheDocument();
    expect(within(card).getByText('+14155550100')).toBeInTheDocument();
    expect(within(card).getByText('https://agents.example.com')).toBeInTheDocument();
    expect(within(card).getByText('Reachable')).toBeInTheDocument();
    expect(within(card).getByText('ElevenLabs')).toBeInTheDocument();
  });

  it('warns when Twilio is connected but cannot reach the server', async () => {
    withSetup({ ...connectedSetup(), publicUrl: 'http://192.168.1.4:8080', publicUrlReachable: false });
    renderApp(SETUP, { user: plainUser });
    const card = await region('Twilio connection');
    expect(within(card).getByText('Connected')).toBeInTheDocument();
    expect(within(card).getByTestId('phone-unreachable')).toHaveTextContent('Twilio cannot reach this server at http://192.168.1.4:8080');
    // The calls tab says so too.
    renderApp(CALLS, { user: plainUser });
    expect(await screen.findByText('Twilio is connected, but cannot reach this server.')).toBeInTheDocument();
  });

  it('adds a number, refuses one already taken on its field, and removes one after confirming', async () => {
    const numbers = [makePhoneNumber()];
    const added: PhoneNumberInput[] = [];
    server.use(
      mockApi.get('/phone/numbers', () => ok(numbers)),
      mockApi.post('/phone/numbers', async ({ request }) => {
        const body = await request.json();
        added.push(body);
        if (body.phoneNumber === '+14155550123') return fail(409, 'number_taken', 'This number already reaches an agent on this server: change or remove that first', [{ field: 'phoneNumber', message: 'This number already reaches an agent on this server: change or remove that first' }]);
        numbers.push(makePhoneNumber({ id: 'n2', phoneNumber: body.phoneNumber, recordCalls: !!body.recordCalls }));
        return ok(numbers[1], 201);
      }),
      mockApi.delete('/phone/numbers/{id}', ({ params }) => {
        numbers.splice(
          numbers.findIndex((n) => n.id === params.id),
          1,
        );
        return ok({ id: params.id, deleted: true });
      }),
    );
    const { user } = renderApp(SETUP, { user: plainUser });
    const card = await region('Numbers that reach an agent');
    expect(await within(card).findAllByTestId('phone-number-row')).toHaveLength(1);
    expect(within(card).getByText('Front desk')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Add number' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add a number' });
    await user.click(within(dialog).getByRole('button', { name: 'Add number' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Phone number'), '4155550199');
    await user.click(within(dialog).getByRole('button', { name: 'Add number' }));
    expect(await within(dialog).findByText(/Enter the number in E\.164/)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Phone number'));
    await user.type(within(dialog).getByLabelText('Phone number'), '+14155550123');
    await user.click(within(dialog).getByRole('button', { name: 'Add number' }));
    expect(await within(dialog).findByText('This number already reaches an agent on this server: change or remove that first')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Phone number'));
    await user.type(within(dialog).getByLabelText('Phone number'), '+14155550199');
    await user.click(within(dialog).getByRole('switch', { name: 'Record calls' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add number' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(added.at(-1)).toEqual({ phoneNumber: '+14155550199', agentId: 'a1', recordCalls: true });
    expect(await within(card).findAllByTestId('phone-number-row')).toHaveLength(2);

    await user.click(within(card).getByRole('button', { name: 'Remove +14155550123' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Remove +14155550123?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove number' }));
    expect(await screen.findByText('+14155550123 removed')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getAllByTestId('phone-number-row')).toHaveLength(1));
  });
});

describe('the phone screen: a test call', () => {
  beforeEach(() => {
    withAgents(frontDesk, draftBot);
    withSetup(connectedSetup());
  });

  it('waits for Twilio when it is not connected, saying so', async () => {
    withSetup(makePhoneSetup());
    renderApp(CALLS, { user: plainUser });
    expect(await screen.findByText('Twilio is not connected.')).toBeInTheDocument();
    const card = await region('Place a test call');
    expect(within(card).getByText('Connect Twilio to place real calls. Meanwhile, the call simulator works in the browser.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Call now' })).toBeDisabled();
  });

  it('places the call and follows it live until it ends', async () => {
    const sent: InitiateCallInput[] = [];
    let polls = 0;
    server.use(
      mockApi.post('/phone/initiate-call', async ({ request }) => {
        sent.push(await request.json());
        return ok(makeCall({ status: 'queued', record: true }), 201);
      }),
      mockApi.get('/phone/call-status/{id}', () => {
        polls += 1;
        return ok(makeCall({ status: 'completed', record: true, turns: 3, durationSeconds: 65, conversationId: 'conv9', answeredAt: '2026-03-01T10:00:05Z' }));
      }),
    );
    const { user } = renderApp(CALLS, { user: plainUser });
    const card = await region('Place a test call');
    // Agents that cannot answer say so in the picker.
    expect(within(within(card).getByLabelText('Agent')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Front desk', 'Draft bot (not active)']);
    await user.type(within(card).getByLabelText('Number to call'), '+1 415 555 2671');
    await user.click(within(card).getByRole('button', { name: 'Add variable' }));
    await user.type(within(card).getByLabelText('Name of variable 1'), 'customer_name');
    await user.type(within(card).getByLabelText('Value of variable 1'), 'Ada');
    await user.click(within(card).getByRole('switch', { name: 'Record the call' }));
    await user.click(within(card).getByRole('button', { name: 'Call now' }));

    const live = await within(card).findByTestId('live-call');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ agentId: 'a1', phoneNumber: '+1 415 555 2671', variables: { customer_name: 'Ada' }, record: true });
    expect(within(live).getByText('+14155552671')).toBeInTheDocument();
    expect(within(live).getByTestId('call-status')).toHaveTextContent('Queued');
    // Read again every 2 s until it is over.
    await waitFor(() => expect(within(live).getByTestId('call-status')).toHaveTextContent('Completed'), { timeout: 4000 });
    expect(polls).toBe(1);
    expect(within(live).getByTestId('live-call-duration')).toHaveTextContent('1:05');
    expect(within(live).getByTestId('live-call-turns')).toHaveTextContent('3');
    expect(within(live).getByRole('link', { name: 'Transcript' })).toHaveAttribute('href', '/dashboard/conversations/conv9');
    await user.click(within(live).getByRole('button', { name: 'Place another call' }));
    expect(within(card).getByRole('button', { name: 'Call now' })).toBeInTheDocument();
  });

  it('checks the number before calling, and shows the server’s field errors on their fields', async () => {
    let calls = 0;
    server.use(
      mockApi.post('/phone/initiate-call', () => {
        calls += 1;
        return fail(422, 'validation_failed', 'Invalid input', [
          { field: 'phoneNumber', message: 'Twilio says the number is unreachable' },
          { field: 'variables.order', message: 'One line of at most 500 characters' },
        ]);
      }),
    );
    const { user } = renderApp(CALLS, { user: plainUser });
    const card = await region('Place a test call');
    await user.type(within(card).getByLabelText('Number to call'), '4155552671');
    await user.click(within(card).getByRole('button', { name: 'Call now' }));
    expect(await within(card).findByText(/Enter the number in E\.164/)).toBeInTheDocument();
    expect(calls).toBe(0);

    await user.clear(within(card).getByLabelText('Number to call'));
    await user.type(within(card).getByLabelText('Number to call'), '+14155552671');
    await user.click(within(card).getByRole('button', { name: 'Add variable' }));
    await user.type(within(card).getByLabelText('Name of variable 1'), 'order');
    await user.type(within(card).getByLabelText('Value of variable 1'), '42');
    await user.click(within(card).getByRole('button', { name: 'Call now' }));
    expect(await within(card).findByText('Twilio says the number is unreachable')).toBeInTheDocument();
    expect(within(card).getByLabelText('Number to call')).toHaveAttribute('aria-invalid', 'true');
    expect(within(card).getByText('One line of at most 500 characters.')).toBeInTheDocument();
    expect(within(card).getByLabelText('Value of variable 1')).toHaveAttribute('aria-invalid', 'true');
    // The fields say it: no toast.
    expect(screen.queryByText('Failed to initiate call')).not.toBeInTheDocument();
    expect(within(card).queryByTestId('live-call')).not.toBeInTheDocument();
  });

  it('toasts “Failed to initiate call” with the server’s words when Twilio fails', async () => {
    server.use(mockApi.post('/phone/initiate-call', () => fail(502, 'twilio_error', 'Failed to initiate call: Twilio answered 503 (Service Unavailable)')));
    const { user } = renderApp(CALLS, { user: plainUser });
    const card = await region('Place a test call');
    await user.type(within(card).getByLabelText('Number to call'), '+14155552671');
    await user.click(within(card).getByRole('button', { name: 'Call now' }));
    const toast = (await screen.findByText('Failed to initiate call')).closest('[role="alert"]');
    expect(toast).toHaveTextContent('Twilio answered 503 (Service Unavailable)');
    expect(within(card).queryByTestId('live-call')).not.toBeInTheDocument();
  });

  it('says when the agent is not deployed, with a link to it', async () => {
    server.use(mockApi.post('/phone/initiate-call', () => fail(409, 'not_deployed', 'This agent has no version deployed to production; deploy one first')));
    const { user } = renderApp(CALLS, { user: plainUser });
    const card = await region('Place a test call');
    await user.type(within(card).getByLabelText('Number to call'), '+14155552671');
    await user.click(within(card).getByRole('button', { name: 'Call now' }));
    expect(await screen.findByText('Failed to initiate call')).toBeInTheDocument();
    expect(await within(card).findByText('This agent is not deployed to production')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open Front desk' })).toHaveAttribute('href', '/dashboard/agents/a1');
  });
});

describe('the phone screen: the call simulator', () => {
  let uninstall: () => void;
  beforeEach(() => {
    uninstall = installMediaFakes();
    withAgents(frontDesk);
  });
  afterEach(() => uninstall());

  it('plays the greeting, listens, sends what is typed, plays the answer, and ends when the agent hangs up', async () => {
    const speech: string[] = [];
    let histories = 0;
    server.use(
      mockApi.get('/phone/call-history', () => {
        histories += 1;
        return paged([]);
      }),
      mockApi.post('/phone/simulator/calls', async ({ request }) => {
        expect(await request.json()).toEqual({ agentId: 'a1', variables: {} });
        return ok(makeSimulatorTurn(['Hello! How can I help?']), 201);
      }),
      mockApi.post('/phone/simulator/calls/{id}/speech', async ({ request, params }) => {
        expect(params.id).toBe('sim1');
        const { speech: said = '' } = await request.json();
        speech.push(said);
        if (speech.length === 1) return ok(makeSimulatorTurn(['We open at nine.', 'We close at five.'], { call: makeSimulatedCall({ turns: 1, conversationId: 'conv1' }) }));
        return ok(makeSimulatorTurn(['Goodbye!'], { hangup: true, call: makeSimulatedCall({ turns: 2, conversationId: 'conv1', status: 'completed', durationSeconds: 42 }) }));
      }),
    );
    const { user } = renderApp(CALLS, { user: plainUser });
    const sim = await region('Call simulator');
    await user.click(within(sim).getByRole('button', { name: 'Start call' }));

    // The greeting is said with the browser's voice, in the step's language, and shown.
    const log = await within(sim).findByRole('log', { name: 'Call transcript' });
    await waitFor(() => expect(within(log).getAllByTestId('sim-line')[0]).toHaveTextContent('Hello! How can I help?'));
    await waitFor(() => expect(synthesis.spoken).toEqual(['Hello! How can I help?']));
    await waitFor(() => expect(within(sim).getByTestId('sim-status')).toHaveTextContent('Your turn: speak or type. Silence for 6 seconds counts as saying nothing.'));
    expect(within(sim).getByTestId('call-status')).toHaveTextContent('In progress');
    const box = within(sim).getByLabelText('What you say');
    expect(box).toHaveFocus();

    await user.type(box, 'When are you open?{Enter}');
    await waitFor(() => expect(speech).toEqual(['When are you open?']));
    await waitFor(() => expect(synthesis.spoken).toEqual(['Hello! How can I help?', 'We open at nine.', 'We close at five.']));
    const lines = () => within(log).getAllByTestId('sim-line');
    await waitFor(() => expect(lines().map((l) => [l.dataset.who, l.textContent])).toEqual([
      ['agent', 'Front deskHello! How can I help?'],
      ['caller', 'You (caller)When are you open?'],
      ['agent', 'Front deskWe open at nine. We close at five.'],
    ]));
    expect(within(sim).getByText('1 turn')).toBeInTheDocument();
    // The last answer's TwiML, folded away.
    expect(within(sim).getByTestId('sim-twiml')).toHaveTextContent('<Say language="en-US">We close at five.</Say>');

    await waitFor(() => expect(within(sim).getByTestId('sim-status')).toHaveTextContent('Your turn'));
    const before = histories;
    await user.type(within(sim).getByLabelText('What you say'), 'Thanks, bye{Enter}');
    await waitFor(() => expect(within(sim).getByTestId('sim-status')).toHaveTextContent('The call has ended.'));
    expect(speech).toEqual(['When are you open?', 'Thanks, bye']);
    expect(lines().at(-1)).toHaveTextContent('Call ended');
    expect(lines().at(-2)).toHaveTextContent('Goodbye!');
    expect(within(sim).getByTestId('call-status')).toHaveTextContent('Completed');
    expect(within(sim).getByTestId('sim-clock')).toHaveTextContent('0:42');
    expect(within(sim).getByRole('link', { name: 'Open the conversation' })).toHaveAttribute('href', '/dashboard/conversations/conv1');
    expect(within(sim).queryByLabelText('What you say')).not.toBeInTheDocument();
    // The history reads the ended call.
    await waitFor(() => expect(histories).toBeGreaterThan(before));

    await user.click(within(sim).getByRole('button', { name: 'New call' }));
    expect(within(sim).getByRole('button', { name: 'Start call' })).toBeInTheDocument();
  });

  it("plays the agent's synthesised voice from this server and shows the words it speaks", async () => {
    const fetched: string[] = [];
    const turn = makeSimulatorTurn([]);
    turn.steps = [
      { kind: 'play', url: '/api/phone/speech/k1?sig=s1', text: 'Hello! How can I help?' },
      { kind: 'play', url: '/api/phone/speech/k2?sig=s2', text: 'Ask me anything.' },
      ...turn.steps,
    ];
    server.use(
      http.get('*/api/phone/speech/:key', ({ params }) => {
        fetched.push(String(params.key));
        return new HttpResponse(new Uint8Array([0x49, 0x44, 0x33]), { headers: { 'content-type': 'audio/mpeg' } });
      }),
      mockApi.post('/phone/simulator/calls', () => ok(turn, 201)),
    );
    const { user } = renderApp(CALLS, { user: plainUser });
    const sim = await region('Call simulator');
    await user.click(within(sim).getByRole('button', { name: 'Start call' }));
    const log = await within(sim).findByRole('log', { name: 'Call transcript' });
    await waitFor(() => expect(within(log).getAllByTestId('sim-line')[0]).toHaveTextContent('Hello! How can I help? Ask me anything.'));
    await waitFor(() => expect(fetched).toEqual(['k1', 'k2']));
    expect(playback.played).toHaveLength(2);
    // Played, not said by the browser.
    expect(synthesis.spoken).toEqual([]);
  });

  it('stops the agent when the caller talks over it, and sends what was said once it listens (barge-in)', async () => {
    const speech: string[] = [];
    server.use(
      mockApi.post('/phone/simulator/calls', () => ok(makeSimulatorTurn(['Hello! This is a long greeting.', 'It goes on.']), 201)),
      mockApi.post('/phone/simulator/calls/{id}/speech', async ({ request }) => {
        speech.push((await request.json()).speech ?? '');
        return ok(makeSimulatorTurn(['Sure.']));
      }),
    );
    synthesis.autoEnd = false;
    const { user } = renderApp(CALLS, { user: plainUser });
    const sim = await region('Call simulator');
    await user.click(within(sim).getByRole('button', { name: 'Start call' }));
    await waitFor(() => expect(synthesis.spoken).toEqual(['Hello! This is a long greeting.']));
    expect(within(sim).getByTestId('sim-status')).toHaveTextContent('Front desk is speaking… type to interrupt.');

    await user.type(within(sim).getByLabelText('What you say'), 'Stop');
    // The voice stops at once, and the rest of the prompts are skipped.
    expect(synthesis.cancelled).toBeGreaterThan(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(speech).toEqual(['Stop']));
    expect(synthesis.spoken).not.toContain('It goes on.');
  });

  it('sends silence once the listening times out', async () => {
    const speech: string[] = [];
    const turn = makeSimulatorTurn(['Hello!']);
    turn.steps = turn.steps.map((s) => (s.kind === 'listen' ? { ...s, timeoutSeconds: 1 } : s));
    server.use(
      mockApi.post('/phone/simulator/calls', () => ok(turn, 201)),
      mockApi.post('/phone/simulator/calls/{id}/speech', async ({ request }) => {
        speech.push((await request.json()).speech ?? '');
        return ok(makeSimulatorTurn(['Are you still there?']));
      }),
    );
    const { user } = renderApp(CALLS, { user: plainUser });
    const sim = await region('Call simulator');
    await user.click(within(sim).getByRole('button', { name: 'Start call' }));
    await waitFor(() => expect(speech).toEqual(['']), { timeout: 4000 });
    const log = within(sim).getByRole('log');
    expect(await within(log).findByText('(silence)')).toBeInTheDocument();
    expect(await within(log).findByText('Are you still there?')).toBeInTheDocument();
  });

  it('hangs up when asked', async () => {
    let hungUp = 0;
    server.use(
      mockApi.post('/phone/simulator/calls', () => ok(makeSimulatorTurn(['Hello!']), 201)),
      mockApi.post('/phone/simulator/calls/{id}/hangup', () => {
        hungUp += 1;
        return ok(makeSimulatedCall({ status: 'completed', durationSeconds: 3 }));
      }),
    );
    const { user } = renderApp(CALLS, { user: plainUser });
    const sim = await region('Call simulator');
    await user.click(within(sim).getByRole('button', { name: 'Start call' }));
    await waitFor(() => expect(within(sim).getByTestId('sim-status')).toHaveTextContent('Your turn'));
    await user.click(within(sim).getByRole('button', { name: 'Hang up' }));
    await waitFor(() => expect(within(sim).getByTestId('sim-status')).toHaveTextContent('The call has ended.'));
    expect(hungUp).toBe(1);
    expect(within(sim).getByTestId('call-status')).toHaveTextContent('Completed');
  });

  it('says clearly when the agent has no production deployment, with a link to it', async () => {
    server.use(mockApi.post('/phone/simulator/calls', () => fail(409, 'not_deployed', 'This agent has no version deployed to production; deploy one first')));
    const { user } = renderApp(CALLS, { user: plainUser });
    const sim = await region('Call simulator');
    await user.click(within(sim).getByRole('button', { name: 'Start call' }));
    expect(await within(sim).findByText('This agent is not deployed to production')).toBeInTheDocument();
    expect(within(sim).getByRole('link', { name: 'Open Front desk' })).toHaveAttribute('href', '/dashboard/agents/a1');
    expect(within(sim).getByRole('button', { name: 'Start call' })).toBeEnabled();
  });
});

describe('the phone screen: history and SMS', () => {
  beforeEach(() => withAgents(frontDesk, draftBot));

  it('lists calls and builds the history’s query from its filters and page', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      mockApi.get('/phone/call-history', ({ request }) => {
        const q = new URL(request.url).searchParams;
        queries.push(q);
        const page = Number(q.get('page'));
        return paged([makeCall({ id: `c${page}`, status: 'completed', durationSeconds: 65, turns: 4, conversationId: 'conv1', recordingUrl: '/api/phone/calls/c1/recording' })], { page, limit: 10, total: 25 });
      }),
    );
    const { user, router } = renderApp(CALLS, { user: plainUser });
    const history = await region('Call history');
    const row = (await within(history).findAllByTestId('call-row'))[0];
    expect(row).toHaveTextContent('Outbound');
    expect(row).toHaveTextContent('Front desk');
    expect(row).toHaveTextContent('Completed');
    expect(row).toHaveTextContent('1:05');
    expect(within(row).getByRole('link', { name: 'Transcript' })).toHaveAttribute('href', '/dashboard/conversations/conv1');
    expect(within(row).getByRole('button', { name: "Play the call's recording" })).toBeInTheDocument();
    expect(Object.fromEntries(queries.at(-1)!)).toEqual({ page: '1', limit: '10' });

    const filters = within(history).getByRole('search', { name: 'Filter calls' });
    await user.selectOptions(within(filters).getByLabelText('Agent'), 'a1');
    await user.selectOptions(within(filters).getByLabelText('Status'), 'completed');
    await user.selectOptions(within(filters).getByLabelText('Direction'), 'inbound');
    fireEvent.change(within(filters).getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(within(filters).getByLabelText('To'), { target: { value: '2026-03-31' } });
    await waitFor(() =>
      expect(Object.fromEntries(queries.at(-1)!)).toEqual({
        page: '1',
        limit: '10',
        agentId: 'a1',
        status: 'completed',
        direction: 'inbound',
        from: dayBoundary('2026-03-01', false),
        to: dayBoundary('2026-03-31', true),
      }),
    );
    expect(router.state.location.search).toContain('status=completed');

    await user.click(within(history).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queries.at(-1)!.get('page')).toBe('2'));
    expect(queries.at(-1)!.get('status')).toBe('completed');

    // Cleared, the first page without filters (already read) shows again.
    await user.click(within(filters).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(within(filters).getByLabelText('Status')).toHaveValue('');
  });

  it('shows the SMS log a page at a time', async () => {
    const pages: string[] = [];
    server.use(
      mockApi.get('/twilio/messages', ({ request }) => {
        const page = new URL(request.url).searchParams.get('page') ?? '1';
        pages.push(page);
        return paged(
          page === '1'
            ? [makeSms(), makeSms({ id: 's2', status: 'failed', error: 'The number is unreachable', kind: 'verification', body: 'Your code is 123456' })]
            : [makeSms({ id: 's3', body: 'Reminder: your appointment is tomorrow.', kind: 'notification' })],
          { page: Number(page), limit: 10, total: 12 },
        );
      }),
    );
    const { user } = renderApp(`${CALLS}?tab=sms`, { user: plainUser });
    const log = await region('SMS log');
    const rows = await within(log).findAllByTestId('sms-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Outbound');
    expect(rows[0]).toHaveTextContent('Your order has shipped.');
    expect(rows[0]).toHaveTextContent('delivered');
    expect(rows[1]).toHaveTextContent('Verification code');
    expect(rows[1]).toHaveTextContent('The number is unreachable');
    await user.click(within(log).getByRole('button', { name: 'Next page' }));
    expect(await within(log).findByText('Reminder: your appointment is tomorrow.')).toBeInTheDocument();
    expect(pages.at(-1)).toBe('2');
  });
});
