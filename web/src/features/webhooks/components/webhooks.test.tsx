import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Webhook, WebhookEvent, WebhookInput, WebhookStats, WebhookTestResult, WebhookUpdate, WebhookWithSecret } from '@/features/webhooks/api/webhooks';
import { makeAgent } from '@/testing/mocks/agents';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { plainUser, renderApp } from '@/testing/test-utils';

const URL_1 = 'http://localhost:8080/api/hooks/wh_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const URL_2 = 'http://localhost:8080/api/hooks/wh_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

function makeWebhook(over: Partial<Webhook> = {}): Webhook {
  return {
    id: 'w1',
    agentId: 'a1',
    agentName: 'Kettle support',
    platform: 'custom',
    name: 'Website form',
    status: 'active',
    url: URL_1,
    secret: { set: true, hint: '…SaSw' },
    credentials: { values: {}, secrets: {}, inherited: [], missing: [] },
    stats: { received: 12, succeeded: 10, failed: 2, rejected: 1, averageLatencyMs: 840, lastReceivedAt: new Date(Date.now() - 5 * 60_000).toISOString() },
    failuresInRow: 0,
    lastError: null,
    createdAt: '2026-03-01T10:00:00Z',
    updatedAt: '2026-03-01T10:00:00Z',
    ...over,
  };
}

const slackBot = makeWebhook({
  id: 'w2',
  platform: 'slack',
  name: 'Support on Slack',
  url: URL_2,
  status: 'failing',
  secret: { set: false },
  credentials: { values: {}, secrets: { botToken: { set: true, hint: '…x9Zq' } }, inherited: [], missing: ['signingSecret'] },
  stats: { received: 7, succeeded: 1, failed: 6, rejected: 0, averageLatencyMs: 1200, lastReceivedAt: null },
  failuresInRow: 6,
  lastError: 'Slack refused the message (not_in_channel)',
});

function makeStats(over: Partial<WebhookStats> = {}): WebhookStats {
  return {
    overall: { received: 19, succeeded: 11, failed: 8, rejected: 1, averageLatencyMs: 950, lastReceivedAt: new Date(Date.now() - 5 * 60_000).toISOString() },
    total: 2,
    active: 1,
    paused: 0,
    failing: 1,
    webhooks: [],
    daily: [{ day: new Date().toISOString().slice(0, 10), received: 4, succeeded: 3, failed: 1 }],
    ...over,
  };
}

function makeEvent(over: Partial<WebhookEvent> = {}): WebhookEvent {
  return {
    id: 'e1',
    status: 'succeeded',
    sender: 'custom:customer-42',
    message: 'Do you ship abroad?',
    answer: 'Yes, to 30 countries.',
    error: null,
    conversationId: 'c1',
    latencyMs: 640,
    test: false,
    receivedAt: new Date(Date.now() - 60_000).toISOString(),
    finishedAt: new Date().toISOString(),
    ...over,
  };
}

const agents = [makeAgent({ id: 'a1', name: 'Kettle support' }), makeAgent({ id: 'a2', name: 'Sales assistant' })];
const agentList = mockApi.get('/agents', () => HttpResponse.json({ success: true as const, data: agents, meta: { page: 1, limit: 100, total: 2 } }));

/** The list, the stats, one webhook and its events, answering from `hooks`; the query strings each list and stats call sent. */
function webhooksApi(hooks: Webhook[] = [makeWebhook(), slackBot], events: WebhookEvent[] = [makeEvent()]) {
  const calls = { list: [] as string[], stats: [] as string[] };
  server.use(
    agentList,
    mockApi.get('/webhooks', ({ request }) => {
      calls.list.push(new URL(request.url).search);
      return ok(hooks);
    }),
    mockApi.get('/webhooks/stats', ({ request }) => {
      calls.stats.push(new URL(request.url).search);
      return ok(makeStats());
    }),
    mockApi.get('/webhooks/{id}', ({ params }) => {
      const found = hooks.find((w) => w.id === params.id);
      return found ? ok(found) : fail(404, 'not_found', 'Webhook not found');
    }),
    mockApi.get('/webhooks/{id}/events', () => ok(events)),
  );
  return calls;
}

