import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { McpServerInput } from '@/features/mcp/api/mcp-servers';
import { previewImport } from '@/features/mcp/utils/import-preview';
import type { McpServer } from '@/lib/mcp';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { makeMcpServer, makeTestResult, makeTool } from '@/testing/mocks/mcp';
import { server } from '@/testing/mocks/server';
import { adminUser, plainUser, renderApp } from '@/testing/test-utils';

const everything = makeMcpServer();
const broken = makeMcpServer({
  id: 's2',
  name: 'Weather desk',
  url: 'https://weather.example.com/mcp',
  headers: {},
  status: 'error',
  lastError: 'Connection refused or unreachable: tcp connect error',
  tools: [],
  agentsCount: 2,
});

describe('MCP servers list', () => {
  it('lists my servers with their status, tools and agents, and opens one to see its last error and tools', async () => {
    server.use(mockApi.get('/mcp', () => ok([everything, broken])));
    const { user } = renderApp('/dashboard/mcp', { user: plainUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'MCP tools' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('mcp-server-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Everything')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Connected')).toBeInTheDocument();
    // In its own column on wide screens, under the name on others.
    expect(within(rows[0]).getAllByText('Streamable HTTP').length).toBeGreaterThan(0);
    expect(within(rows[0]).getByText('https://mcp.example.com/mcp')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Error')).toHaveAttribute('title', broken.lastError);
    expect(within(rows[1]).getByRole('switch', { name: 'Enabled: Weather desk' })).toBeChecked();

    const toggle = within(rows[1]).getByRole('button', { name: 'Weather desk' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(broken.lastError!)).toBeInTheDocument();
    expect(screen.getByText('No tools found yet. Test the server to list them.')).toBeInTheDocument();

    await user.click(within(rows[0]).getByRole('button', { name: 'Everything' }));
    const tools = screen.getByRole('list', { name: 'Tools' });
    expect(within(tools).getByText('get-sum')).toBeInTheDocument();
    expect(within(tools).getByText('Returns the sum of two numbers')).toBeInTheDocument();
    expect(screen.getByText('Authorization: ••••••••mnop')).toBeInTheDocument();
  });

  it('tests a server and says why it failed, in words', async () => {
    let tested = '';
    const failed = { ...everything, status: 'error' as const, lastError: 'HTTP 401: the server refused the credentials' };
    server.use(
      mockApi.get('/mcp', () => ok(tested ? [failed] : [everything])),
      mockApi.post('/mcp/{id}/test', ({ params }) => {
        tested = params.id;
        return ok(makeTestResult(failed, { errorCode: 'unauthorized' }));
      }),
    );
    const { user } = renderApp('/dashboard/mcp', { user: plainUser });
    await user.click(await screen.findByRole('button', { name: 'Test Everything' }));
    expect(await screen.findByText('Everything: the test failed')).toBeInTheDocument();
    expect(screen.getByText('HTTP 401: the server refused the credentials')).toBeInTheDocument();
    expect(tested).toBe('s1');
    // The list shows the new status.
    const row = screen.getByTestId('mcp-server-row');
    expect(await within(row).findByText('Error')).toBeInTheDocument();
  });

  it('says how many tools a successful test found', async () => {
    server.use(
      mockApi.get('/mcp', () => ok([everything])),
      mockApi.post('/mcp/{id}/test', () => ok(makeTestResult(everything))),
    );
    const { user } = renderApp('/dashboard/mcp', { user: plainUser });
    await user.click(await screen.findByRole('button', { name: 'Test Everything' }));
    expect(await screen.findByText('Everything is connected')).toBeInTheDocument();
    expect(screen.getByText('2 tools found.')).toBeInTheDocument();
  });

  it('switches a server off with its whole configuration, masked secrets sent back as they came', async () => {
    const bodies: McpServerInput[] = [];
    let current = everything;
    server.use(
      mockApi.get('/mcp', () => ok([current])),
      mockApi.put('/mcp/{id}', async ({ request }) => {
        const body = (await request.json()) as McpServerInput;
        bodies.push(body);
        current = { ...current, enabled: body.enabled ?? true };
        return ok(current);
      }),
    );
    const { user } = renderApp('/dashboard/mcp', { user: plainUser });
    const toggle = await screen.findByRole('switch', { name: 'Enabled: Everything' });
    await user.click(toggle);
    expect(await screen.findByText('Everything is off: agents no longer use its tools')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        name: 'Everything',
        description: 'The reference server',
        transport: 'streamable_http',
        command: null,
        args: [],
        env: {},
        url: 'https://mcp.example.com/mcp',
        headers: { Authorization: '••••••••mnop' },
        enabled: false,
      },
    ]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Enabled: Everything' })).not.toBeChecked());
  });

  it('deletes a server once confirmed, saying which agents lose it', async () => {
    let deleted = '';
    server.use(
      mockApi.get('/mcp', () => ok(deleted ? [everything] : [everything, broken])),
      mockApi.delete('/mcp/{id}', ({ params }) => {
        deleted = params.id;
        return ok({ id: params.id, deleted: true });
      }),
    );
    const { user } = renderApp('/dashboard/mcp', { user: plainUser });
    await user.click(await screen.findByRole('button', { name: 'Delete Weather desk' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Weather desk?' });
    expect(within(dialog).getByText(/2 agents use this server/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toBe('');
    await user.click(screen.getByRole('button', { name: 'Delete Weather desk' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete server' }));
    expect(await screen.findByText('Weather desk deleted')).toBeInTheDocument();
    expect(deleted).toBe('s2');
    await waitFor(() => expect(screen.getAllByTestId('mcp-server-row')).toHaveLength(1));
  });

  describe('export', () => {
    let originalCreate: typeof URL.createObjectURL;
    let originalRevoke: typeof URL.revokeObjectURL;
    beforeEach(() => {
      originalCreate = URL.createObjectURL;
      originalRevoke = URL.revokeObjectURL;
    });
    afterEach(() => {
      URL.createObjectURL = originalCreate;
      URL.revokeObjectURL = originalRevoke;
      vi.restoreAllMocks();
    });

    it('downloads the servers as a file, with credentials only when asked', async () => {
      const asked: (string | null)[] = [];
      server.use(
        mockApi.get('/mcp', () => ok([everything])),
        mockApi.get('/mcp/export/json', ({ request }) => {
          asked.push(new URL(request.url).searchParams.get('includeCredentials'));
          return HttpResponse.json<Record<string, never>>({}, { headers: { 'Content-Disposition': 'attachment; filename="mcp-servers.json"' } });
        }),
      );
      URL.createObjectURL = vi.fn(() => 'blob:export');
      URL.revokeObjectURL = vi.fn();
      const saved: string[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(this.download);
      });
      const { user } = renderApp('/dashboard/mcp', { user: plainUser });
      await user.click(await screen.findByRole('button', { name: 'Export' }));
      await waitFor(() => expect(saved).toEqual(['mcp-servers.json']));
      await user.click(screen.getByRole('checkbox', { name: 'Include credentials' }));
      await user.click(screen.getByRole('button', { name: 'Export' }));
      await waitFor(() => expect(saved).toHaveLength(2));
      expect(asked).toEqual(['false', 'true']);
    });
  });

  it('shows an empty state with the ways to add a server', async () => {
    renderApp('/dashboard/mcp', { user: plainUser });
    expect(await screen.findByRole('heading', { name: 'No MCP servers yet' })).toBeInTheDocument();
    const empty = screen.getByTestId('empty-state');
    expect(within(empty).getByRole('link', { name: 'Add server' })).toHaveAttribute('href', '/dashboard/mcp/create');
    expect(within(empty).getByRole('link', { name: 'Import' })).toHaveAttribute('href', '/dashboard/mcp/import');
  });
});

describe('MCP server form', () => {
  it('checks the fields as the server does, and switches them with the transport', async () => {
    const bodies: McpServerInput[] = [];
    server.use(
      mockApi.post('/mcp', async ({ request }) => {
        bodies.push((await request.json()) as McpServerInput);
        return ok(makeMcpServer({ id: 's9', name: 'Files', transport: 'stdio', url: null, headers: {}, command: 'npx', args: ['-y', 'server-filesystem'], env: { ROOT_DIR: '/srv' }, status: 'unknown' }), 201);
      }),
    );
    const { user, router } = renderApp('/dashboard/mcp/create', { user: adminUser });
    const form = await screen.findByRole('form', { name: 'New MCP server' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findAllByText('Required')).toHaveLength(2);
    expect(within(form).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('URL')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(form).getByLabelText('URL'), 'ftp://example.com');
    await user.tab();
    expect(await within(form).findByText('Must be an http:// or https:// URL.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add header' }));
    await user.type(within(form).getByRole('textbox', { name: 'Header name 1' }), 'Bad Header');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText("Not a header name: letters, digits and !#$%&'*+-.^_`|~ only.")).toBeInTheDocument();
    expect(within(form).queryByLabelText('Command')).not.toBeInTheDocument();

    // stdio: a command, its arguments one per line, and its environment.
    await user.click(within(form).getByRole('radio', { name: /stdio/ }));
    expect(within(form).queryByLabelText('URL')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Name'), 'Files');
    await user.type(within(form).getByLabelText('Command'), 'npx');
    await user.type(within(form).getByLabelText('Arguments'), '-y{Enter}server-filesystem{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Add variable' }));
    await user.type(within(form).getByRole('textbox', { name: 'Variable name 1' }), '1ROOT');
    await user.type(within(form).getByRole('textbox', { name: 'Value 1' }), '/srv');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Letters, digits and _, not starting with a digit.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.clear(within(form).getByRole('textbox', { name: 'Variable name 1' }));
    await user.type(within(form).getByRole('textbox', { name: 'Variable name 1' }), 'ROOT_DIR');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Files added')).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'Files', description: '', transport: 'stdio', enabled: true, command: 'npx', args: ['-y', 'server-filesystem'], env: { ROOT_DIR: '/srv' }, url: null, headers: {} }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/mcp'));
  });

  it('keeps stdio for administrators, and says why', async () => {
    renderApp('/dashboard/mcp/create', { user: plainUser });
    const stdio = await screen.findByRole('radio', { name: /stdio/ });
    expect(stdio).toBeDisabled();
    expect(stdio.closest('fieldset')).toHaveAccessibleDescription(/only an administrator can add one/);
  });

  it('shows the server’s field errors beside their fields, and its other refusals above the form', async () => {
    let calls = 0;
    server.use(
      mockApi.post('/mcp', () => {
        calls += 1;
        return calls === 1
          ? fail(422, 'validation_failed', 'Some fields are invalid', [{ field: 'url', message: 'This address is private' }, { field: 'headers', message: "'X:Y' is not a header name" }])
          : fail(409, 'too_many_mcp_servers', 'You have reached the limit of 50 MCP servers');
      }),
    );
    const { user } = renderApp('/dashboard/mcp/create', { user: plainUser });
    const form = await screen.findByRole('form', { name: 'New MCP server' });
    await user.type(within(form).getByLabelText('Name'), 'Local');
    await user.type(within(form).getByLabelText('URL'), 'http://10.0.0.1/mcp');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This address is private')).toBeInTheDocument();
    expect(within(form).getByLabelText('URL')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('alert')).toHaveTextContent("'X:Y' is not a header name");
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('You have reached the limit of 50 MCP servers')).toBeInTheDocument();
  });

  it("says 'Failed to create MCP server' when the server gives no reason", async () => {
    server.use(mockApi.post('/mcp', () => HttpResponse.json({ success: false, error: '', message: '', errors: [] }, { status: 500 })));
    const { user } = renderApp('/dashboard/mcp/create', { user: plainUser });
    const form = await screen.findByRole('form', { name: 'New MCP server' });
    await user.type(within(form).getByLabelText('Name'), 'Remote');
    await user.type(within(form).getByLabelText('URL'), 'https://mcp.example.com/mcp');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Failed to create MCP server')).toBeInTheDocument();
  });

  it('saves, then tests, and opens the server with the tools it found', async () => {
    const created = makeMcpServer({ id: 's7', name: 'Remote', headers: {}, status: 'unknown', tools: [], lastTestedAt: null });
    const tested = { ...created, status: 'connected' as const, tools: [makeTool(), makeTool({ name: 'get-sum', description: 'Returns the sum of two numbers' })], lastTestedAt: '2026-03-01T10:00:00Z' };
    let stored: McpServer = created;
    server.use(
      mockApi.post('/mcp', () => ok(created, 201)),
      mockApi.post('/mcp/{id}/test', () => {
        stored = tested;
        return ok(makeTestResult(tested));
      }, { id: 's7' }),
      mockApi.get('/mcp/{id}', () => ok(stored), { id: 's7' }),
    );
    const { user, router } = renderApp('/dashboard/mcp/create', { user: plainUser });
    const form = await screen.findByRole('form', { name: 'New MCP server' });
    await user.type(within(form).getByLabelText('Name'), 'Remote');
    await user.type(within(form).getByLabelText('URL'), 'https://mcp.example.com/mcp');
    await user.click(within(form).getByRole('button', { name: 'Save and test' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit MCP server' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/mcp/edit/s7');
    const status = screen.getByRole('region', { name: 'Status' });
    expect(within(status).getByText(/Connected in 412/)).toBeInTheDocument();
    expect(within(status).getByText('mcp-servers/everything 2.0.0')).toBeInTheDocument();
    expect(within(status).getByRole('heading', { name: '2 tools' })).toBeInTheDocument();
    expect(within(status).getByText('get-sum')).toBeInTheDocument();
    expect(within(status).getByText('Returns the sum of two numbers')).toBeInTheDocument();
  });

  it('tests the configuration before saving it, saving nothing, and says why when it cannot connect', async () => {
    const probes: McpServerInput[] = [];
    let saved = 0;
    server.use(
      mockApi.post('/mcp', () => {
        saved += 1;
        return ok(makeMcpServer(), 201);
      }),
      mockApi.post('/mcp/test', async ({ request }) => {
        const body = (await request.json()) as McpServerInput;
        probes.push(body);
        if (body.url?.includes('down')) {
          return ok({ status: 'error', error: 'Connection refused or unreachable: tcp connect error', errorCode: 'mcp_unreachable', serverInfo: null, durationMs: 12, tools: [], resources: [], prompts: [] });
        }
        return ok({ status: 'connected', error: null, errorCode: null, serverInfo: 'mcp-servers/everything 2.0.0', durationMs: 412, tools: [makeTool(), makeTool({ name: 'get-sum' })], resources: [], prompts: [] });
      }),
    );
    const { user, router } = renderApp('/dashboard/mcp/create', { user: plainUser });
    const form = await screen.findByRole('form', { name: 'New MCP server' });
    // Checked like a save first: nothing is sent without a URL.
    await user.type(within(form).getByLabelText('Name'), 'Remote');
    await user.click(within(form).getByRole('button', { name: 'Test connection' }));
    expect(await within(form).findByText('Required')).toBeInTheDocument();
    expect(probes).toHaveLength(0);

    await user.type(within(form).getByLabelText('URL'), 'https://mcp.example.com/mcp');
    await user.click(within(form).getByRole('button', { name: 'Test connection' }));
    const found = await within(form).findByTestId('mcp-probe');
    expect(found).toHaveAttribute('data-state', 'connected');
    expect(within(found).getByText(/Connected to mcp-servers\/everything 2\.0\.0 in 412/)).toBeInTheDocument();
    expect(within(found).getByRole('heading', { name: '2 tools' })).toBeInTheDocument();
    expect(within(found).getByText('get-sum')).toBeInTheDocument();
    expect(probes[0]).toMatchObject({ name: 'Remote', transport: 'streamable_http', url: 'https://mcp.example.com/mcp' });

    const url = within(form).getByLabelText('URL');
    await user.clear(url);
    await user.type(url, 'https://down.example.com/mcp');
    await user.click(within(form).getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(within(form).getByTestId('mcp-probe')).toHaveAttribute('data-state', 'error'));
    expect(within(form).getByText('Could not connect: Connection refused or unreachable: tcp connect error')).toBeInTheDocument();
    // Nothing was saved, and the page did not move.
    expect(saved).toBe(0);
    expect(router.state.location.pathname).toBe('/dashboard/mcp/create');
  });

  it('edits a server: masked secrets are kept unless replaced, and a test says why it failed', async () => {
    const stored = makeMcpServer({ headers: { Authorization: '••••••••mnop', 'X-Team': '••••••••' } });
    const bodies: McpServerInput[] = [];
    server.use(
      mockApi.get('/mcp/{id}', () => ok(stored), { id: 's1' }),
      mockApi.put('/mcp/{id}', async ({ request }) => {
        const body = (await request.json()) as McpServerInput;
        bodies.push(body);
        return ok({ ...stored, url: body.url ?? null });
      }, { id: 's1' }),
      mockApi.post('/mcp/{id}/test', () =>
        ok(makeTestResult({ ...stored, status: 'error', lastError: 'Timed out' }, { status: 'error', error: 'Timed out after 20 s', errorCode: 'timeout', serverInfo: null })),
      ),
    );
    const { user } = renderApp('/dashboard/mcp/edit/s1', { user: plainUser });
    const form = await screen.findByRole('form', { name: 'MCP server' });
    const value1 = within(form).getByRole('textbox', { name: 'Value 1' });
    expect(value1).toHaveValue('••••••••mnop');
    expect(value1).toHaveAttribute('readonly');
    const url = within(form).getByLabelText('URL');
    await user.clear(url);
    await user.type(url, 'https://mcp2.example.com/mcp');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Everything saved')).toBeInTheDocument();
    expect(bodies[0].headers).toEqual({ Authorization: '••••••••mnop', 'X-Team': '••••••••' });
    expect(bodies[0].url).toBe('https://mcp2.example.com/mcp');

    // Replacing one secret sends the new value and keeps the other.
    const form2 = await screen.findByRole('form', { name: 'MCP server' });
    await user.click(within(form2).getByRole('button', { name: 'Replace value 2' }));
    const value2 = within(form2).getByRole('textbox', { name: 'Value 2' });
    expect(value2).toHaveValue('');
    expect(value2).not.toHaveAttribute('readonly');
    await user.type(value2, 'support');
    await user.click(within(form2).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1].headers).toEqual({ Authorization: '••••••••mnop', 'X-Team': 'support' });

    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    const status = screen.getByRole('region', { name: 'Status' });
    expect(await within(status).findByText('Timed out after 20 s')).toBeInTheDocument();
    expect(within(status).getByText('timeout')).toBeInTheDocument();
  });

  it('fills the form from a proposal, with its notes, and saves nothing by itself', async () => {
    let created = false;
    server.use(
      mockApi.post('/mcp/ai-generate', async ({ request }) => {
        expect(await request.json()).toEqual({ description: 'fetch web pages' });
        return ok({
          modelConnected: false,
          proposals: [
            {
              source: 'catalog',
              server: { name: 'Fetch', description: 'Fetch web pages', transport: 'streamable_http', url: 'https://fetch.example.com/mcp', headers: { Authorization: 'Bearer …' }, enabled: true },
              notes: ['Put your token in the Authorization header'],
            },
          ],
        });
      }),
      mockApi.post('/mcp', () => {
        created = true;
        return ok(makeMcpServer(), 201);
      }),
    );
    const { user } = renderApp('/dashboard/mcp/create', { user: plainUser });
    await user.click(await screen.findByRole('button', { name: 'Suggest' }));
    expect(screen.getByText('Required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('What should the server do?'), 'fetch web pages');
    await user.click(screen.getByRole('button', { name: 'Suggest' }));
    expect(await screen.findByText('No language model is connected: these come from the catalogue of well-known servers.')).toBeInTheDocument();
    const proposals = screen.getByRole('list', { name: 'Proposals' });
    expect(within(proposals).getByText('Put your token in the Authorization header')).toBeInTheDocument();
    await user.click(within(proposals).getByRole('button', { name: 'Use Fetch' }));
    const form = screen.getByRole('form', { name: 'New MCP server' });
    expect(within(form).getByLabelText('Name')).toHaveValue('Fetch');
    expect(within(form).getByLabelText('URL')).toHaveValue('https://fetch.example.com/mcp');
    expect(within(form).getByRole('textbox', { name: 'Header name 1' })).toHaveValue('Authorization');
    expect(screen.getByText('The form holds the proposal Fetch. Check it, then save.')).toBeInTheDocument();
    expect(created).toBe(false);
  });
});

describe('MCP import', () => {
  it('reads the configuration in the browser entry by entry', () => {
    const preview = previewImport(
      JSON.stringify({ mcpServers: { files: { command: 'npx', args: ['-y', 'fs', 3] }, remote: { type: 'http', url: 'https://a.example.com/mcp' }, old: { type: 'sse', url: 'https://x' }, both: { command: 'a', url: 'b' } } }),
    );
    expect(preview).toMatchObject({
      ok: true,
      entries: [
        { name: 'files', transport: 'stdio', endpoint: 'npx -y fs 3', problem: null },
        { name: 'remote', transport: 'streamable_http', endpoint: 'https://a.example.com/mcp', problem: null },
        { name: 'old', transport: null, problem: 'sse' },
        { name: 'both', transport: null, problem: 'both' },
      ],
    });
    expect(previewImport('{"name": "Time", "command": "uvx", "args": ["mcp-server-time"]}')).toMatchObject({ ok: true, entries: [{ name: 'Time', transport: 'stdio' }] });
    expect(previewImport('{"servers": {"a": {"url": "https://a.example.com"}}}')).toMatchObject({ ok: true, entries: [{ name: 'a' }] });
    expect(previewImport('[1, 2]')).toEqual({ ok: false, error: 'notObject' });
    expect(previewImport('{')).toEqual({ ok: false, error: 'invalidJson' });
    expect(previewImport('{"nothing": true}')).toEqual({ ok: false, error: 'noServers' });
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`s${i}`, { url: 'https://a.example.com' }]));
    expect(previewImport(JSON.stringify({ mcpServers: many }))).toEqual({ ok: false, error: 'tooMany' });
  });

  it('previews a pasted configuration, sends it, and says what became of each entry', async () => {
    const sent: unknown[] = [];
    server.use(
      mockApi.post('/mcp/import', async ({ request }) => {
        sent.push(await request.json());
        return ok({
          created: 1,
          skipped: 1,
          refused: 1,
          results: [
            { name: 'remote', outcome: 'created', reason: null, server: makeMcpServer({ id: 's5', name: 'remote' }) },
            { name: 'everything', outcome: 'skipped', reason: 'You already have a server with this name', server: null },
            { name: 'old', outcome: 'refused', reason: 'The SSE transport is not supported: only stdio and streamable HTTP are', server: null },
          ],
        });
      }),
    );
    const config = { mcpServers: { everything: { url: 'https://e.example.com/mcp' }, remote: { type: 'http', url: 'https://r.example.com/mcp' }, old: { type: 'sse', url: 'https://o.example.com/sse' } } };
    const { user } = renderApp('/dashboard/mcp/import', { user: plainUser });
    const box = await screen.findByLabelText('Configuration JSON');
    await user.click(box);
    await user.paste('{ not json');
    expect(await screen.findByText('This is not valid JSON.')).toBeInTheDocument();
    await user.clear(box);
    await user.click(box);
    await user.paste(JSON.stringify(config));
    expect(await screen.findByRole('heading', { name: '3 servers found' })).toBeInTheDocument();
    const rows = screen.getAllByTestId('import-preview');
    expect(within(rows[0]).getByText('everything')).toBeInTheDocument();
    expect(within(rows[0]).getByText('https://e.example.com/mcp')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Ready to import')).toBeInTheDocument();
    expect(within(rows[2]).getByText('The SSE transport is not supported: only stdio and streamable HTTP are.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Import 2 servers' }));
    expect(await screen.findByText('1 created, 1 skipped, 1 refused.')).toBeInTheDocument();
    expect(sent).toEqual([config]);
    const results = screen.getAllByTestId('import-result');
    expect(within(results[0]).getByText('Created')).toBeInTheDocument();
    expect(within(results[0]).getByRole('link', { name: 'Open remote' })).toHaveAttribute('href', '/dashboard/mcp/edit/s5');
    expect(within(results[1]).getByText('Skipped')).toBeInTheDocument();
    expect(within(results[1]).getByText('You already have a server with this name')).toBeInTheDocument();
    expect(within(results[2]).getByText('Refused')).toBeInTheDocument();
  });

  it('reads an uploaded .json file in the browser', async () => {
    const { user } = renderApp('/dashboard/mcp/import', { user: plainUser });
    const file = new File([JSON.stringify({ mcpServers: { files: { command: 'npx', args: ['-y', 'fs'] } } })], 'claude_desktop_config.json', { type: 'application/json' });
    await user.upload(await screen.findByLabelText('JSON file to import'), file);
    expect(await screen.findByRole('heading', { name: '1 server found' })).toBeInTheDocument();
    expect(screen.getByText('npx -y fs')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 1 server' })).toBeEnabled();
  });
});
