import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { agentsApi, makeAgent } from '@/testing/mocks/agents';
import { integrationsApi, makeIntegration, makeIntegrations } from '@/testing/mocks/integrations';
import { server } from '@/testing/mocks/server';
import { plainUser, renderApp } from '@/testing/test-utils';

const GEMINI_CONNECTED = makeIntegration('gemini', {
  connected: true,
  values: { model: 'gemini-2.0-flash' },
  secrets: { apiKey: { set: true, hint: '…wxyz' } },
  updatedAt: '2026-03-01T09:00:00Z',
  updatedBy: 'bob@example.com',
});

/** /dashboard/gemini with `gemini` as my Gemini and `agents` as my agents, once the connection is shown. */
async function openGemini(gemini = makeIntegration('gemini'), agents = [makeAgent()]) {
  const integrations = integrationsApi({ mine: makeIntegrations({}, { gemini }) });
  const agentApi = agentsApi(agents);
  server.use(...integrations.handlers, ...agentApi.handlers);
  const app = renderApp('/dashboard/gemini', { user: plainUser });
  const connection = await screen.findByRole('region', { name: 'Your Gemini connection' });
  const form = await within(connection).findByRole('form', { name: 'Gemini credentials' });
  return { ...app, api: integrations, agentApi, connection, form, agentSection: screen.getByRole('region', { name: 'Use Gemini for an agent' }) };
}

