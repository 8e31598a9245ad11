import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Delivery, Endpoint, EndpointInput, EndpointUpdate, EndpointWithSecret } from '@/features/webhooks/api/endpoints';
import type { WebhookStats } from '@/features/webhooks/api/webhooks';
import { makeAgent } from '@/testing/mocks/agents';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { plainUser, renderApp } from '@/testing/test-utils';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

function makeEndpoint(over: Partial<Endpoint> = {}): Endpoint {
  return {
    id: 'ep1',
    url: 'https://hooks.example.com/agentforge',
    description: 'CRM sync',
    events: ['conversation.started', 'message.created', 'agent.deployed'],
    enabled: true,
    disabledReason: null,
    failingSince: null,
    secret: { set: true, hint: '…SaSw' },
    createdAt: hoursAgo(48),
    updatedAt: hoursAgo(48),
    ...over,
  };
}

const failing = makeEndpoint({ id: 'ep2', url: 'https://ops.example.org/events', description: '', events: ['document.indexed'], failingSince: hoursAgo(2) });
const disabled = makeEndpoint({
  id: 'ep3',
  url: 'https://old.example.net/hook',
  description: 'Old receiver',
  events: ['agent.deployed'],
  enabled: false,
  disabledReason: 'No successful delivery for 24 hours (last error: connection refused)',
  failingSince: null,
});

function makeDelivery(over: Partial<Delivery> = {}): Delivery {
  return {
    id: 'd1',
    eventId: 'msg_0193a1b2c3d4',
    eventType: 'agent.deployed',
    status: 'failed',
    attempts: 1,
    nextAttemptAt: null,
    lastStatus: 500,
    lastError: 'The endpoint answered 500',
    createdAt: hoursAgo(1),
    deliveredAt: null,
    payload: { type: 'agent.deployed', timestamp: '2026-11-26T17:02:11.482Z', data: { agent: { id: 'a1', name: 'Kettle support' }, environment: 'staging', version: 3 } },
    attemptLog: [{ attempt: 1, status: 500, response: '{"error":"database down"}', error: 'The endpoint answered 500', durationMs: 120, attemptedAt: hoursAgo(1) }],
    ...over,
  };
}

const succeeded = makeDelivery({
  id: 'd2',
  eventId: 'msg_0193ffff',
  eventType: 'message.created',
  status: 'succeeded',
  lastStatus: 204,
  lastError: null,
  deliveredAt: hoursAgo(3),
  createdAt: hoursAgo(3),
  attemptLog: [{ attempt: 1, status: 204, response: null, error: null, durationMs: 45, attemptedAt: hoursAgo(3) }],
});

/** The endpoints, one endpoint and its deliveries, answering from `endpoints`; the deliveries' query strings. */
function endpointsApi(endpoints: Endpoint[] = [makeEndpoint(), failing, disabled], deliveries: Delivery[] = [makeDelivery(), succeeded]) {
  const calls = { deliveries: [] as string[] };
  server.use(
    mockApi.get('/v1/webhook-endpoints', () => ok(endpoints)),
    mockApi.get('/v1/webhook-endpoints/{id}', ({ params }) => {
      const found = endpoints.find((e) => e.id === params.id);
      return found ? ok(found) : fail(404, 'not_found', 'Webhook endpoint not found');
    }),
    mockApi.get('/v1/webhook-endpoints/{id}/deliveries', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      calls.deliveries.push(new URL(request.url).search);
      return ok(status ? deliveries.filter((d) => d.status === status) : deliveries);
    }),
  );
  return calls;
}

