import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeApiKey } from '@/testing/mocks/api-keys';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { connectedOpenAi, integrationsApi, makeIntegration, makeIntegrations } from '@/testing/mocks/integrations';
import { makeMcpServer } from '@/testing/mocks/mcp';
import { server } from '@/testing/mocks/server';
import { plainUser, renderApp } from '@/testing/test-utils';

/** My OpenAI connected, Gemini through the server's connection, the rest not connected. */
const SERVICES = makeIntegrations({}, { openai: connectedOpenAi(), gemini: makeIntegration('gemini', { serverConnected: true }) });

/** The catalogue at `path`, once the services' status is there. */
async function openCatalogue(path = '/dashboard/integrations', lists: Parameters<typeof integrationsApi>[0] = { mine: SERVICES }) {
  const api = integrationsApi(lists);
  server.use(...api.handlers);
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
    await openCatalogue();
    expect(names(group('Models'))).toEqual(['OpenAI', 'Gemini']);
    expect(names(group('Voice & phone'))).toEqual(['ElevenLabs', 'Twilio']);
    expect(names(group('Messaging channels'))).toEqual(['Slack', 'Telegram', 'Discord', 'WhatsApp']);
    expect(names(group('Tools & API'))).toEqual(['MCP tools', 'API keys', 'API docs']);
    // What is not built yet is not offered; the messaging group says it comes later.
    expect(screen.queryByRole('article', { name: /zapier|webhook|widget/i })).not.toBeInTheDocument();
    expect(group('Messaging channels')).toHaveTextContent('More channels come with webhooks and the embeddable widget.');

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
    await openCatalogue();
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
    expect(screen.getByRole('status')).toHaveTextContent('2 integrations found');
    expect(names(group('Tools & API'))).toEqual(['API keys', 'API docs']);
    expect(screen.queryByRole('region', { name: 'Models' })).not.toBeInTheDocument();

    await user.clear(box);
    await user.type(box, 'zapier');
    expect(screen.getByText('Nothing is called “zapier”')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box).toHaveValue('');
    expect(screen.getAllByRole('article')).toHaveLength(11);
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
    server.use(mockApi.get('/settings/integrations', () => (broken ? fail(500, 'internal_error', 'The database is unavailable') : ok(SERVICES))));
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
