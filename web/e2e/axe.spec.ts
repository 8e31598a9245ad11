import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { makeAdmin, storeSession } from './helpers';

// Every page of the app, in light and dark and in English and Arabic, checked with axe-core: a
// serious or critical violation fails. Its own project (playwright.config.ts) runs it after the
// other specs, since accounts.spec.ts needs the database's first account (its admin); this spec
// makes its own admins with the binary's create-admin, to see the admin pages too.

const variants = [
  { theme: 'light', lang: 'en' },
  { theme: 'dark', lang: 'en' },
  { theme: 'light', lang: 'ar' },
  { theme: 'dark', lang: 'ar' },
] as const;

/** axe's rules, plus label-in-name (WCAG 2.5.3), which axe ships as experimental. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    // In the page itself: the default mode opens a blank page for every analysis to merge the
    // results of frames, and the app has none.
    .setLegacyMode()
    // Only violations are read: axe skips collecting what passed.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.split('\n').slice(1, 3).join(' ')}`) }));
}

/** The pages, with what they show filled in: an agent with a document, a conversation, a team. */
async function prepare(request: APIRequestContext) {
  // An admin of the test server's database (made or promoted by the binary itself).
  const { session } = await makeAdmin(request, 'axe');
  const headers = { Authorization: `Bearer ${session.token}` };
  const created = await request.post('/api/agents', {
    headers,
    data: { name: 'Kettle support', description: 'Answers questions about kettles.', greeting: 'Hello! Ask me about returns.', status: 'active' },
  });
  expect(created.ok()).toBeTruthy();
  const agentId = ((await created.json()) as { data: { id: string } }).data.id;
  await request.post(`/api/agents/${agentId}/deploy`, { headers, data: { environment: 'production' } });
  const upload = await request.post('/api/upload/document', {
    headers,
    multipart: { agentId, file: { name: 'returns.md', mimeType: 'text/markdown', buffer: Buffer.from('# Returns\n\nRefunds are issued within 14 days.\n') } },
  });
  expect(upload.ok()).toBeTruthy();
  const chat = await request.post(`/api/agents/${agentId}/chat`, { headers, data: { message: 'How long do refunds take?', stream: false } });
  expect(chat.ok()).toBeTruthy();
  const conversationId = ((await chat.json()) as { data: { conversationId: string } }).data.conversationId;
  const team = await request.post('/api/teams', { headers, data: { name: 'Kettle crew', description: 'Everyone who answers kettle questions.' } });
  expect(team.ok()).toBeTruthy();
  // An MCP server (never reached: its list, form and loan are what is checked), lent to the agent, and an API key.
  const mcp = await request.post('/api/mcp', {
    headers,
    data: { name: 'Kettle catalogue', description: 'Looks kettles up.', transport: 'streamable_http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer catalogue-token-1234' } },
  });
  expect(mcp.ok()).toBeTruthy();
  const mcpId = ((await mcp.json()) as { data: { id: string } }).data.id;
  expect((await request.post(`/api/mcp/agent/${agentId}/servers`, { headers, data: { mcpServerId: mcpId, configuration: { tools: [] }, permissions: [], priority: 0 } })).ok()).toBeTruthy();
  expect((await request.post('/api/api-keys', { headers, data: { name: 'Kettle website', agentIds: [agentId] } })).ok()).toBeTruthy();
  return { session, agentId, conversationId, mcpId };
}

function pages(agentId: string, conversationId: string, mcpId: string): string[] {
  const dashboard = [
    '', '/overview', '/agents', '/agents/create', '/agents/create?start=template', '/agents/create?start=generate', `/agents/${agentId}`, `/agents/${agentId}?tab=tools`,
    `/agents/${agentId}/edit`,
    `/agents/${agentId}/chat`, '/conversations', '/conversations/all', `/conversations/${conversationId}`, '/conversations/live',
    `/conversations/live?c=${conversationId}`, '/conversations/voice', '/conversations/phone', '/chat', '/flow', '/voice-flows', '/mcp', '/mcp/create',
    '/mcp/import', `/mcp/edit/${mcpId}`, '/orchestration', '/workflows', '/workflows/create', '/workflows/1', '/workflows/1/edit', '/webhooks', '/marketplace',
    '/collaboration', '/integrations', '/integrations/elevenlabs', '/integrations/twilio', '/twilio', '/integrations/api-docs', '/integrations/webhooks',
    '/integrations/embeddable', '/gemini', '/settings', '/settings/team', '/help', '/test', '/analytics', '/teams',
  ].map((p) => `/dashboard${p}`);
  const admin = ['', '/users', '/api-keys', '/audit-logs', '/configuration', '/subscriptions'].map((p) => `/admin${p}`);
  return [...dashboard, `/user/chat/${agentId}`, ...admin];
}

