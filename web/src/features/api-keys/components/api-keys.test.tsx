import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ApiKey, ApiKeyInput } from '@/features/api-keys/api/api-keys';
import { makeAgent } from '@/testing/mocks/agents';
import { makeAdminApiKey, makeApiKey, makeNewApiKey } from '@/testing/mocks/api-keys';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { adminUser, plainUser, renderApp } from '@/testing/test-utils';

const agents = [makeAgent({ id: 'a1', name: 'Kettle support' }), makeAgent({ id: 'a2', name: 'Sales assistant' })];
const agentList = mockApi.get('/agents', () => HttpResponse.json({ success: true as const, data: agents, meta: { page: 1, limit: 100, total: 2 } }));

describe('my API keys', () => {
  it('lists my keys: prefix, agents, dates, and an expired badge', async () => {
    server.use(
      agentList,
      mockApi.get('/api-keys', () =>
        ok([
          makeApiKey({ agentIds: ['a1'], lastUsedAt: '2026-03-02T08:30:00Z', expiresAt: '2027-01-01T00:00:00Z' }),
          makeApiKey({ id: 'k2', name: 'Old script', prefix: 'af_OldOldOl', expiresAt: '2026-02-01T00:00:00Z', expired: true }),
        ]),
      ),
    );
    renderApp('/dashboard/integrations/api-docs', { user: plainUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'API documentation' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('api-key-row');
    expect(within(rows[0]).getByText('af_mAgWyKoJ…')).toBeInTheDocument();
    expect(await within(rows[0]).findByText('Kettle support')).toBeInTheDocument();
    expect(within(rows[0]).queryByText('Expired')).not.toBeInTheDocument();
    expect(within(rows[1]).getByText('Expired')).toBeInTheDocument();
    expect(within(rows[1]).getByText('All agents')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Never')).toBeInTheDocument();
  });

  it('creates a key and shows it once, to copy; it is gone from the screen once closed', async () => {
    const sent: ApiKeyInput[] = [];
    let keys: ApiKey[] = [];
    server.use(
      agentList,
      mockApi.get('/api-keys', () => ok(keys)),
      mockApi.post('/api-keys', async ({ request }) => {
        const body = (await request.json()) as ApiKeyInput;
        sent.push(body);
        if (sent.length === 1) return fail(422, 'validation_failed', 'Some fields are invalid', [{ field: 'name', message: 'This name is taken' }]);
        const created = makeNewApiKey({ name: body.name, agentIds: body.agentIds ?? [] });
        keys = [created];
        return ok(created, 201);
      }),
    );
    const { user } = renderApp('/dashboard/integrations/api-docs', { user: plainUser });
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    let dialog = screen.getByRole('dialog', { name: 'Create an API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'CI');
    await user.click(within(dialog).getByRole('radio', { name: 'Only the agents I choose' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Choose at least one agent.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Kettle support' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('This name is taken')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    dialog = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(dialog).getByText('Copy it now: it will not be shown again.')).toBeInTheDocument();
    const field = within(dialog).getByLabelText('API key CI');
    expect(field).toHaveValue('af_mAgWyKoJ8kxghK8q7X2yop1m-O6ws3_6b1kuU_FFqN0');
    expect(field).toHaveAttribute('readonly');
    expect(sent.at(-1)).toEqual({ name: 'CI', agentIds: ['a1'], expiresAt: null });
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Key copied to the clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('af_mAgWyKoJ8kxghK8q7X2yop1m-O6ws3_6b1kuU_FFqN0');
    // Escape does not lose the key by accident: only "I have copied it" closes.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Your new API key' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('af_mAgWyKoJ8kxghK8q7X2yop1m-O6ws3_6b1kuU_FFqN0')).not.toBeInTheDocument();
    expect(await screen.findByTestId('api-key-row')).toHaveTextContent('af_mAgWyKoJ…');
  });

  it('sends an expiry day as the end of that day', async () => {
    const sent: ApiKeyInput[] = [];
    server.use(
      agentList,
      mockApi.post('/api-keys', async ({ request }) => {
        sent.push((await request.json()) as ApiKeyInput);
        return ok(makeNewApiKey(), 201);
      }),
    );
    const { user } = renderApp('/dashboard/integrations/api-docs', { user: plainUser });
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create an API key' });
    await user.type(within(dialog).getByLabelText('Name'), 'Nightly');
    await user.type(within(dialog).getByLabelText('Expires on (optional)'), '2999-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(sent[0].agentIds).toEqual([]);
    expect(new Date(sent[0].expiresAt!).getTime()).toBe(new Date(2999, 11, 31, 23, 59, 59, 999).getTime());
  });

  it('revokes a key once confirmed', async () => {
    let revoked = '';
    server.use(
      agentList,
      mockApi.get('/api-keys', () => ok(revoked ? [] : [makeApiKey()])),
      mockApi.delete('/api-keys/{id}', ({ params }) => {
        revoked = params.id;
        return ok({ id: params.id, deleted: true });
      }),
    );
    const { user } = renderApp('/dashboard/integrations/api-docs', { user: plainUser });
    await user.click(await screen.findByRole('button', { name: 'Revoke Website backend' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke Website backend?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('Website backend revoked')).toBeInTheDocument();
    expect(revoked).toBe('k1');
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
  });

  it('fills the examples with this server and the agent picked', async () => {
    server.use(agentList);
    const { user } = renderApp('/dashboard/integrations/api-docs', { user: plainUser });
    const origin = window.location.origin;
    const code = async () => (await screen.findByTestId('api-example')).textContent ?? '';
    await waitFor(async () => expect(await code()).toContain('"model":"a1"'));
    expect(await code()).toContain(`curl ${origin}/v1/chat/completions`);
    expect(await code()).toContain('Authorization: Bearer $AGENTFORGE_API_KEY');
    await user.selectOptions(screen.getByLabelText('Agent'), 'Sales assistant');
    expect(await code()).toContain('"model":"a2"');
    await user.click(screen.getByRole('tab', { name: 'Python' }));
    expect(await code()).toContain(`OpenAI(base_url="${origin}/v1", api_key=os.environ["AGENTFORGE_API_KEY"])`);
    expect(await code()).toContain('model="a2"');
    await user.click(screen.getByRole('tab', { name: 'JavaScript' }));
    expect(await code()).toContain(`new OpenAI({ baseURL: '${origin}/v1'`);
    await user.click(screen.getByRole('tab', { name: 'MCP client' }));
    expect(JSON.parse(await code())).toEqual({ mcpServers: { agentforge: { type: 'http', url: `${origin}/mcp`, headers: { Authorization: 'Bearer <key>' } } } });
    await user.click(screen.getByRole('button', { name: 'Copy the MCP client example' }));
    expect(await screen.findByText('Example copied to the clipboard')).toBeInTheDocument();
  });
});

describe('every API key (admins)', () => {
  it('searches keys by the server, pages them, and revokes one once confirmed', async () => {
    const asked: URL[] = [];
    let revoked = '';
    server.use(
      mockApi.get('/admin/api-keys', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url);
        const search = url.searchParams.get('search');
        const page = Number(url.searchParams.get('page'));
        const all = search
          ? [makeAdminApiKey({ id: 'k9', name: 'Carol CI', ownerEmail: 'carol@example.com', ownerName: 'Carol Member', ownerId: '3' })]
          : Array.from({ length: 12 }, (_, i) => makeAdminApiKey({ id: `k${i}`, name: `Key ${i}` }));
        const data = all.filter((k) => k.id !== revoked).slice((page - 1) * 10, page * 10);
        return HttpResponse.json({ success: true as const, data, meta: { page, limit: 10, total: all.length } });
      }),
      mockApi.delete('/admin/api-keys/{id}', ({ params }) => {
        revoked = params.id;
        return ok({ id: params.id, deleted: true });
      }),
    );
    const { user } = renderApp('/admin/api-keys', { user: adminUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'API keys' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('admin-api-key-row')).toHaveLength(10);
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-api-key-row')).toHaveLength(2));
    expect(asked.at(-1)?.searchParams.get('page')).toBe('2');

    await user.type(screen.getByLabelText('Search'), 'carol');
    await waitFor(() => expect(screen.getAllByTestId('admin-api-key-row')).toHaveLength(1));
    expect(asked.at(-1)?.searchParams.get('search')).toBe('carol');
    expect(asked.at(-1)?.searchParams.get('page')).toBe('1');
    const row = screen.getByTestId('admin-api-key-row');
    expect(within(row).getByText('Carol Member')).toBeInTheDocument();
    expect(within(row).getByText('carol@example.com')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Revoke Carol CI of carol@example.com' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Revoke Carol CI of carol@example.com?' })).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('Carol CI revoked')).toBeInTheDocument();
    expect(revoked).toBe('k9');
    expect(await screen.findByText('No key matches')).toBeInTheDocument();
  });
});
