import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

// MCP servers end to end, against the reference server (`@modelcontextprotocol/server-everything`,
// installed by `make` into crates/testkit/mcp) over streamable HTTP on a local port: imported from
// a desktop client's configuration, tested (its tools listed), lent to an agent with one of them,
// and called in a chat: the model (an OpenAI-compatible stand-in, e2e/stand-ins/openai.mjs) asks
// for the echo tool, the server calls it on the MCP server, and the answer shows the call as a
// card. This runs on the second test server of playwright.config.ts, whose model is the stand-in
// and whose MCP URLs may reach this machine (AGENTFORGE_OUTBOUND_ALLOW_PRIVATE).

const EVERYTHING = '../crates/testkit/mcp/node_modules/@modelcontextprotocol/server-everything/dist/index.js';
const PORT = Number(process.env.AGENTFORGE_E2E_MCP_PORT ?? 18091);
const URL = `http://127.0.0.1:${PORT}/mcp`;

test.describe.serial('MCP servers', () => {
  test.skip(!existsSync(EVERYTHING), 'the reference MCP server is not installed (run make)');

  let everything: ChildProcess | undefined;

  test.beforeAll(async () => {
    everything = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], { env: { ...process.env, PORT: String(PORT) }, stdio: 'ignore' });
    // Up once it answers anything on its port.
    await expect
      .poll(
        async () => {
          try {
            await fetch(URL, { method: 'GET' });
            return true;
          } catch {
            return false;
          }
        },
        { message: `the reference MCP server on ${URL}`, timeout: 15_000 },
      )
      .toBe(true);
  });

  test.afterAll(() => {
    everything?.kill();
  });

  test('test before saving → import → test → lend to an agent with one of its tools → the agent calls it in a chat', async ({ page, request }) => {
    test.setTimeout(90_000);
    const token = await signIn(page, request, 'mcp');

    // Test a configuration before saving it: its tools are listed, nothing is saved.
    await page.goto('/dashboard/mcp/create');
    const form = page.getByRole('form', { name: 'New MCP server' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Everything');
    await form.getByRole('textbox', { name: 'URL' }).fill(URL);
    await form.getByRole('button', { name: 'Test connection' }).click();
    const probe = form.getByTestId('mcp-probe');
    await expect(probe).toHaveAttribute('data-state', 'connected', { timeout: 30_000 });
    await expect(probe.getByText('echo', { exact: true })).toBeVisible();

    // Import a desktop client's configuration: previewed in the browser, then created.
    await page.goto('/dashboard/mcp');
    await expect(page.getByRole('heading', { name: 'No MCP servers yet' })).toBeVisible();
    await page.getByRole('link', { name: 'Import' }).first().click();
    await page.getByLabel('Configuration JSON').fill(JSON.stringify({ mcpServers: { Everything: { type: 'http', url: URL } } }));
    await expect(page.getByRole('heading', { name: '1 server found' })).toBeVisible();
    await page.getByRole('button', { name: 'Import 1 server' }).click();
    await expect(page.getByText('1 created, 0 skipped, 0 refused.')).toBeVisible();

    // Test it from the list: connected, with its tools.
    await page.getByRole('link', { name: 'MCP servers' }).last().click();
    const row = page.getByTestId('mcp-server-row');
    await expect(row.getByText('Not tested')).toBeVisible();
    await row.getByRole('button', { name: 'Test Everything' }).click();
    await expect(page.getByText('Everything is connected')).toBeVisible({ timeout: 30_000 });
    await expect(row.getByText('Connected')).toBeVisible();
    await row.getByRole('button', { name: 'Everything', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Tools' }).getByText('echo', { exact: true })).toBeVisible();

    // Lend it to an agent, with only its echo tool.
    const created = await request.post('/api/agents', { headers: { Authorization: `Bearer ${token}` }, data: { name: 'Echo agent' } });
    expect(created.ok()).toBeTruthy();
    const agentId = ((await created.json()) as { data: { id: string } }).data.id;
    await page.goto(`/dashboard/agents/${agentId}`);
    await page.getByRole('tab', { name: 'Tools' }).click();
    await expect(page.getByText('No tools yet')).toBeVisible();
    await page.getByRole('button', { name: 'Add server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an MCP server' });
    await dialog.getByRole('radio', { name: 'Only the tools I choose' }).check();
    await dialog.getByRole('checkbox', { name: /^echo/ }).check();
    await dialog.getByRole('button', { name: 'Add server' }).click();
    await expect(page.getByText('Everything added to the agent')).toBeVisible();
    const loan = page.getByTestId('agent-tool-row');
    await expect(loan.getByRole('link', { name: 'Everything' })).toBeVisible();
    await expect(loan.getByText('echo', { exact: true })).toBeVisible();

    // Chat: the model calls echo, the MCP server answers, and the answer shows the call.
    await page.goto(`/dashboard/agents/${agentId}/chat`);
    await page.getByTestId('chat-input').fill('Say hello through your tool');
    await page.getByTestId('chat-send').click();
    const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
    await expect(answer).toContainText('The tool said: Echo: hello from the model', { timeout: 30_000 });
    await expect(answer).toHaveAttribute('data-status', 'complete');
    // The question stays above its answer once the turn is stored.
    await expect(page.getByTestId('chat-message').nth(-2)).toHaveAttribute('data-role', 'user');
    const call = answer.getByTestId('tool-call');
    await expect(call).toHaveAttribute('data-state', 'done');
    await expect(call).toContainText('echo');
    await expect(call).toContainText('from Everything');
    await call.getByRole('button').click();
    await expect(call.getByText('"message": "hello from the model"')).toBeVisible();
    await expect(call.getByText('Echo: hello from the model')).toBeVisible();

    // The stored conversation keeps the call: opened again after a reload, the same card.
    await page.reload();
    await page.getByTestId('conversation-item').filter({ hasText: 'Say hello through your tool' }).click();
    await expect(page.getByTestId('chat-message').nth(-2)).toHaveAttribute('data-role', 'user');
    await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last().getByTestId('tool-call')).toHaveAttribute('data-state', 'done');

    // The server knows the agent uses it: deleting it would say so.
    await page.goto('/dashboard/mcp');
    await page.getByRole('button', { name: 'Delete Everything' }).click();
    await expect(page.getByRole('alertdialog').getByText(/^1 agent uses this server/)).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  });
});
