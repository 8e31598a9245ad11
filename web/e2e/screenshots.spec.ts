import { expect, test, type Page } from '@playwright/test';
import type { components } from '../src/lib/api-types';
import { storeSession, type Session } from './helpers';

type MessageOut = components['schemas']['MessageOut'];

// Screens of the accounts pages in light, dark and Arabic, for a person to look at.
// Runs only with SCREENSHOTS=1 (writes PNGs under test-results/screens).
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');

const variants = [
  { name: 'light', theme: 'light', lang: 'en' },
  { name: 'dark', theme: 'dark', lang: 'en' },
  { name: 'ar', theme: 'light', lang: 'ar' },
] as const;

async function prepare(page: Page, theme: string, lang: string) {
  await page.addInitScript(
    ([t, l]) => {
      localStorage.setItem('theme', t);
      localStorage.setItem('i18nextLng', l);
    },
    [theme, lang],
  );
}

test.describe.serial('screenshots', () => {
  const email = `shots-${Date.now().toString(36)}@example.com`;
  const password = 'screenshot-pass';

  test('accounts screens', async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const reg = await request.post('/api/auth/register', { data: { email, password, firstName: 'Sam', lastName: 'Shots' } });
    expect(reg.ok()).toBeTruthy();
    const { data } = (await reg.json()) as { data: { token: string; refreshToken: string; user: unknown } };

    for (const v of variants) {
      await prepare(page, v.theme, v.lang);
      const shot = (n: string) => page.screenshot({ path: `test-results/screens/${n}-${v.name}.png`, fullPage: true });

      await page.goto('/login?expired=true');
      await page.waitForLoadState('networkidle');
      await shot('login-expired');

      await page.goto('/signup');
      await page.waitForLoadState('networkidle');
      await page.locator('input[autocomplete="name"]').fill('Sam Shots');
      await page.locator('input[type="email"]').fill(email);
      await page.locator('input[type="password"]').fill(password);
      await page.locator('button[type="submit"]').click();
      await expect(page.locator('input[type="email"]')).toHaveAttribute('aria-invalid', 'true');
      await shot('signup-errors');

      await page.goto('/forgot-password');
      await page.waitForLoadState('networkidle');
      await shot('forgot-password');

      await page.goto('/reset-password?token=abc');
      await page.waitForLoadState('networkidle');
      await page.locator('input[type="password"]').nth(0).fill('new-password');
      await page.locator('input[type="password"]').nth(1).fill('other-password');
      await page.locator('button[type="submit"]').click();
      await shot('reset-password');

      await page.goto('/verify-email?token=' + '0'.repeat(64));
      await page.waitForLoadState('networkidle');
      await shot('verify-email');

      await storeSession(page, data);
      await page.goto('/dashboard/settings');
      await page.waitForLoadState('networkidle');
      await shot('settings');
      await page.locator('button.bg-red-600').first().click();
      await shot('settings-delete-dialog');
      await page.evaluate(() => localStorage.clear());
    }
  });
});