describe('webhooks screen', () => {
  it('shows the totals, the 14 days and the list; a filter is sent, and "all" is never sent', async () => {
    const calls = webhooksApi();
    const { user, router } = renderApp('/dashboard/webhooks', { user: plainUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('webhook-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Website form')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Custom')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Active')).toBeInTheDocument();
    expect(within(rows[0]).getByText('2 failed')).toBeInTheDocument();
    expect(within(rows[0]).getByText('5 minutes ago')).toBeInTheDocument();
    // Failing is visible in the list, and says why on hover.
    expect(within(rows[1]).getByText('Failing')).toHaveAttribute('title', slackBot.lastError);
    expect(within(rows[1]).getByText('Failures in a row: 6')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Never')).toBeInTheDocument();

    expect(await screen.findByTestId('webhook-stat-received')).toHaveTextContent('19');
    expect(screen.getByTestId('webhook-stat-success')).toHaveTextContent('57.9%');
    expect(screen.getByTestId('webhook-stat-failed')).toHaveTextContent('8');
    expect(screen.getByTestId('webhook-stat-rejected')).toHaveTextContent('1');
    expect(screen.getByTestId('webhook-stat-latency')).toHaveTextContent('950 ms');
    expect(screen.getByTestId('webhook-stat-last')).toHaveTextContent('5 minutes ago');
    // The chart's numbers, every one of the 14 days, for screen readers.
    const table = screen.getByRole('table', { name: 'Last 14 days' });
    expect(within(table).getAllByRole('row')).toHaveLength(15);
    expect(screen.getByText('Received in 14 days: 4')).toBeInTheDocument();

    expect(calls.list[0]).toBe('');
    expect(calls.stats[0]).toBe('');
    await user.selectOptions(screen.getByLabelText('Platform'), 'slack');
    await waitFor(() => expect(calls.list.at(-1)).toBe('?platform=slack'));
    expect(calls.stats.at(-1)).toBe('?platform=slack');
    await user.selectOptions(screen.getByLabelText('Agent'), 'a2');
    await waitFor(() => expect(calls.list.at(-1)).toBe('?platform=slack&agentId=a2'));
    await user.selectOptions(screen.getByLabelText('Platform'), 'all');
    await user.selectOptions(screen.getByLabelText('Status'), 'failing');
    await waitFor(() => expect(calls.list.at(-1)).toBe('?status=failing&agentId=a2'));
    // The filters live in the address, without "all".
    expect(router.state.location.search).toBe('?agentId=a2&status=failing');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText('Platform')).toHaveValue('all');
    expect([...calls.list, ...calls.stats].some((q) => q.includes('all'))).toBe(false);
  });

  it('says "Failed to get webhooks" when the list cannot be read, and tries again', async () => {
    let broken = true;
    server.use(
      agentList,
      mockApi.get('/webhooks', () => (broken ? fail(500, 'internal_error', '') : ok([makeWebhook()]))),
      mockApi.get('/webhooks/stats', () => ok(makeStats())),
    );
    const { user } = renderApp('/dashboard/integrations/webhooks', { user: plainUser });
    expect(await screen.findByText('Failed to get webhooks')).toBeInTheDocument();
    broken = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('webhook-row')).toBeInTheDocument();
  });

  it('creates a webhook and shows its URL and secret once; closing opens its panel and the secret is gone', async () => {
    const sent: WebhookInput[] = [];
    const made = makeWebhook({ id: 'w9', name: 'Contact form', stats: { received: 0, succeeded: 0, failed: 0, rejected: 0, averageLatencyMs: null, lastReceivedAt: null } });
    const hooks: Webhook[] = [];
    webhooksApi(hooks, []);
    server.use(
      mockApi.post('/webhooks', async ({ request }) => {
        sent.push((await request.json()) as WebhookInput);
        hooks.push(made);
        const answer: WebhookWithSecret = { webhook: made, secret: SECRET };
        return ok(answer, 201);
      }),
    );
    const { user, router } = renderApp('/dashboard/webhooks', { user: plainUser });
    expect(await screen.findByText('No webhooks yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'New webhook' })[0]);
    let dialog = await screen.findByRole('dialog', { name: 'New webhook' });
    await user.click(within(dialog).getByRole('button', { name: 'Create webhook' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.selectOptions(within(dialog).getByLabelText('Agent'), 'a2');
    await user.type(within(dialog).getByLabelText('Name'), 'Contact form');
    expect(within(dialog).getByRole('radio', { name: 'Custom' })).toBeChecked();
    expect(within(dialog).getByText(/Custom needs no credentials/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create webhook' }));

    dialog = await screen.findByRole('dialog', { name: 'Contact form is ready' });
    expect(sent).toEqual([{ agentId: 'a2', platform: 'custom', name: 'Contact form' }]);
    expect(within(dialog).getByText('Copy the secret now: it will not be shown again.')).toBeInTheDocument();
    expect(within(dialog).getByText(/regenerate the webhook/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Webhook URL')).toHaveValue(URL_1);
    const secret = within(dialog).getByLabelText('Signing secret');
    expect(secret).toHaveValue(SECRET);
    expect(secret).toHaveAttribute('readonly');
    await user.click(within(dialog).getByRole('button', { name: 'Copy Signing secret' }));
    expect(await screen.findByText('Signing secret copied to the clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'Copy Webhook URL' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(URL_1);
    // Not lost by Escape: only the button closes it.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Contact form is ready' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?webhook=w9');
    const panel = await screen.findByTestId('webhook-detail');
    expect(await within(panel).findByRole('heading', { name: 'Contact form' })).toBeInTheDocument();
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(within(panel).getByText('…SaSw')).toBeInTheDocument();
  });

  it('puts the server’s 422 errors on the credential fields they name', async () => {
    const sent: WebhookInput[] = [];
    webhooksApi([], []);
    server.use(
      mockApi.post('/webhooks', async ({ request }) => {
        sent.push((await request.json()) as WebhookInput);
        return fail(422, 'validation_failed', 'Some fields are invalid', [
          { field: 'credentials.botToken', message: 'A Slack bot token starts with xoxb-' },
          { field: 'credentials.baseUrl', message: 'Must be an http:// or https:// URL' },
        ]);
      }),
    );
    const { user } = renderApp('/dashboard/webhooks', { user: plainUser });
    await user.click((await screen.findAllByRole('button', { name: 'New webhook' }))[0]);
    const dialog = await screen.findByRole('dialog', { name: 'New webhook' });
    await user.type(within(dialog).getByLabelText('Name'), 'Support on Slack');
    await user.click(within(dialog).getByRole('radio', { name: 'Slack' }));
    expect(within(dialog).getByText('Fields left empty use your Slack connection in Settings › Integrations.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open Settings › Integrations' })).toHaveAttribute('href', '/dashboard/settings?service=slack#integrations');
    await user.type(within(dialog).getByLabelText('Bot token'), 'not-a-bot-token');
    await user.click(within(dialog).getByText('Advanced'));
    await user.type(within(dialog).getByLabelText('API address'), 'ftp://example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create webhook' }));

    const token = within(dialog).getByLabelText('Bot token');
    await waitFor(() => expect(token).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('A Slack bot token starts with xoxb-')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('API address')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Must be an http:// or https:// URL.')).toBeInTheDocument();
    // Only what was typed is sent; the signing secret left empty comes from Settings › Integrations.
    expect(sent[0]).toEqual({ agentId: 'a1', platform: 'slack', name: 'Support on Slack', credentials: { botToken: 'not-a-bot-token', baseUrl: 'ftp://example.com' } });
    expect(screen.getByRole('dialog', { name: 'New webhook' })).toBeInTheDocument();
  });

  it('opens the webhook a link names, explains why it is failing and which credentials are missing', async () => {
    webhooksApi([makeWebhook(), slackBot]);
    const { user } = renderApp('/dashboard/webhooks?webhook=w2', { user: plainUser });
    const panel = await screen.findByTestId('webhook-detail');
    const heading = await within(panel).findByRole('heading', { level: 2, name: 'Support on Slack' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(panel).getByText('Failing. Failures in a row: 6.')).toBeInTheDocument();
    expect(within(panel).getByTestId('webhook-last-error')).toHaveTextContent('Slack refused the message (not_in_channel)');
    expect(within(panel).getByText('Missing credentials: Signing secret')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Webhook URL')).toHaveValue(URL_2);
    // Slack's setup, step by step.
    expect(within(panel).getByText('message.channels')).toBeInTheDocument();
    expect(within(panel).getByText('chat:write')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'api.slack.com/apps' })).toHaveAttribute('href', 'https://api.slack.com/apps');

    // Closing gives the focus back to the webhook's row.
    const toggle = screen.getByRole('button', { name: 'Support on Slack' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(panel).getByRole('button', { name: "Close the webhook's panel" }));
    await waitFor(() => expect(screen.queryByTestId('webhook-detail')).not.toBeInTheDocument());
    await waitFor(() => expect(toggle).toHaveFocus());
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows Telegram’s setWebhook call with the URL and the secret to fill in', async () => {
    const telegram = makeWebhook({ id: 'w3', platform: 'telegram', name: 'Shop bot' });
    webhooksApi([telegram]);
    renderApp('/dashboard/webhooks?webhook=w3', { user: plainUser });
    expect(await screen.findByTestId('telegram-command')).toHaveTextContent(`curl "https://api.telegram.org/bot<token>/setWebhook?url=${URL_1}&secret_token=<secret>"`);
  });

  it('asks before regenerating, then shows the new URL and secret once', async () => {
    webhooksApi();
    let regenerated = 0;
    server.use(
      mockApi.post('/webhooks/{id}/regenerate', () => {
        regenerated += 1;
        const answer: WebhookWithSecret = { webhook: makeWebhook({ url: URL_2 }), secret: 'whsec_NewNewNewNewNewNewNewNewNewNewNewNewNe' };
        return ok(answer);
      }),
    );
    const { user } = renderApp('/dashboard/webhooks?webhook=w1', { user: plainUser });
    const panel = await screen.findByTestId('webhook-detail');
    await user.click(await within(panel).findByRole('button', { name: 'Regenerate' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Regenerate Website form?' });
    expect(within(confirm).getByText(/The old URL and secret stop working at once/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(regenerated).toBe(0);

    await user.click(within(panel).getByRole('button', { name: 'Regenerate' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Regenerate Website form?' });
    await user.click(within(confirm).getByRole('button', { name: 'Regenerate' }));
    const dialog = await screen.findByRole('dialog', { name: 'New URL and secret for Website form' });
    expect(regenerated).toBe(1);
    expect(within(dialog).getByLabelText('Webhook URL')).toHaveValue(URL_2);
    expect(within(dialog).getByLabelText('Signing secret')).toHaveValue('whsec_NewNewNewNewNewNewNewNewNewNewNewNewNe');
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('runs a test with sample data and shows the answer, the immediate response and what would be posted', async () => {
    const telegram = makeWebhook({ id: 'w3', platform: 'telegram', name: 'Shop bot', credentials: { values: {}, secrets: {}, inherited: ['botToken'], missing: [] } });
    webhooksApi([telegram]);
    const bodies: unknown[] = [];
    const result: WebhookTestResult = {
      webhookId: 'w3',
      platform: 'telegram',
      response: { ok: true },
      answers: [
        {
          sender: 'test:test-user',
          message: 'What are your opening hours?',
          conversationId: 'c77',
          answer: 'We are open from nine to five.',
          citations: [],
          post: { method: 'POST', url: 'https://api.telegram.org/bot<bot token>/sendMessage', body: { chat_id: 'test-user', text: 'We are open from nine to five.' } as unknown as Record<string, never> },
        },
      ],
      missingCredentials: [],
    };
    server.use(
      mockApi.post('/webhooks/{id}/test', async ({ request }) => {
        bodies.push(await request.json());
        return ok(result);
      }),
    );
    const { user } = renderApp('/dashboard/webhooks?webhook=w3', { user: plainUser });
    const panel = await screen.findByTestId('webhook-detail');
    await user.click(await within(panel).findByRole('tab', { name: 'Test' }));
    const data = within(panel).getByLabelText('Test data (JSON)');
    expect(JSON.parse((data as HTMLTextAreaElement).value)).toEqual({ message: 'What are your opening hours?', senderId: 'test-user' });

    // The platform's own event is offered too, and bad JSON is caught before sending.
    await user.click(within(panel).getByRole('radio', { name: 'A real Telegram event' }));
    expect(JSON.parse((data as HTMLTextAreaElement).value)).toMatchObject({ update_id: 100000001, message: { text: 'What are your opening hours?' } });
    await user.clear(data);
    await user.type(data, '{{not json');
    await user.click(within(panel).getByRole('button', { name: 'Run test' }));
    expect(await within(panel).findByText('This is not valid JSON.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.click(within(panel).getByRole('radio', { name: 'A simple message' }));
    await user.click(within(panel).getByRole('button', { name: 'Run test' }));
    const answer = await within(panel).findByTestId('webhook-test-answer');
    expect(bodies).toEqual([{ testData: { message: 'What are your opening hours?', senderId: 'test-user' } }]);
    expect(within(answer).getByTestId('webhook-test-answer-text')).toHaveTextContent('We are open from nine to five.');
    expect(within(answer).getByRole('link', { name: 'Open the test conversation' })).toHaveAttribute('href', '/dashboard/conversations/c77');
    expect(within(answer).getByTestId('webhook-test-post')).toHaveTextContent('POST https://api.telegram.org/bot<bot token>/sendMessage');
    expect(within(panel).getByTestId('webhook-test-response')).toHaveTextContent('"ok": true');
  });

  it('says why a test was refused', async () => {
    webhooksApi();
    server.use(mockApi.post('/webhooks/{id}/test', () => fail(409, 'agent_not_deployed', 'The agent is not deployed to production')));
    const { user } = renderApp('/dashboard/webhooks?webhook=w1', { user: plainUser });
    const panel = await screen.findByTestId('webhook-detail');
    await user.click(await within(panel).findByRole('tab', { name: 'Test' }));
    await user.click(within(panel).getByRole('button', { name: 'Run test' }));
    expect(await within(panel).findByText('The test failed')).toBeInTheDocument();
    expect(within(panel).getByText('The agent is not deployed to production')).toBeInTheDocument();
  });

  it('lists the events with their status, error and conversation', async () => {
    webhooksApi(
      [makeWebhook()],
      [makeEvent(), makeEvent({ id: 'e2', status: 'failed', answer: null, conversationId: null, error: 'The agent is paused', test: true })],
    );
    const { user } = renderApp('/dashboard/webhooks?webhook=w1', { user: plainUser });
    const panel = await screen.findByTestId('webhook-detail');
    await user.click(await within(panel).findByRole('tab', { name: 'Events' }));
    const rows = await within(panel).findAllByTestId('webhook-event-row');
    expect(within(rows[0]).getByText('Succeeded')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('link', { name: 'Conversation' })).toHaveAttribute('href', '/dashboard/conversations/c1');
    expect(within(rows[1]).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Test')).toBeInTheDocument();
    expect(within(rows[1]).getByTestId('webhook-event-error')).toHaveTextContent('The agent is paused');
  });

  it('pauses, changes credentials (only what changed), and deletes after a confirmation', async () => {
    const updates: WebhookUpdate[] = [];
    let current = slackBot;
    const hooks = [slackBot];
    webhooksApi(hooks);
    let deleted = '';
    server.use(
      mockApi.get('/webhooks/{id}', () => ok(current)),
      mockApi.put('/webhooks/{id}', async ({ request }) => {
        const body = (await request.json()) as WebhookUpdate;
        updates.push(body);
        current = {
          ...current,
          status: body.status ?? current.status,
          credentials: body.credentials ? { ...current.credentials, secrets: { botToken: { set: true, hint: '…new1' }, signingSecret: { set: true, hint: '…abcd' } }, missing: [] } : current.credentials,
        };
        return ok(current);
      }),
      mockApi.delete('/webhooks/{id}', ({ params }) => {
        deleted = params.id;
        return ok({ id: params.id, deleted: true });
      }),
    );
    const { user, router } = renderApp('/dashboard/webhooks?webhook=w2', { user: plainUser });
    const panel = await screen.findByTestId('webhook-detail');
    await user.click(await within(panel).findByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(updates).toEqual([{ status: 'paused' }]));
    expect(await within(panel).findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(within(panel).getByText(/Paused: events are acknowledged/)).toBeInTheDocument();

    await user.click(within(panel).getByRole('tab', { name: 'Settings' }));
    const form = within(panel).getByRole('form', { name: 'Settings of Support on Slack' });
    // The stored token shows by its hint; typing replaces it, an untouched field is kept.
    expect(within(form).getAllByTestId('secret-status')[0]).toHaveTextContent('x9Zq');
    await user.type(within(form).getByLabelText('Signing secret'), '8f14e45fceea167a5a36dedd4bea2543');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toHaveLength(2));
    expect(updates[1]).toEqual({ credentials: { signingSecret: '8f14e45fceea167a5a36dedd4bea2543' } });
    expect(await screen.findByText('Support on Slack saved')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Support on Slack?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete webhook' }));
    await waitFor(() => expect(deleted).toBe('w2'));
    await waitFor(() => expect(screen.queryByTestId('webhook-detail')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });
});