describe('gemini page', () => {
  it('shows my Gemini connection with the settings’ form: key, model and address', async () => {
    const { connection, form } = await openGemini(makeIntegration('gemini', { serverConnected: true }));
    expect(screen.getByRole('heading', { level: 1, name: 'Gemini' })).toBeInTheDocument();
    const status = within(connection).getByTestId('gemini-status');
    expect(within(status).getByText('Not connected')).toBeInTheDocument();
    expect(within(status).getByText("Uses the server's connection")).toBeInTheDocument();
    expect(within(form).getByLabelText('API key')).toHaveAttribute('type', 'password');
    expect(within(form).getByLabelText('API key')).toBeRequired();
    expect(within(form).getByLabelText('Model')).toHaveValue('');
    expect(within(form).getByLabelText('API address')).toHaveAttribute('placeholder', 'https://generativelanguage.googleapis.com/v1beta');
    expect(within(form).queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument();
    expect(within(connection).getByRole('link', { name: 'Settings › Integrations' })).toHaveAttribute('href', '/dashboard/settings?service=gemini#integrations');
  });

  it('tests the typed key without saving, then saves only what changed', async () => {
    const { user, api, connection, form } = await openGemini();
    await user.type(within(form).getByLabelText('API key'), 'AIza-my-own-key');
    await user.type(within(form).getByLabelText('Model'), 'gemini-2.0-flash');
    await user.click(within(form).getByRole('button', { name: 'Test connection' }));
    const result = await within(form).findByTestId('connection-result');
    expect(result).toHaveAttribute('data-state', 'ok');
    expect(api.state.tests).toEqual([{ name: 'gemini', body: { apiKey: 'AIza-my-own-key', model: 'gemini-2.0-flash' } }]);
    expect(api.state.saves).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Gemini saved')).toBeInTheDocument();
    expect(api.state.saves).toEqual([{ name: 'gemini', body: { apiKey: 'AIza-my-own-key', model: 'gemini-2.0-flash' } }]);
    await waitFor(() => expect(within(within(connection).getByTestId('gemini-status')).getByText('Connected')).toBeInTheDocument());
    expect(within(form).getByLabelText('API key')).toHaveValue('');
    expect(within(form).getByLabelText('API key')).toHaveAccessibleDescription(/Set \(…-key\)/);
  });

  it('disconnects my Gemini after confirmation', async () => {
    const { user, api, connection, form } = await openGemini(GEMINI_CONNECTED);
    expect(within(connection).getByTestId('gemini-status')).toHaveTextContent(/Saved by bob@example\.com/);
    await user.click(within(form).getByRole('button', { name: 'Disconnect' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Disconnect Gemini?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Gemini disconnected')).toBeInTheDocument();
    expect(api.state.deletes).toEqual([{ name: 'gemini', teamId: null }]);
    await waitFor(() => expect(within(within(connection).getByTestId('gemini-status')).getByText('Not connected')).toBeInTheDocument());
  });

  it('switches an agent’s provider to Gemini, clearing another provider’s model name', async () => {
    const agents = [
      makeAgent({ id: 'a1', name: 'Sales assistant' }),
      makeAgent({ id: 'a2', name: 'Support desk', model: { provider: 'openai', model: 'gpt-4o', temperature: 0.3, maxTokens: 2048 } }),
      makeAgent({ id: 'a3', name: 'Team handbook', access: 'view', teamId: 't1', teamName: 'Support' }),
    ];
    const { user, agentApi, agentSection } = await openGemini(GEMINI_CONNECTED, agents);
    expect(agentSection).toHaveTextContent("An agent that names no provider already uses your own OpenAI, else your Gemini, else the server's.");
    const select = await within(agentSection).findByRole('combobox', { name: 'Agent' });
    // Only the agents I may change are offered.
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sales assistant', 'Support desk']);
    const current = within(agentSection).getByTestId('agent-provider');
    expect(current).toHaveTextContent("None named (your OpenAI, else your Gemini, else the server's)");

    await user.selectOptions(select, 'a2');
    expect(current).toHaveTextContent('OpenAI');
    expect(current).toHaveTextContent('gpt-4o');
    expect(agentSection).toHaveTextContent('Switching also clears its model name, gpt-4o, so that it uses the model of its Gemini connection');
    await user.click(within(agentSection).getByRole('button', { name: 'Use Gemini for this agent' }));
    expect(await screen.findByText('Support desk now uses Gemini')).toBeInTheDocument();
    // The agent form's own call: PUT /agents/{id} with only the model's provider, and no OpenAI model name.
    expect(agentApi.state.updates).toEqual([{ id: 'a2', body: { model: { provider: 'gemini', model: null } } }]);
    await waitFor(() => expect(current).toHaveTextContent('Gemini'));
    expect(current).toHaveTextContent("Its connection's model, else the provider's default");
    expect(within(agentSection).getByRole('button', { name: 'Use Gemini for this agent' })).toBeDisabled();
    expect(within(agentSection).getByText('This agent uses Gemini.')).toBeInTheDocument();
    expect(within(agentSection).getByRole('link', { name: "Open the agent's settings" })).toHaveAttribute('href', '/dashboard/agents/a2/edit');

    // An agent that named no provider and no model: only the provider is sent.
    await user.selectOptions(select, 'a1');
    await user.click(within(agentSection).getByRole('button', { name: 'Use Gemini for this agent' }));
    expect(await screen.findByText('Sales assistant now uses Gemini')).toBeInTheDocument();
    expect(agentApi.state.updates[1]).toEqual({ id: 'a1', body: { model: { provider: 'gemini' } } });
  });

  it('warns when neither I nor the server has a Gemini connection', async () => {
    const { agentSection } = await openGemini(makeIntegration('gemini'));
    expect(within(agentSection).getByText(/Neither you nor the server has a Gemini connection/)).toBeInTheDocument();
  });

  it('does not warn when the server has its own Gemini connection', async () => {
    const { agentSection } = await openGemini(makeIntegration('gemini', { serverConnected: true }));
    await within(agentSection).findByRole('combobox', { name: 'Agent' });
    expect(within(agentSection).queryByText(/Neither you nor the server has a Gemini connection/)).not.toBeInTheDocument();
  });

  it('offers to create an agent when there is none', async () => {
    const { agentSection } = await openGemini(GEMINI_CONNECTED, []);
    expect(await within(agentSection).findByText('You have no agents yet.')).toBeInTheDocument();
    expect(within(agentSection).getByRole('link', { name: 'Create agent' })).toHaveAttribute('href', '/dashboard/agents/create');
    expect(within(agentSection).queryByRole('button', { name: 'Use Gemini for this agent' })).not.toBeInTheDocument();
  });
});