test.describe('agent screenshots', () => {
  test('agents screens', async ({ page, request }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const session = async (tag: string) => {
      const reg = await request.post('/api/auth/register', {
        data: { email: `${tag}-${Date.now().toString(36)}@example.com`, password: 'screenshot-pass', firstName: 'Sam', lastName: 'Shots' },
      });
      expect(reg.ok()).toBeTruthy();
      return ((await reg.json()) as { data: { token: string; refreshToken: string; user: unknown } }).data;
    };
    const empty = await session('shots-empty');
    const full = await session('shots-full');
    const auth = { Authorization: `Bearer ${full.token}` };
    const { data: templates } = (await (await request.get('/api/agents/templates', { headers: auth })).json()) as { data: { id: string }[] };
    let firstId = '';
    for (const t of templates) {
      const res = await request.post('/api/agents/from-template', { headers: auth, data: { templateId: t.id } });
      const { data } = (await res.json()) as { data: { id: string } };
      firstId ||= data.id;
    }
    await request.put(`/api/agents/${firstId}`, { headers: auth, data: { greeting: 'Hello again!', status: 'active' } });
    await request.post(`/api/agents/${firstId}/deploy`, { headers: auth, data: { environment: 'production' } });

    const use = async (s: Session) => storeSession(page, s);

    for (const v of variants) {
      await prepare(page, v.theme, v.lang);
      const shot = (n: string) => page.screenshot({ path: `test-results/screens/agents-${n}-${v.name}.png`, fullPage: true });
      const settle = async () => {
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
      };
      await page.goto('/');
      await use(empty);
      await page.goto('/dashboard/agents');
      await settle();
      await shot('list-empty');
      await use(full);
      await page.goto('/dashboard/agents');
      await settle();
      await shot('list');
      await page.locator('tbody input[type=checkbox]').nth(1).check();
      await page.locator('tbody input[type=checkbox]').nth(2).check();
      await shot('list-bulk');
      await page.goto('/dashboard/agents/create');
      await settle();
      await shot('create-scratch');
      await page.locator('button[type=submit]').last().click();
      await shot('create-errors');
      await page.goto('/dashboard/agents/create?start=template');
      await settle();
      await shot('create-template');
      await page.goto('/dashboard/agents/create?start=generate');
      await settle();
      await shot('create-generate');
      await page.locator('textarea').first().fill('A friendly tutor that helps children practise multiplication');
      await page.locator('form button[type=submit]').first().click();
      await page.waitForSelector('form input[name=name]');
      await settle();
      await shot('create-generated');
      await page.goto(`/dashboard/agents/${firstId}`);
      await settle();
      await shot('detail');
      await page.goto(`/dashboard/agents/${firstId}/edit`);
      await settle();
      await shot('edit');
      await page.evaluate(() => localStorage.clear());
    }
  });
});

test.describe('lists and dialogs screenshots', () => {
  test('shared tables, empty states, tabs, menus, comboboxes and confirmations', async ({ page, request }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const reg = await request.post('/api/auth/register', {
      data: { email: `shots-lists-${Date.now().toString(36)}@example.com`, password: 'screenshot-pass', firstName: 'Sam', lastName: 'Shots' },
    });
    expect(reg.ok()).toBeTruthy();
    const s = ((await reg.json()) as { data: { token: string; refreshToken: string; user: unknown } }).data;
    const auth = { Authorization: `Bearer ${s.token}` };
    const created = await request.post('/api/agents', { headers: auth, data: { name: 'Kettle support', description: 'Answers questions about kettles.', status: 'active' } });
    const agentId = ((await created.json()) as { data: { id: string } }).data.id;
    await request.post('/api/agents', { headers: auth, data: { name: 'Returns desk', description: 'Handles returns.', status: 'paused' } });
    await request.post('/api/upload/document', {
      headers: auth,
      multipart: { agentId, file: { name: 'returns.md', mimeType: 'text/markdown', buffer: Buffer.from('# Returns\n\nRefunds are issued within 14 days.\n') } },
    });
    for (const message of ['How long do refunds take?', 'Do you ship abroad?']) {
      await request.post(`/api/agents/${agentId}/chat`, { headers: auth, data: { message, stream: false } });
    }
    await request.post('/api/teams', { headers: auth, data: { name: 'Kettle crew', description: 'Everyone who answers kettle questions.' } });

    for (const v of variants) {
      await prepare(page, v.theme, v.lang);
      const shot = (n: string) => page.screenshot({ path: `test-results/screens/lists-${n}-${v.name}.png`, fullPage: true });
      const settle = async () => {
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
      };
      await page.goto('/');
      await storeSession(page, s);
      await page.goto('/dashboard/agents');
      await settle();
      await page.locator('tbody input[type=checkbox]').first().check();
      await shot('agents');
      await page.locator('[role=region] button.bg-red-600').click();
      await shot('agents-confirm');
      await page.keyboard.press('Escape');
      await page.locator('header button[aria-haspopup]').first().click();
      await shot('account-menu');
      await page.keyboard.press('Escape');
      await page.goto(`/dashboard/agents/${agentId}`);
      await settle();
      await shot('agent');
      await page.goto('/dashboard/agents/create?start=template');
      await settle();
      await shot('create-tabs');
      await page.goto('/dashboard/conversations');
      await settle();
      await page.locator('main').getByRole('combobox').first().click();
      await page.waitForTimeout(300);
      await shot('conversations-combobox');
      await page.goto('/dashboard/conversations/live');
      await settle();
      await shot('live');
      await page.goto('/dashboard/settings/team');
      await settle();
      await shot('team');
      await page.goto('/dashboard/chat');
      await settle();
      await shot('chat');
      await page.evaluate(() => localStorage.clear());
    }
  });
});

