import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { components } from '@/lib/api-types';
import { makeApiKey } from '@/testing/mocks/api-keys';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { connectedOpenAi, integrationsApi, makeIntegration, makeIntegrations } from '@/testing/mocks/integrations';
import { makeMcpServer } from '@/testing/mocks/mcp';
import { server } from '@/testing/mocks/server';
import { plainUser, renderApp } from '@/testing/test-utils';

/** My OpenAI connected, Gemini through the server's connection, the rest not connected. */
const SERVICES = makeIntegrations({}, { openai: connectedOpenAi(), gemini: makeIntegration('gemini', { serverConnected: true }) });

type S = components['schemas'];
type WebhookRow = S['WebhookStatsRowOut'];
type Endpoint = S['WebhookEndpointOut'];

const NO_STATS: S['WebhookStatsOut'] = { received: 0, succeeded: 0, failed: 0, rejected: 0, averageLatencyMs: null, lastReceivedAt: null };
const row = (id: string, platform: WebhookRow['platform'], status: WebhookRow['status']): WebhookRow => ({ id, agentId: 'a1', name: id, platform, status, stats: NO_STATS });

/** GET /webhooks/stats for these webhooks: their counts by status, and each one's platform. */
function webhookStats(rows: WebhookRow[]): S['WebhooksStatsOut'] {
  const count = (status: WebhookRow['status']) => rows.filter((r) => r.status === status).length;
  return { overall: NO_STATS, total: rows.length, active: count('active'), paused: count('paused'), failing: count('failing'), webhooks: rows, daily: [] };
}

function makeEndpoint(over: Partial<Endpoint> = {}): Endpoint {
  return {
    id: 'ep1',
    url: 'https://hooks.example.com/agentforge',
    description: '',
    events: ['agent.deployed'],
    enabled: true,
    disabledReason: null,
    failingSince: null,
    secret: { set: true, hint: '…abcd' },
    createdAt: '2026-03-01T10:00:00Z',
    updatedAt: '2026-03-01T10:00:00Z',
    ...over,
  };
}

/** Three active webhooks (one of them Zapier's) and a failing one; two endpoints enabled and one the server disabled. */
const WEBHOOKS = [row('w1', 'slack', 'active'), row('w2', 'zapier', 'active'), row('w3', 'telegram', 'active'), row('w4', 'discord', 'failing')];
const ENDPOINTS = [makeEndpoint(), makeEndpoint({ id: 'ep2' }), makeEndpoint({ id: 'ep3', enabled: false, disabledReason: 'No success for a day' })];

/** The webhooks screen's data the catalogue reads (none of either unless given). */
const webhooksApi = (rows: WebhookRow[] = [], endpoints: Endpoint[] = []) => [
  mockApi.get('/webhooks/stats', () => ok(webhookStats(rows))),
  mockApi.get('/v1/webhook-endpoints', () => ok(endpoints)),
];

/** The catalogue at `path`, once the services' status is there. */
async function openCatalogue(path = '/dashboard/integrations', lists: Parameters<typeof integrationsApi>[0] = { mine: SERVICES }, webhooks = webhooksApi()) {
  const api = integrationsApi(lists);
  server.use(...api.handlers, ...webhooks);
  const app = renderApp(path, { user: plainUser });
  await screen.findByRole('heading', { level: 1, name: 'Integrations' });
  await waitFor(() => expect(screen.queryByText('Checking…')).not.toBeInTheDocument());
  return { ...app, api };
}

const entry = (name: string) => screen.getByRole('article', { name });
const group = (name: string) => screen.getByRole('region', { name });
/** The entries' names, in order, in `region` (the whole page by default). */
const names = (region: HTMLElement = document.body) => within(region).getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);