describe('event endpoints', () => {
  it('lists my endpoints on their tab, each standing out as it stands, with how deliveries are signed', async () => {
    endpointsApi();
    const { user, router } = renderApp('/dashboard/webhooks?tab=endpoints', { user: plainUser });
    expect(await screen.findByRole('tab', { name: 'Event endpoints' })).toHaveAttribute('aria-selected', 'true');
    const rows = await screen.findAllByTestId('endpoint-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByRole('button', { name: 'hooks.example.com/agentforge' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(rows[0]).getByText('CRM sync')).toBeInTheDocument();
    expect(within(rows[0]).getByText('conversation.started')).toBeInTheDocument();
    expect(within(rows[0]).getByText('+1 more')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Enabled', { selector: 'span' })).toBeInTheDocument();
    expect(within(rows[0]).getByRole('switch', { name: 'Send events to hooks.example.com/agentforge' })).toHaveAttribute('aria-checked', 'true');
    expect(within(rows[1]).getByText('Failing')).toBeInTheDocument();
    expect(within(rows[1]).getByText('failing since 2 hours ago')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Disabled by the server')).toBeInTheDocument();
    expect(within(rows[2]).getByRole('switch')).toHaveAttribute('aria-checked', 'false');

    // How to verify: the headers, the retries, and a receiver in Node with the standardwebhooks package.
    const signing = screen.getByRole('region', { name: 'Verifying deliveries' });
    expect(within(signing).getByText('webhook-signature')).toBeInTheDocument();
    expect(within(signing).getByText(/tried again after 5 sec, 5 min, 30 min, 2 hr, 5 hr, and 10 hr/)).toBeInTheDocument();
    expect(within(signing).getByText(/disabled, and you are emailed/)).toBeInTheDocument();
    const node = within(signing).getByTestId('endpoint-verify-node');
    expect(node).toHaveTextContent("import { Webhook } from 'standardwebhooks';");
    expect(node).toHaveTextContent('new Webhook(process.env.WEBHOOK_SECRET)');
    expect(node).toHaveTextContent('wh.verify(body, req.headers)');

    // The other tab is the inbound webhooks.
    server.use(
      mockApi.get('/agents', () => HttpResponse.json({ success: true as const, data: [], meta: { page: 1, limit: 100, total: 0 } })),
      mockApi.get('/webhooks', () => ok([])),
      mockApi.get('/webhooks/stats', () => ok(emptyStats)),
    );
    await user.click(screen.getByRole('tab', { name: 'Inbound webhooks' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('No webhooks yet')).toBeInTheDocument();
  });

  it('creates an endpoint and shows its secret once; closing opens its panel and the secret is gone', async () => {
    const sent: EndpointInput[] = [];
    const endpoints: Endpoint[] = [];
    endpointsApi(endpoints, []);
    const made = makeEndpoint({ id: 'ep9', url: 'https://crm.example.com/hooks/agents', description: 'CRM', events: ['conversation.started', 'agent.deployed'] });
    server.use(
      mockApi.post('/v1/webhook-endpoints', async ({ request }) => {
        sent.push((await request.json()) as EndpointInput);
        endpoints.push(made);
        const answer: EndpointWithSecret = { endpoint: made, secret: SECRET };
        return ok(answer, 201);
      }),
    );
    const { user, router } = renderApp('/dashboard/webhooks?tab=endpoints', { user: plainUser });
    expect(await screen.findByText('No event endpoints yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'New endpoint' })[0]);
    let dialog = await screen.findByRole('dialog', { name: 'New event endpoint' });
    // Each event with what it is; handed off explains it is sent once conversation flows can hand off.
    expect(within(dialog).getByRole('checkbox', { name: /conversation\.handed_off/ })).toHaveAccessibleName(/Sent once conversation flows can hand off/);
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'https://crm.example.com/hooks/agents');
    await user.type(within(dialog).getByLabelText('Description'), 'CRM');
    // Ticked out of order: sent in the form's order.
    await user.click(within(dialog).getByRole('checkbox', { name: /agent\.deployed/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /conversation\.started/ }));
    expect(within(dialog).getByRole('checkbox', { name: /Send events from now on/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create endpoint' }));

    dialog = await screen.findByRole('dialog', { name: 'Your endpoint is ready' });
    expect(sent).toEqual([{ url: 'https://crm.example.com/hooks/agents', events: ['conversation.started', 'agent.deployed'], description: 'CRM', enabled: true }]);
    expect(within(dialog).getByText('Copy the secret now: it will not be shown again.')).toBeInTheDocument();
    expect(within(dialog).getByText(/rotate the secret/)).toBeInTheDocument();
    const secret = within(dialog).getByLabelText('Signing secret');
    expect(secret).toHaveValue(SECRET);
    expect(secret).toHaveAttribute('readonly');
    await user.click(within(dialog).getByRole('button', { name: 'Copy Signing secret' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(SECRET);
    // Not lost by Escape: only the button closes it.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Your endpoint is ready' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?tab=endpoints&endpoint=ep9');
    const panel = await screen.findByTestId('endpoint-detail');
    expect(await within(panel).findByRole('heading', { level: 2, name: 'CRM' })).toBeInTheDocument();
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(within(panel).getByText('…SaSw')).toBeInTheDocument();
  });

  it('checks the URL and events before sending, and puts the server’s 422 errors on url and events', async () => {
    const sent: EndpointInput[] = [];
    endpointsApi([], []);
    server.use(
      mockApi.post('/v1/webhook-endpoints', async ({ request }) => {
        sent.push((await request.json()) as EndpointInput);
        return fail(422, 'validation_failed', 'Some fields are invalid', [
          {
            field: 'url',
            message:
              'This URL cannot be used: 10.0.0.5 is a private, loopback or link-local address, which this server does not call (AGENTFORGE_OUTBOUND_ALLOW_PRIVATE)',
          },
          { field: 'events', message: 'Choose at least one event' },
        ]);
      }),
    );
    const { user } = renderApp('/dashboard/webhooks?tab=endpoints', { user: plainUser });
    await user.click((await screen.findAllByRole('button', { name: 'New endpoint' }))[0]);
    const dialog = await screen.findByRole('dialog', { name: 'New event endpoint' });
    await user.click(within(dialog).getByRole('button', { name: 'Create endpoint' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one event.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'ftp://example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create endpoint' }));
    expect(await within(dialog).findByText('Must be an http:// or https:// URL.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Endpoint URL'));
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'http://10.0.0.5/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: /message\.created/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create endpoint' }));
    const url = within(dialog).getByLabelText('Endpoint URL');
    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
    expect(sent).toEqual([{ url: 'http://10.0.0.5/hook', events: ['message.created'], enabled: true }]);
    expect(within(dialog).getByText('This URL points to a private, loopback or link-local address, which this server does not call.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one event.')).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Events' })).toHaveAccessibleDescription('Choose at least one event.');
    expect(screen.getByRole('dialog', { name: 'New event endpoint' })).toBeInTheDocument();
  });

  it('opens the endpoint a link names; a delivery opens on its body and attempts, and the log filters by status', async () => {
    const calls = endpointsApi();
    const { user } = renderApp('/dashboard/webhooks?tab=endpoints&endpoint=ep1', { user: plainUser });
    const panel = await screen.findByTestId('endpoint-detail');
    const heading = await within(panel).findByRole('heading', { level: 2, name: 'CRM sync' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(panel).getByLabelText('Endpoint URL')).toHaveValue('https://hooks.example.com/agentforge');

    const rows = await within(panel).findAllByTestId('delivery-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[0]).getByText('1 attempt')).toBeInTheDocument();
    expect(within(rows[0]).getByText('HTTP 500')).toBeInTheDocument();
    expect(within(rows[0]).getByTestId('delivery-last-error')).toHaveTextContent('The endpoint answered 500');
    expect(within(rows[1]).getByText('Succeeded')).toBeInTheDocument();

    const toggle = within(rows[0]).getByRole('button', { name: 'agent.deployed' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = await within(panel).findByTestId('delivery-details');
    expect(details.closest('tr')).toHaveAttribute('id', toggle.getAttribute('aria-controls'));
    expect(within(details).getByText('msg_0193a1b2c3d4')).toBeInTheDocument();
    const payload = within(details).getByTestId('delivery-payload');
    expect(payload.tagName).toBe('PRE');
    expect(payload).toHaveTextContent('"type": "agent.deployed"');
    expect(payload).toHaveTextContent('"environment": "staging"');
    const attempt = within(details).getByTestId('delivery-attempt');
    expect(attempt).toHaveTextContent('Attempt 1');
    expect(attempt).toHaveTextContent('HTTP 500');
    expect(attempt).toHaveTextContent('120 ms');
    expect(attempt).toHaveTextContent('{"error":"database down"}');
    expect(attempt).toHaveTextContent('Error: The endpoint answered 500');

    expect(calls.deliveries[0]).toBe('');
    await user.selectOptions(within(panel).getByLabelText('Status'), 'succeeded');
    await waitFor(() => expect(calls.deliveries.at(-1)).toBe('?status=succeeded'));
    await waitFor(() => expect(within(panel).getAllByTestId('delivery-row')).toHaveLength(1));
  });

  it('reads the log again every few seconds while a delivery is pending', async () => {
    const pending = makeDelivery({ status: 'pending', nextAttemptAt: new Date(Date.now() + 5 * 60_000 + 30_000).toISOString() });
    const calls = endpointsApi([makeEndpoint()], [pending]);
    renderApp('/dashboard/webhooks?endpoint=ep1', { user: plainUser });
    const panel = await screen.findByTestId('endpoint-detail');
    const row = await within(panel).findByTestId('delivery-row');
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).getByText('next try in 5 minutes')).toBeInTheDocument();
    await waitFor(() => expect(calls.deliveries.length).toBeGreaterThanOrEqual(2), { timeout: 6000 });
  });

  it('retries a delivery, and says to enable the endpoint first when it is disabled', async () => {
    endpointsApi();
    const retried: string[] = [];
    let refuse = false;
    server.use(
      mockApi.post('/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/retry', ({ params }) => {
        if (refuse) return fail(409, 'endpoint_disabled', 'This endpoint is disabled: enable it first');
        retried.push(`${params.id}/${params.deliveryId}`);
        return ok(makeDelivery({ status: 'pending', attempts: 1 }));
      }),
    );
    const { user } = renderApp('/dashboard/webhooks?tab=endpoints&endpoint=ep1', { user: plainUser });
    const panel = await screen.findByTestId('endpoint-detail');
    const rows = await within(panel).findAllByTestId('delivery-row');
    await user.click(within(rows[0]).getByRole('button', { name: /^Retry agent\.deployed/ }));
    await waitFor(() => expect(retried).toEqual(['ep1/d1']));
    expect(await screen.findByText('agent.deployed sent again')).toBeInTheDocument();

    refuse = true;
    await user.click(within(rows[0]).getByRole('button', { name: /^Retry agent\.deployed/ }));
    expect(await screen.findByText('Could not retry the delivery')).toBeInTheDocument();
    expect(screen.getByText('This endpoint is disabled: enable it first, then retry.')).toBeInTheDocument();
  });

  it('asks before rotating the secret, then shows the new one once', async () => {
    endpointsApi();
    let rotated = 0;
    server.use(
      mockApi.post('/v1/webhook-endpoints/{id}/rotate-secret', () => {
        rotated += 1;
        const answer: EndpointWithSecret = { endpoint: makeEndpoint({ secret: { set: true, hint: '…NeNe' } }), secret: 'whsec_NewNewNewNewNewNewNewNewNewNewNewNewNe' };
        return ok(answer);
      }),
    );
    const { user } = renderApp('/dashboard/webhooks?tab=endpoints&endpoint=ep1', { user: plainUser });
    const panel = await screen.findByTestId('endpoint-detail');
    await user.click(await within(panel).findByRole('button', { name: 'Rotate secret' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Rotate the signing secret?' });
    expect(within(confirm).getByText(/The old one stops working at once/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(rotated).toBe(0);

    await user.click(within(panel).getByRole('button', { name: 'Rotate secret' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Rotate the signing secret?' });
    await user.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(rotated).toBe(1);
    expect(within(dialog).getByLabelText('Signing secret')).toHaveValue('whsec_NewNewNewNewNewNewNewNewNewNewNewNewNe');
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue('whsec_NewNewNewNewNewNewNewNewNewNewNewNewNe')).not.toBeInTheDocument();
  });

  it('shows an endpoint the server disabled, enables it again, edits only what changed, and deletes it after a confirmation', async () => {
    let current = disabled;
    const updates: EndpointUpdate[] = [];
    let deleted = '';
    endpointsApi([disabled]);
    server.use(
      mockApi.get('/v1/webhook-endpoints/{id}', () => ok(current)),
      mockApi.put('/v1/webhook-endpoints/{id}', async ({ request }) => {
        const body = (await request.json()) as EndpointUpdate;
        updates.push(body);
        current = {
          ...current,
          ...(body.enabled !== undefined && body.enabled !== null ? { enabled: body.enabled, disabledReason: null } : {}),
          ...(body.description !== undefined && body.description !== null ? { description: body.description } : {}),
          ...(body.events ? { events: body.events } : {}),
        };
        return ok(current);
      }),
      mockApi.delete('/v1/webhook-endpoints/{id}', ({ params }) => {
        deleted = params.id;
        return ok({ id: params.id, deleted: true });
      }),
    );
    const { user, router } = renderApp('/dashboard/webhooks?tab=endpoints&endpoint=ep3', { user: plainUser });
    const panel = await screen.findByTestId('endpoint-detail');
    expect(await within(panel).findByText('Disabled by the server after a day of failures')).toBeInTheDocument();
    expect(within(panel).getByTestId('endpoint-disabled-reason')).toHaveTextContent('No successful delivery for 24 hours (last error: connection refused)');
    await user.click(within(panel).getByRole('button', { name: 'Enable again' }));
    await waitFor(() => expect(updates).toEqual([{ enabled: true }]));
    expect(await screen.findByText('old.example.net/hook enabled')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).queryByText('Disabled by the server after a day of failures')).not.toBeInTheDocument());
    expect(within(panel).getByRole('switch', { name: 'Enabled' })).toHaveAttribute('aria-checked', 'true');

    await user.click(within(panel).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit endpoint' });
    expect(within(dialog).getByLabelText('Endpoint URL')).toHaveValue('https://old.example.net/hook');
    expect(within(dialog).getByRole('checkbox', { name: /agent\.deployed/ })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: /document\.indexed/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(updates).toHaveLength(2));
    expect(updates[1]).toEqual({ events: ['agent.deployed', 'document.indexed'] });
    expect(await screen.findByText('Endpoint saved')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this endpoint?' });
    expect(within(confirm).getByText(/Nothing more is sent to https:\/\/old\.example\.net\/hook/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete endpoint' }));
    await waitFor(() => expect(deleted).toBe('ep3'));
    await waitFor(() => expect(screen.queryByTestId('endpoint-detail')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?tab=endpoints');
  });

  it('switches an endpoint off from the list', async () => {
    endpointsApi([makeEndpoint()]);
    const updates: EndpointUpdate[] = [];
    server.use(
      mockApi.put('/v1/webhook-endpoints/{id}', async ({ request }) => {
        const body = (await request.json()) as EndpointUpdate;
        updates.push(body);
        return ok(makeEndpoint({ enabled: false }));
      }),
    );
    const { user } = renderApp('/dashboard/webhooks?tab=endpoints', { user: plainUser });
    await user.click(await screen.findByRole('switch', { name: 'Send events to hooks.example.com/agentforge' }));
    await waitFor(() => expect(updates).toEqual([{ enabled: false }]));
    expect(await screen.findByText('hooks.example.com/agentforge disabled')).toBeInTheDocument();
  });
});

const emptyStats: WebhookStats = {
  overall: { received: 0, succeeded: 0, failed: 0, rejected: 0, averageLatencyMs: null, lastReceivedAt: null },
  total: 0,
  active: 0,
  paused: 0,
  failing: 0,
  webhooks: [],
  daily: [],
};

describe('links into the webhooks screen', () => {
  it.each([
    ['zapier', 'Zapier'],
    ['custom', 'Custom'],
  ])('opens "New webhook" with %s chosen from ?new=', async (platform, title) => {
    server.use(
      mockApi.get('/agents', () => HttpResponse.json({ success: true as const, data: [makeAgent({ id: 'a1', name: 'Kettle support' })], meta: { page: 1, limit: 100, total: 1 } })),
      mockApi.get('/webhooks', () => ok([])),
      mockApi.get('/webhooks/stats', () => ok(emptyStats)),
    );
    const { user, router } = renderApp(`/dashboard/webhooks?new=${platform}`, { user: plainUser });
    const dialog = await screen.findByRole('dialog', { name: 'New webhook' });
    expect(within(dialog).getByRole('radio', { name: title })).toBeChecked();
    expect(within(dialog).getByLabelText('Agent')).toHaveValue('a1');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Closed, the request is forgotten: a reload does not open it again.
    expect(router.state.location.search).toBe('');
  });

  it('opens "New endpoint" from ?tab=endpoints&new', async () => {
    endpointsApi([], []);
    renderApp('/dashboard/webhooks?tab=endpoints&new', { user: plainUser });
    expect(await screen.findByRole('dialog', { name: 'New event endpoint' })).toBeInTheDocument();
  });
});
