import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/mocks/server';
import { connectedOpenAi, integrationsApi, makeIntegration, makeIntegrations } from '@/testing/mocks/integrations';
import { plainUser, renderApp } from '@/testing/test-utils';

const SUPPORT = { id: 't1', name: 'Support', role: 'member' as const };

/** Settings › Integrations, once its list is there. */
async function openSection(path = '/dashboard/settings', lists?: Parameters<typeof integrationsApi>[0], test?: Parameters<typeof integrationsApi>[1]) {
  const api = integrationsApi(lists, test);
  server.use(...api.handlers);
  const app = renderApp(path, { user: plainUser });
  const section = await screen.findByRole('region', { name: 'Integrations' });
  await within(section).findByRole('table', { name: 'Services, and whether each is connected' });
  return { ...app, api, section };
}

/** A service's row. */
const row = (section: HTMLElement, name: string) => within(section).getByTestId(`integration-${name}`);
/** Opens a service's form. */
async function openForm(section: HTMLElement, title: string, user: ReturnType<typeof renderApp>['user']) {
  await user.click(within(section).getByRole('button', { name: title }));
  return within(section).getByRole('form', { name: `${title} credentials` });
}

describe('settings: integrations', () => {
  it('lists the eight services with what each is for, whether it is connected, the server’s fallback and who saved it', async () => {
    const { section } = await openSection('/dashboard/settings', {
      mine: makeIntegrations({}, { openai: connectedOpenAi(), gemini: makeIntegration('gemini', { serverConnected: true }) }),
    });
    const rows = within(section).getAllByTestId(/^integration-/);
    expect(rows.map((r) => within(r).getAllByRole('button')[0].textContent)).toEqual(['OpenAI', 'Gemini', 'ElevenLabs', 'Twilio', 'Slack', 'Telegram', 'Discord', 'WhatsApp']);
    expect(within(section).getByText("An agent uses its team's credentials for a service, else its owner's, else the server's.", { exact: false })).toBeInTheDocument();

    const openai = row(section, 'openai');
    expect(within(openai).getByText('Connected')).toBeInTheDocument();
    expect(openai).toHaveTextContent(/Saved by bob@example\.com /);
    expect(within(openai).queryByText("Uses the server's connection")).not.toBeInTheDocument();

    const gemini = row(section, 'gemini');
    expect(within(gemini).getByText('Not connected')).toBeInTheDocument();
    expect(within(gemini).getByText("Uses the server's connection")).toBeInTheDocument();

    const elevenlabs = row(section, 'elevenlabs');
    expect(within(elevenlabs).getByText("Speech for your agents' voices.")).toBeInTheDocument();
    expect(within(elevenlabs).getByText('Not connected')).toBeInTheDocument();
    expect(within(elevenlabs).queryByText("Uses the server's connection")).not.toBeInTheDocument();
    expect(elevenlabs).not.toHaveTextContent(/Saved/);
  });

  it('shows a form with the service’s fields in order: secrets masked, required ones marked, the default base URL as placeholder', async () => {
    const { section, user } = await openSection('/dashboard/settings', { mine: makeIntegrations({}, { openai: connectedOpenAi() }) });
    const form = await openForm(section, 'OpenAI', user);
    expect(within(section).getByRole('button', { name: 'OpenAI' })).toHaveAttribute('aria-expanded', 'true');
    const key = within(form).getByLabelText('API key');
    expect(key).toHaveAttribute('type', 'password');
    expect(key).toHaveValue('');
    expect(key).toBeRequired();
    expect(key).toHaveAccessibleDescription(/Set \(…abcd\)/);
    expect(within(form).getByLabelText('Model')).toHaveValue('gpt-4o-mini');
    expect(within(form).getByLabelText('Model')).not.toBeRequired();
    expect(within(form).getByLabelText('API address')).toHaveAttribute('placeholder', 'https://api.openai.com/v1');
    const labels = within(form)
      .getAllByRole('textbox')
      .concat(within(form).getByLabelText('API key'))
      .map((el) => el.getAttribute('name'));
    expect(labels.sort()).toEqual(['apiKey', 'baseUrl', 'model']);
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('switches between mine and a team’s, keeping the team in the address; a member sees the team’s read-only', async () => {
    const team = makeIntegrations({ scope: 'team', teamId: 't1', canEdit: false, teams: [SUPPORT] }, { openai: connectedOpenAi({ updatedBy: 'ada@example.com' }) });
    const { section, user, router } = await openSection('/dashboard/settings', { mine: makeIntegrations({ teams: [SUPPORT] }), t1: team });
    const tabs = within(section).getByRole('tablist', { name: 'Whose integrations' });
    expect(within(tabs).getByRole('tab', { name: 'Mine' })).toHaveAttribute('aria-selected', 'true');
    expect(within(section).getByText('Used for your agents, unless their team has its own for the service.')).toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: 'Support' }));
    await waitFor(() => expect(router.state.location.search).toBe('?integrations=t1'));
    expect(await within(section).findByText("Used for the agents of Support, before their owners' own.")).toBeInTheDocument();
    expect(within(section).getByText("Only the team's owners and admins can change its integrations.")).toBeInTheDocument();
    expect(row(section, 'openai')).toHaveTextContent(/Saved by ada@example\.com /);

    const form = await openForm(section, 'OpenAI', user);
    expect(within(form).getByLabelText('API key')).toBeDisabled();
    expect(within(form).getByLabelText('Model')).toBeDisabled();
    expect(within(form).getByLabelText('Model')).toHaveValue('gpt-4o-mini');
    expect(within(form).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: 'Mine' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await within(section).findByText('Used for your agents, unless their team has its own for the service.')).toBeInTheDocument();
  });

  it('opens a team’s integrations from a link (?integrations=<team>)', async () => {
    const team = makeIntegrations({ scope: 'team', teamId: 't1', canEdit: true, teams: [{ ...SUPPORT, role: 'owner' }] });
    const { section } = await openSection('/dashboard/settings?integrations=t1#integrations', { mine: makeIntegrations(), t1: team });
    expect(within(section).getByRole('tab', { name: 'Support' })).toHaveAttribute('aria-selected', 'true');
    expect(within(section).getByText("Used for the agents of Support, before their owners' own.")).toBeInTheDocument();
    expect(within(section).queryByText("Only the team's owners and admins can change its integrations.")).not.toBeInTheDocument();
  });

  it('opens the service a link names (?service=<name>)', async () => {
    const { section } = await openSection('/dashboard/settings?service=whatsapp#integrations');
    expect(within(section).getByRole('button', { name: 'WhatsApp' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(section).getByRole('form', { name: 'WhatsApp credentials' })).toBeInTheDocument();
    expect(within(section).getAllByRole('form')).toHaveLength(1);
    expect(row(section, 'whatsapp')).toHaveAttribute('id', 'integration-whatsapp');
  });

  it('opens no service for a name it does not know', async () => {
    const { section } = await openSection('/dashboard/settings?service=zapier#integrations');
    expect(within(section).queryByRole('form')).not.toBeInTheDocument();
  });

  it('says when a linked team’s integrations cannot be shown, and goes back to mine', async () => {
    const api = integrationsApi({ mine: makeIntegrations() });
    server.use(...api.handlers);
    const { user, router } = renderApp('/dashboard/settings?integrations=t9', { user: plainUser });
    const section = await screen.findByRole('region', { name: 'Integrations' });
    expect(await within(section).findByText('The integrations could not be loaded.')).toBeInTheDocument();
    expect(within(section).getByText('Team not found')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Show mine' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await within(section).findByRole('table', { name: 'Services, and whether each is connected' })).toBeInTheDocument();
  });

  it('saves only what changed: a cleared field as "", a secret left empty kept', async () => {
    const { section, user, api } = await openSection('/dashboard/settings', { mine: makeIntegrations({}, { openai: connectedOpenAi() }) });
    const form = await openForm(section, 'OpenAI', user);
    await user.clear(within(form).getByLabelText('Model'));
    await user.type(within(form).getByLabelText('API address'), 'https://proxy.example.com/v1');
    expect(within(form).getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('OpenAI saved')).toBeInTheDocument();
    expect(api.state.saves).toEqual([{ name: 'openai', body: { model: '', baseUrl: 'https://proxy.example.com/v1' } }]);
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(within(form).getByLabelText('API address')).toHaveValue('https://proxy.example.com/v1');
    expect(within(form).getByLabelText('Model')).toHaveValue('');
  });

  it('sends a typed secret, "" for a removed one, and shows the new hint', async () => {
    const whatsapp = makeIntegration('whatsapp', {
      connected: true,
      values: { phoneNumberId: '1234567890' },
      secrets: { accessToken: { set: true, hint: '…tokn' }, appSecret: { set: true, hint: '…cret' }, verifyToken: { set: true, hint: '…vrfy' } },
      updatedAt: '2026-03-01T09:00:00Z',
      updatedBy: 'bob@example.com',
    });
    const { section, user, api } = await openSection('/dashboard/settings', { mine: makeIntegrations({}, { whatsapp }) });
    const form = await openForm(section, 'WhatsApp', user);
    await user.click(within(form).getByRole('button', { name: 'Remove Verify token' }));
    expect(within(form).getByText('It will be removed when you save.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Access token'), 'EAAG-new-token');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('WhatsApp saved')).toBeInTheDocument();
    expect(api.state.saves).toEqual([{ name: 'whatsapp', body: { accessToken: 'EAAG-new-token', verifyToken: '' } }]);
    await waitFor(() => expect(within(form).getByLabelText('Access token')).toHaveValue(''));
    expect(within(form).getByLabelText('Access token')).toHaveAccessibleDescription(/Set \(…oken\)/);
    expect(within(form).getByLabelText('Verify token')).toHaveAccessibleDescription(/Not set/);
  });

  it('shows the server’s field errors (422) on their fields', async () => {
    const { section, user, api } = await openSection();
    const form = await openForm(section, 'Slack', user);
    await user.type(within(form).getByLabelText('Bot token'), 'not-a-bot-token');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const token = within(form).getByLabelText('Bot token');
    await waitFor(() => expect(token).toHaveAttribute('aria-invalid', 'true'));
    expect(token).toHaveAccessibleDescription(/A Slack bot token starts with xoxb-/);
    expect(within(form).getByLabelText('Signing secret')).toHaveAccessibleDescription(/Required/);
    expect(api.state.saves).toEqual([{ name: 'slack', body: { botToken: 'not-a-bot-token' } }]);
    expect(within(row(section, 'slack')).getByText('Not connected')).toBeInTheDocument();
  });

  it('tests the form’s values without saving: what worked, and the service’s reason when it did not', async () => {
    let answer = { ok: true, message: 'It answered', latencyMs: 120 };
    const { section, user, api } = await openSection('/dashboard/settings', { mine: makeIntegrations({}, { openai: connectedOpenAi() }) }, (name) => ({ name, ...answer }));
    const form = await openForm(section, 'OpenAI', user);
    await user.click(within(form).getByRole('button', { name: 'Test connection' }));
    const result = await within(form).findByTestId('connection-result');
    expect(result).toHaveAttribute('data-state', 'ok');
    expect(result).toHaveTextContent('The connection works');
    expect(result).toHaveTextContent('It answered · in 120 ms');
    expect(api.state.tests).toEqual([{ name: 'openai', body: {} }]);

    answer = { ok: false, message: 'OpenAI refused the key: Incorrect API key provided', latencyMs: 80 };
    await user.type(within(form).getByLabelText('API key'), 'sk-wrong');
    expect(within(form).queryByTestId('connection-result')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Test connection' }));
    const failed = await within(form).findByTestId('connection-result');
    await waitFor(() => expect(failed).toHaveAttribute('data-state', 'failed'));
    expect(failed).toHaveTextContent('The connection failed');
    expect(failed).toHaveTextContent('OpenAI refused the key: Incorrect API key provided');
    expect(api.state.tests[1]).toEqual({ name: 'openai', body: { apiKey: 'sk-wrong' } });
    expect(api.state.saves).toEqual([]);
  });

  it('disconnects a service after confirmation', async () => {
    const { section, user, api } = await openSection('/dashboard/settings', { mine: makeIntegrations({}, { openai: connectedOpenAi({ serverConnected: true }) }) });
    const form = await openForm(section, 'OpenAI', user);
    await user.click(within(form).getByRole('button', { name: 'Disconnect' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Disconnect OpenAI?' });
    expect(dialog).toHaveTextContent("Your agents will use their team's OpenAI credentials if it has some, else the server's connection, if there is one.");
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('OpenAI disconnected')).toBeInTheDocument();
    expect(api.state.deletes).toEqual([{ name: 'openai', teamId: null }]);
    await waitFor(() => expect(within(row(section, 'openai')).getByText('Not connected')).toBeInTheDocument());
    expect(within(row(section, 'openai')).getByText("Uses the server's connection")).toBeInTheDocument();
    expect(within(section).queryByRole('form', { name: 'OpenAI credentials' })).not.toBeInTheDocument();
  });

  it('offers no Disconnect for a service not saved', async () => {
    const { section, user } = await openSection();
    const form = await openForm(section, 'Telegram', user);
    expect(within(form).queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Test connection' })).toBeEnabled();
  });
});