describe('integrations catalogue', () => {
  it('groups what can be connected today, with each entry’s status from the server', async () => {
    server.use(
      mockApi.get('/mcp', () => ok([makeMcpServer(), makeMcpServer({ id: 's2', name: 'Broken', status: 'error', lastError: 'Connection refused' })])),
      mockApi.get('/api-keys', () => ok([makeApiKey(), makeApiKey({ id: 'k2', name: 'Old', expired: true, expiresAt: '2026-01-01T00:00:00Z' })])),
    );
    await openCatalogue('/dashboard/integrations', { mine: SERVICES }, webhooksApi(WEBHOOKS, ENDPOINTS));
    expect(names(group('Models'))).toEqual(['OpenAI', 'Gemini']);
    expect(names(group('Voice & phone'))).toEqual(['ElevenLabs', 'Twilio']);
    expect(names(group('Messaging channels'))).toEqual(['Slack', 'Telegram', 'Discord', 'WhatsApp', 'Webhooks', 'Zapier', 'Custom webhooks', 'Embeddable widget']);
    expect(names(group('Tools & API'))).toEqual(['MCP tools', 'Event endpoints', 'API keys', 'API docs']);
    // The channels are connected with a webhook, which falls back on these saved credentials.
    expect(group('Messaging channels')).toHaveTextContent(
      'Slack, Telegram, Discord and WhatsApp are connected to an agent with a webhook, which uses these saved credentials when it has none of its own.',
    );

    // The webhooks' totals, Zapier's and custom ones apart, and the enabled endpoints.
    await waitFor(() => expect(within(entry('Webhooks')).getByText('3 active, 1 failing')).toBeInTheDocument());
    expect(within(entry('Zapier')).getByText('1 webhook')).toBeInTheDocument();
    expect(within(entry('Custom webhooks')).getByText('None yet')).toBeInTheDocument();
    await waitFor(() => expect(within(entry('Event endpoints')).getByText('2 enabled')).toBeInTheDocument());
    expect(within(entry('Event endpoints')).getByText('1 disabled')).toBeInTheDocument();
    expect(entry('Embeddable widget').querySelector('[data-tone]')).toBeNull();

    expect(within(entry('OpenAI')).getByText('Connected')).toBeInTheDocument();
    expect(within(entry('Gemini')).getByText("Server's connection")).toBeInTheDocument();
    expect(within(entry('Gemini')).getByText("You have not connected it: your agents use the server's.")).toBeInTheDocument();
    expect(within(entry('Slack')).getByText('Not connected')).toBeInTheDocument();
    expect(within(entry('ElevenLabs')).getByText("Speech for your agents' voices.")).toBeInTheDocument();

    await waitFor(() => expect(within(entry('MCP tools')).getByText('1 connected')).toBeInTheDocument());
    expect(within(entry('MCP tools')).getByText('2 servers')).toBeInTheDocument();
    await waitFor(() => expect(within(entry('API keys')).getByText('1 active key')).toBeInTheDocument());
    expect(within(entry('API keys')).getByText('1 expired')).toBeInTheDocument();
    // The documentation is always there: no status to show.
    expect(entry('API docs').querySelector('[data-tone]')).toBeNull();
  });

  it('leads each entry to where it is set up', async () => {
    server.use(mockApi.get('/mcp', () => ok([makeMcpServer()])), mockApi.get('/api-keys', () => ok([makeApiKey()])));
    await openCatalogue('/dashboard/integrations', { mine: SERVICES }, webhooksApi(WEBHOOKS, ENDPOINTS));
    expect(within(entry('OpenAI')).getByRole('link', { name: 'Manage OpenAI' })).toHaveAttribute('href', '/dashboard/settings?service=openai#integrations');
    expect(within(entry('Slack')).getByRole('link', { name: 'Set up Slack' })).toHaveAttribute('href', '/dashboard/settings?service=slack#integrations');
    expect(within(entry('WhatsApp')).getByRole('link', { name: 'Set up WhatsApp' })).toHaveAttribute('href', '/dashboard/settings?service=whatsapp#integrations');
    expect(within(entry('Gemini')).getByRole('link', { name: 'Set up Gemini' })).toHaveAttribute('href', '/dashboard/settings?service=gemini#integrations');
    expect(within(entry('Gemini')).getByRole('link', { name: 'Use for an agent' })).toHaveAttribute('href', '/dashboard/gemini');
    await waitFor(() => expect(within(entry('MCP tools')).getByRole('link', { name: 'Manage MCP tools' })).toHaveAttribute('href', '/dashboard/mcp'));
    await waitFor(() => expect(within(entry('API keys')).getByRole('link', { name: 'Manage API keys' })).toHaveAttribute('href', '/dashboard/integrations/api-docs'));
    expect(within(entry('API docs')).getByRole('link', { name: 'Open API docs' })).toHaveAttribute('href', '/dashboard/integrations/api-docs');
    expect(within(entry('API docs')).getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/api/docs');
    expect(screen.getByRole('link', { name: 'Settings › Integrations' })).toHaveAttribute('href', '/dashboard/settings#integrations');
    // The webhooks screen: all of them, Zapier's filtered (or a new one with Zapier chosen), a new custom one, the endpoints tab.
    await waitFor(() => expect(within(entry('Webhooks')).getByRole('link', { name: 'Manage Webhooks' })).toHaveAttribute('href', '/dashboard/webhooks'));
    expect(within(entry('Zapier')).getByRole('link', { name: 'Manage Zapier' })).toHaveAttribute('href', '/dashboard/webhooks?platform=zapier');
    expect(within(entry('Zapier')).getByRole('link', { name: 'New webhook' })).toHaveAttribute('href', '/dashboard/webhooks?new=zapier');
    expect(within(entry('Custom webhooks')).getByRole('link', { name: 'Set up Custom webhooks' })).toHaveAttribute('href', '/dashboard/webhooks?new=custom');
    await waitFor(() => expect(within(entry('Event endpoints')).getByRole('link', { name: 'Manage Event endpoints' })).toHaveAttribute('href', '/dashboard/webhooks?tab=endpoints'));
    expect(within(entry('Embeddable widget')).getByRole('link', { name: 'Set up Embeddable widget' })).toHaveAttribute('href', '/dashboard/integrations/embeddable');
  });

  it('offers a first webhook and a first endpoint when there are none', async () => {
    await openCatalogue();
    await waitFor(() => expect(within(entry('Webhooks')).getByText('None yet')).toBeInTheDocument());
    expect(within(entry('Webhooks')).getByRole('link', { name: 'New webhook' })).toHaveAttribute('href', '/dashboard/webhooks?new');
    expect(within(entry('Zapier')).getByRole('link', { name: 'Set up Zapier' })).toHaveAttribute('href', '/dashboard/webhooks?new=zapier');
    await waitFor(() => expect(within(entry('Event endpoints')).getByText('None yet')).toBeInTheDocument());
    expect(within(entry('Event endpoints')).getByRole('link', { name: 'Add an endpoint' })).toHaveAttribute('href', '/dashboard/webhooks?tab=endpoints&new');
  });

  it('says when the webhooks’ status cannot be read, the links still working', async () => {
    await openCatalogue('/dashboard/integrations', { mine: SERVICES }, [
      mockApi.get('/webhooks/stats', () => fail(500, 'internal_error', 'The database is unavailable')),
      mockApi.get('/v1/webhook-endpoints', () => fail(500, 'internal_error', 'The database is unavailable')),
    ]);
    await waitFor(() => expect(within(entry('Webhooks')).getByText('Status unavailable')).toBeInTheDocument(), { timeout: 10_000 });
    expect(within(entry('Event endpoints')).getByText('Status unavailable')).toBeInTheDocument();
    expect(within(entry('Webhooks')).getByRole('link', { name: 'Manage Webhooks' })).toHaveAttribute('href', '/dashboard/webhooks');
  });

  it('offers to add a first MCP server and a first key when there are none', async () => {
    await openCatalogue();
    await waitFor(() => expect(within(entry('MCP tools')).getByText('No servers yet')).toBeInTheDocument());
    expect(within(entry('MCP tools')).getByRole('link', { name: 'Add a server' })).toHaveAttribute('href', '/dashboard/mcp/create');
    await waitFor(() => expect(within(entry('API keys')).getByText('No keys yet')).toBeInTheDocument());
    expect(within(entry('API keys')).getByRole('link', { name: 'Set up API keys' })).toHaveAttribute('href', '/dashboard/integrations/api-docs');
  });

  it('opens the service’s form in Settings › Integrations from its entry', async () => {
    const { user, router } = await openCatalogue();
    await user.click(within(entry('Slack')).getByRole('link', { name: 'Set up Slack' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/settings'));
    expect(router.state.location.search).toBe('?service=slack');
    expect(router.state.location.hash).toBe('#integrations');
    const section = await screen.findByRole('region', { name: 'Integrations' });
    const form = await within(section).findByRole('form', { name: 'Slack credentials' });
    expect(within(form).getByLabelText('Bot token')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Slack' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(section).getByRole('button', { name: 'OpenAI' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('filters the entries by name as one types, keeping the search in the address', async () => {
    const { user, router } = await openCatalogue();
    const box = screen.getByRole('searchbox', { name: 'Search integrations' });
    await user.type(box, 'sl');
    expect(screen.getByRole('status')).toHaveTextContent('1 integration found');
    expect(names()).toEqual(['Slack']);
    expect(screen.queryByRole('region', { name: 'Models' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=sl');

    // Case and accents do not matter.
    await user.clear(box);
    await user.type(box, 'GÉMINI');
    expect(names()).toEqual(['Gemini']);

    await user.clear(box);
    await user.type(box, 'api');
    // "Zapier" holds "api" too.
    expect(screen.getByRole('status')).toHaveTextContent('3 integrations found');
    expect(names(group('Messaging channels'))).toEqual(['Zapier']);
    expect(names(group('Tools & API'))).toEqual(['API keys', 'API docs']);
    expect(screen.queryByRole('region', { name: 'Models' })).not.toBeInTheDocument();

    await user.clear(box);
    await user.type(box, 'webhook');
    expect(names()).toEqual(['Webhooks', 'Custom webhooks']);

    await user.clear(box);
    await user.type(box, 'fax');
    expect(screen.getByText('Nothing is called “fax”')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box).toHaveValue('');
    expect(screen.getAllByRole('article')).toHaveLength(16);
    expect(router.state.location.search).toBe('');
  });

  it('opens with the search of a link (?q=)', async () => {
    await openCatalogue('/dashboard/integrations?q=tele');
    expect(screen.getByRole('searchbox', { name: 'Search integrations' })).toHaveValue('tele');
    expect(names()).toEqual(['Telegram']);
  });

  it.each(['/dashboard/marketplace', '/dashboard/collaboration', '/dashboard/integrations/elevenlabs'])('shows the same screen at %s', async (path) => {
    await openCatalogue(path);
    expect(within(entry('OpenAI')).getByText('Connected')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search integrations' })).toBeInTheDocument();
  });

  it('says when the services’ status cannot be read, and reads it again', async () => {
    let broken = true;
    server.use(mockApi.get('/settings/integrations', () => (broken ? fail(500, 'internal_error', 'The database is unavailable') : ok(SERVICES))), ...webhooksApi());
    const { user } = renderApp('/dashboard/integrations', { user: plainUser });
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('The status of your services could not be loaded.');
    expect(alert).toHaveTextContent('The database is unavailable');
    expect(within(entry('Slack')).getByText('Status unavailable')).toBeInTheDocument();
    // The links still lead to the setup.
    expect(within(entry('Slack')).getByRole('link', { name: 'Set up Slack' })).toHaveAttribute('href', '/dashboard/settings?service=slack#integrations');
    broken = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(entry('OpenAI')).getByText('Connected')).toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