const PUBLIC = [
  '/', '/home', '/about', '/contact', '/platform', '/blog', '/features', '/pricing', '/demo', '/automate', '/sales', '/sdr', '/customer-success', '/ecommerce',
  '/login', '/login?expired=true', '/signup', '/register', '/forgot-password', '/reset-password?token=abc', `/verify-email?token=${'0'.repeat(64)}`, '/no-such-page',
];

/**
 * Counts the page's HTTP requests in flight (the realtime socket is not one of them), so a check
 * waits for the page's own work (its lazy chunks, translations and queries) instead of for
 * `networkidle`, which adds 500 ms to every page.
 */
function trackRequests(page: Page) {
  let inFlight = 0;
  let changedAt = Date.now();
  const change = (by: number) => {
    inFlight += by;
    changedAt = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return {
    /** Resolves once no request has been in flight for `quietMs`. */
    async quiet(quietMs: number) {
      const deadline = Date.now() + 15_000;
      while (inFlight > 0 || Date.now() - changedAt < quietMs) {
        if (Date.now() > deadline) throw new Error(`${inFlight} request(s) still in flight after 15 s`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

type Requests = ReturnType<typeof trackRequests>;

/**
 * Ready to check: the page's requests are done, its fonts loaded, it has rendered, and no spinner
 * is left (the app still starting, a lazy part or a query still loading).
 */
async function settle(page: Page, requests: Requests) {
  await requests.quiet(100);
  await page.waitForFunction(() => document.fonts.status === 'loaded' && !!document.querySelector('#root > *') && !document.querySelector('.animate-spin'), undefined, {
    timeout: 10_000,
  });
  // What the last render asked for (a chart, the account menu), then a painted frame.
  await requests.quiet(50);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * Opens `url` in the running app as a link would (React Router follows the history), without a
 * reload: each check costs the page's own work, not the app's start.
 */
async function visit(page: Page, requests: Requests, url: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await settle(page, requests);
}

async function check(page: Page, requests: Requests, url: string, found: Record<string, unknown>) {
  await visit(page, requests, url);
  const v = await violations(page);
  if (v.length) found[url] = v;
}

test.describe('accessibility (axe)', () => {
  // The four variants run in parallel workers (the `axe` project of playwright.config.ts), each
  // with its own admin, agent, conversation and team.
  test.describe.configure({ mode: 'parallel' });

  let data: Awaited<ReturnType<typeof prepare>>;

  test.beforeAll(async ({ request }) => {
    data = await prepare(request);
  });

  for (const { theme, lang } of variants) {
    test(`every page has no serious or critical violation (${theme}, ${lang})`, async ({ page }) => {
      test.setTimeout(600_000);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.addInitScript(
        ([t, l]) => {
          localStorage.setItem('theme', t);
          localStorage.setItem('i18nextLng', l);
        },
        [theme, lang],
      );
      const requests = trackRequests(page);
      const found: Record<string, unknown> = {};

      // Signed out: the app starts once, then goes from page to page.
      await page.goto('/');
      await settle(page, requests);
      for (const url of PUBLIC) await check(page, requests, url, found);

      // Signed in (an admin): the app starts again with the session, then every other page.
      await storeSession(page, data.session);
      await page.goto('/dashboard');
      await settle(page, requests);
      for (const url of pages(data.agentId, data.conversationId, data.mcpId)) await check(page, requests, url, found);

      // Open states: an MCP server opened in its list, the new API key dialog, the account menu, a
      // confirmation, the share dialog.
      await visit(page, requests, '/dashboard/mcp');
      await page.locator('[data-testid="mcp-server-row"] button[aria-expanded]').first().click();
      const mcpRow = await violations(page);
      if (mcpRow.length) found['MCP server details'] = mcpRow;
      await visit(page, requests, '/dashboard/integrations/api-docs');
      await page.locator('section[aria-labelledby="api-keys-title"] button').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      const keyDialog = await violations(page);
      if (keyDialog.length) found['API key dialog'] = keyDialog;
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await visit(page, requests, `/dashboard/agents/${data.agentId}`);
      await page.locator('header button[aria-haspopup="true"], header button[aria-haspopup="menu"]').first().click();
      await expect(page.getByRole('menu')).toBeVisible();
      const menu = await violations(page);
      if (menu.length) found['account menu'] = menu;
      await page.keyboard.press('Escape');
      await page.locator('section[aria-labelledby="actions-title"]').getByRole('button').last().click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      const confirm = await violations(page);
      if (confirm.length) found['delete confirmation'] = confirm;
      await page.keyboard.press('Escape');
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await page.locator('section[aria-labelledby="actions-title"]').getByRole('button').nth(-2).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settle(page, requests);
      const share = await violations(page);
      if (share.length) found['share dialog'] = share;

      expect(found, JSON.stringify(found, null, 2)).toEqual({});
    });
  }
});