test.describe('test panel and message statuses screenshots', () => {
  test('the agent test panel, and answers being written or interrupted', async ({ page, request }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const reg = await request.post('/api/auth/register', {
      data: { email: `shots-test-${Date.now().toString(36)}@example.com`, password: 'screenshot-pass', firstName: 'Sam', lastName: 'Shots' },
    });
    expect(reg.ok()).toBeTruthy();
    const s = ((await reg.json()) as { data: { token: string; refreshToken: string; user: unknown } }).data;
    const auth = { Authorization: `Bearer ${s.token}` };
    const created = await request.post('/api/agents', {
      headers: auth,
      data: { name: 'Kettle support', description: 'Answers questions about kettles.', greeting: 'Hello! Ask me about returns.', status: 'active' },
    });
    const agentId = ((await created.json()) as { data: { id: string } }).data.id;
    await request.post('/api/upload/document', {
      headers: auth,
      multipart: { agentId, file: { name: 'returns.md', mimeType: 'text/markdown', buffer: Buffer.from('# Returns\n\nRefunds are issued within 14 days.\n') } },
    });
    const chat = await request.post(`/api/agents/${agentId}/chat`, { headers: auth, data: { message: 'How long do refunds take?', stream: false } });
    const { data: turn } = (await chat.json()) as { data: { conversationId: string; userMessage: MessageOut; message: MessageOut } };
    // The transcript as the server would have it after a restart mid-answer, and with one answer
    // still being written: the statuses only a stopped or busy server produces.
    const messages: MessageOut[] = [
      turn.userMessage,
      { ...turn.message, content: 'Refunds are issued within', status: 'interrupted', notice: null },
      { ...turn.userMessage, id: 'q2', content: 'And for sale items?' },
      { ...turn.message, id: 'a2', content: 'Sale items follow the same', status: 'streaming', notice: null, citations: [] },
    ];
    await page.route(`**/api/conversations/${turn.conversationId}/messages`, (route) => route.fulfill({ json: { success: true, data: messages } }));

    for (const v of variants) {
      await prepare(page, v.theme, v.lang);
      const shot = (n: string) => page.screenshot({ path: `test-results/screens/test-${n}-${v.name}.png`, fullPage: true });
      const settle = async () => {
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
      };
      await page.goto('/');
      await storeSession(page, s);
      await page.goto(`/dashboard/agents/${agentId}`);
      await settle();
      const panel = page.getByRole('region', { name: /./ }).filter({ has: page.getByTestId('agent-test-panel') });
      await shot('panel-new');
      await page.getByTestId('agent-test-panel').getByTestId('chat-input').fill('How long do refunds take?');
      await page.getByTestId('agent-test-panel').getByTestId('chat-input').press('Enter');
      await expect(page.getByTestId('agent-test-panel').locator('[data-testid="chat-message"][data-role="assistant"]')).toHaveAttribute('data-status', 'complete');
      await page.waitForTimeout(300);
      await panel.screenshot({ path: `test-results/screens/test-panel-${v.name}.png` });
      await shot('agent');
      await page.goto(`/dashboard/conversations/${turn.conversationId}`);
      await settle();
      await shot('transcript');
      await page.goto(`/dashboard/agents/${agentId}/chat`);
      await settle();
      await page.getByTestId('conversation-item').first().click();
      await page.waitForTimeout(500);
      await shot('chat');
      await page.evaluate(() => localStorage.clear());
    }
  });
});
