import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test as base, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { storeSession, uniqueEmail, type Session } from './helpers';

// The embeddable widget end to end, on the main server (whose agents answer with the built-in
// responder): an agent made active, deployed and given a widget through the API, then the real
// /widget.js on foreign pages served by Playwright (http://shop.test, whose Origin the widget
// allows, and http://evil.test, which it does not): the launcher, the greeting and suggestion, a
// streamed answer, the conversation again after a reload, nothing on a refused site, Arabic
// right to left, and the page's CSS kept out; then the dashboard's screen, whose live preview
// chats once this dashboard is allowed. With SCREENSHOTS=1 the open widget is also shot in
// English and Arabic, and the screen in light, dark and Arabic, to test-results/screens/.

// The foreign sites are pages Playwright makes up, which Chromium counts as public and not secure,
// and the server listens on this machine: Chromium's Local Network Access checks would block
// their calls to it (a real site and a real server are both on the internet). Their browser runs
// without those checks; everything else is as configured.
const test = base.extend<{ site: Page }, { siteBrowser: Browser }>({
  siteBrowser: [
    // (`provide` is Playwright's `use`, named so that the React hooks lint does not take it for React's.)
    async ({ playwright, browserName, launchOptions }, provide) => {
      const browser = await playwright[browserName].launch({ ...launchOptions, args: [...(launchOptions.args ?? []), '--disable-features=LocalNetworkAccessChecks'] });
      await provide(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  site: async ({ siteBrowser }, provide) => {
    const context = await siteBrowser.newContext();
    await provide(await context.newPage());
    await context.close();
  },
});

const SHOP = 'http://shop.test';
const EVIL = 'http://evil.test';
const GREETING = 'Hello! Ask me about our opening hours.';

type Made = { token: string; session: Session; agentId: string };

/** A fresh account with an active agent deployed to production, its widget on for http://shop.test. */
async function widgetAgent(request: APIRequestContext): Promise<Made> {
  const email = uniqueEmail('widget');
  const reg = await request.post('/api/auth/register', { data: { email, password: 'widget-e2e-password', firstName: 'Wanda', lastName: 'Widget' } });
  expect(reg.ok(), await reg.text()).toBeTruthy();
  const session = ((await reg.json()) as { data: Session }).data;
  const token = session.token;
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/agents', {
    headers,
    data: { name: 'Shop assistant', description: 'Answers questions about the shop.', greeting: GREETING, status: 'active' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const agentId = ((await created.json()) as { data: { id: string } }).data.id;
  const deployed = await request.post(`/api/agents/${agentId}/deploy`, { headers, data: { environment: 'production' } });
  expect(deployed.ok(), await deployed.text()).toBeTruthy();
  const widget = await request.put(`/api/agents/${agentId}/widget`, {
    headers,
    data: {
      enabled: true,
      allowedOrigins: [SHOP],
      color: '#0ea5e9',
      position: 'bottom-right',
      icon: 'chat',
      title: 'Shop help',
      avatarUrl: null,
      greeting: '',
      suggestedQuestions: ['What are your hours?'],
      visitorMessagesPerMinute: 30,
      ipMessagesPerMinute: 60,
    },
  });
  expect(widget.ok(), await widget.text()).toBeTruthy();
  const out = ((await widget.json()) as { data: { ready: boolean; notReadyReason: string | null } }).data;
  expect(out, 'the widget is ready to answer').toMatchObject({ ready: true, notReadyReason: null });
  return { token, session, agentId };
}

/** Serves `origin`'s pages (any path) as a page carrying the widget's tag, with `lang` and extra `head`. */
async function serveSite(page: Page, baseURL: string, origin: string, agentId: string, { lang = 'en', head = '' } = {}) {
  await page.route(`${origin}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Shop</title>${head}</head><body><h1>Shop</h1><p>Kettles and teapots.</p><script src="${baseURL}/widget.js" data-agent-id="${agentId}" async></script></body></html>`,
    }),
  );
}

let made: Made;

test.describe('embeddable widget', () => {
  test.beforeAll(async ({ request }) => {
    made = await widgetAgent(request);
  });

  test('on an allowed site: greeting, suggestion, a streamed answer, and the conversation again after a reload', async ({ site: page, baseURL, request }) => {
    test.setTimeout(60_000);
    await serveSite(page, baseURL!, SHOP, made.agentId);
    await page.goto(`${SHOP}/`);

    const launcher = page.getByRole('button', { name: 'Open chat' });
    await expect(launcher).toBeVisible();
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');
    await launcher.click();

    const panel = page.getByRole('dialog', { name: 'Shop help' });
    await expect(panel).toBeVisible();
    const log = panel.getByRole('log');
    // The widget's greeting is empty: the agent's own greeting is shown.
    await expect(log.locator('[data-role="assistant"]').first()).toHaveText(GREETING);
    const input = panel.getByRole('textbox', { name: 'Your message' });
    await expect(input).toBeFocused();

    // A suggested question is sent as it is; the answer streams in (the built-in responder quotes the agent's greeting when it knows nothing).
    await panel.getByRole('button', { name: 'What are your hours?' }).click();
    await expect(log.locator('[data-role="user"]')).toHaveText(['What are your hours?']);
    const answer = log.locator('[data-role="assistant"]').nth(1);
    await expect(answer).not.toHaveAttribute('aria-busy', 'true', { timeout: 20_000 });
    await expect(answer).not.toHaveText('');
    await expect(panel.getByRole('button', { name: 'What are your hours?' })).toHaveCount(0);
    const firstAnswer = (await answer.textContent()) ?? '';

    // A message typed: Enter sends.
    await input.fill('Do you sell teapots?');
    await input.press('Enter');
    await expect(log.locator('[data-role="user"]')).toHaveText(['What are your hours?', 'Do you sell teapots?']);
    await expect(log.locator('[data-role="assistant"]')).toHaveCount(3);
    await expect(log.locator('[data-role="assistant"]').last()).not.toHaveAttribute('aria-busy', 'true', { timeout: 20_000 });
    await expect(log.locator('[data-role="error"]')).toHaveCount(0);

    // Escape closes and gives the focus back to the launcher.
    await input.press('Escape');
    await expect(panel).toBeHidden();
    await expect(launcher).toBeFocused();

    // After a reload, the same visitor sees the same conversation.
    const visitor = await page.evaluate(() => localStorage.getItem('agentforge.widget.visitor'));
    expect(visitor).toMatch(/^v_[A-Za-z0-9_-]{16,64}$/);
    await page.reload();
    await page.getByRole('button', { name: 'Open chat' }).click();
    const again = page.getByRole('dialog', { name: 'Shop help' }).getByRole('log');
    await expect(again.locator('[data-role="user"]')).toHaveText(['What are your hours?', 'Do you sell teapots?']);
    await expect(again.locator('[data-role="assistant"]')).toHaveCount(3);
    await expect(again.locator('[data-role="assistant"]').nth(1)).toHaveText(firstAnswer);
    expect(await page.evaluate(() => localStorage.getItem('agentforge.widget.visitor'))).toBe(visitor);

    // The conversation is on the agent's widget channel for its owner.
    const conversations = await request.get(`/api/conversations?agentId=${made.agentId}`, { headers: { Authorization: `Bearer ${made.token}` } });
    expect(conversations.ok()).toBeTruthy();
    expect(JSON.stringify(await conversations.json())).toContain('widget');
  });

  test('on a site whose origin is not allowed, nothing is shown', async ({ site: page, baseURL }) => {
    await serveSite(page, baseURL!, EVIL, made.agentId);
    const warned = page.waitForEvent('console', { predicate: (m) => m.type() === 'warning' && m.text().includes('[AgentForge]'), timeout: 10_000 });
    const script = page.waitForResponse((r) => r.url().endsWith('/widget.js'));
    await page.goto(`${EVIL}/`);
    expect((await script).ok()).toBeTruthy();
    await warned;
    await expect(page.getByRole('heading', { name: 'Shop' })).toBeVisible();
    await expect(page.locator('agentforge-widget')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open chat' })).toHaveCount(0);
  });

  test('on an Arabic page, it speaks Arabic right to left, its launcher still in its corner', async ({ site: page, baseURL }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await serveSite(page, baseURL!, SHOP, made.agentId, { lang: 'ar' });
    await page.goto(`${SHOP}/`);
    const launcher = page.getByRole('button', { name: 'فتح المحادثة' });
    await expect(launcher).toBeVisible();
    const box = (await launcher.boundingBox())!;
    // bottom-right, whatever the direction.
    expect(box.x).toBeGreaterThan(1280 - 100);
    expect(box.y).toBeGreaterThan(800 - 100);
    await launcher.click();
    const panel = page.getByRole('dialog', { name: 'Shop help' });
    await expect(panel).toBeVisible();
    await expect(page.locator('agentforge-widget .root')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('agentforge-widget .root')).toHaveAttribute('lang', 'ar');
    await expect(panel.getByRole('textbox', { name: 'رسالتك' })).toHaveAttribute('placeholder', 'اكتب رسالة…');
    await expect(panel.getByRole('button', { name: 'إرسال' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'إغلاق', exact: true })).toBeVisible();
    await expect(panel.getByText('مدعوم من AgentForge')).toBeVisible();
    // Mirrored: the close button is at the header's left end, the title to its right.
    const close = (await panel.getByRole('button', { name: 'إغلاق', exact: true }).boundingBox())!;
    const title = (await panel.locator('.title').boundingBox())!;
    expect(close.x).toBeLessThan(title.x);
  });

  test("the page's CSS does not change the widget's text", async ({ site: page, baseURL }) => {
    const hostile = `<style>* { color: red !important; font-size: 40px !important; font-family: serif !important; line-height: 3 !important }
      agentforge-widget, div, button { display: none !important; transform: scale(2) !important }</style>`;
    await serveSite(page, baseURL!, SHOP, made.agentId, { head: hostile });
    await page.goto(`${SHOP}/`);
    const launcher = page.getByRole('button', { name: 'Open chat' });
    await expect(launcher).toBeVisible();
    await launcher.click();
    const greeting = page.getByRole('dialog', { name: 'Shop help' }).locator('[data-role="assistant"]').first();
    await expect(greeting).toHaveText(GREETING);
    const style = await greeting.evaluate((el) => {
      const s = getComputedStyle(el);
      return { color: s.color, fontSize: s.fontSize, fontFamily: s.fontFamily, display: getComputedStyle(el.getRootNode() instanceof ShadowRoot ? (el.getRootNode() as ShadowRoot).host : el).display };
    });
    expect(style.color).toBe('rgb(24, 24, 27)');
    expect(style.fontSize).toBe('14px');
    expect(style.fontFamily).not.toBe('serif');
    expect(style.display).toBe('block');
    // The page's own text did take its CSS.
    expect(await page.getByRole('heading', { name: 'Shop' }).evaluate((el) => getComputedStyle(el).fontSize)).toBe('40px');
  });

  test('the script is at most 30 KB gzipped', async ({ request }) => {
    const served = await request.get('/widget.js', { headers: { 'Accept-Encoding': 'identity' } });
    expect(served.ok()).toBeTruthy();
    expect(served.headers()['content-type']).toMatch(/javascript/);
    const body = await served.body();
    // The file served is the one built into web/dist.
    expect(body.equals(readFileSync(new URL('../dist/widget.js', import.meta.url)))).toBe(true);
    const gzipped = gzipSync(body, { level: 9 }).length;
    expect(gzipped, `widget.js is ${gzipped} bytes gzipped`).toBeLessThanOrEqual(30 * 1024);
  });

  test('screenshots of the open widget in English and Arabic', async ({ site: page, baseURL }) => {
    test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');
    for (const lang of ['en', 'ar']) {
      await page.unrouteAll();
      await serveSite(page, baseURL!, SHOP, made.agentId, { lang });
      await page.setViewportSize({ width: 1100, height: 760 });
      await page.goto(`${SHOP}/`);
      await page.locator('agentforge-widget .launcher').click();
      const log = page.locator('agentforge-widget .log');
      await expect(log.locator('[data-role="assistant"]').first()).toBeVisible();
      // A conversation to show: the first visit sends the suggestion; the Arabic one finds it again.
      if (lang === 'en') await page.locator('agentforge-widget .chip').click();
      await expect(log.locator('[data-role="assistant"]').nth(1)).not.toHaveAttribute('aria-busy', 'true', { timeout: 20_000 });
      await page.locator('agentforge-widget textarea').fill(lang === 'ar' ? 'متى تفتحون؟' : 'When do you open?');
      await page.screenshot({ path: `test-results/screens/widget-${lang}.png` });
      await page.setViewportSize({ width: 390, height: 760 });
      await page.screenshot({ path: `test-results/screens/widget-mobile-${lang}.png` });
    }
  });
  // Last: it adds this dashboard's origin to the widget's.
  test('the dashboard screen: the tag to paste, and a message sent from the live preview once this dashboard is allowed', async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    await page.goto('/');
    await storeSession(page, made.session);
    await page.goto(`/dashboard/integrations/embeddable?agentId=${made.agentId}`);
    const form = page.getByRole('form', { name: 'Widget settings of Shop assistant' });
    await expect(form).toBeVisible();
    await expect(page.getByText('The widget is on and answers on the allowed origins below.')).toBeVisible();
    await expect(page.getByTestId('widget-snippet')).toContainText(`/widget.js" data-agent-id="${made.agentId}" async></script>`);
    await expect(form.getByRole('textbox', { name: 'Allowed origin 1' })).toHaveValue(SHOP);
    await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue('Shop help');

    // The preview shows the look at once; chatting needs this dashboard's origin, added and saved in one click.
    const preview = page.frameLocator('iframe[title="Widget preview"]');
    await expect(preview.getByRole('dialog', { name: 'Shop help' })).toBeVisible();
    await page.getByRole('button', { name: 'Allow this dashboard for preview' }).click();
    await expect(page.getByText('Widget saved')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Allowed origin 2' })).toHaveValue(new URL(baseURL!).origin);
    await expect(page.getByText("Messages sent here are answered by the agent's production version, as on your site.")).toBeVisible();
    const input = preview.getByRole('textbox', { name: 'Your message' });
    await input.fill('Do you sell teapots?');
    await input.press('Enter');
    const answer = preview.locator('[data-role="assistant"]').nth(1);
    await expect(answer).not.toHaveAttribute('aria-busy', 'true', { timeout: 20_000 });
    await expect(answer).not.toHaveText('');
    await expect(preview.locator('[data-role="error"]')).toHaveCount(0);

    // A look changed in the form shows in the preview before it is saved.
    await form.getByRole('textbox', { name: 'Title' }).fill('Teapot help');
    await expect(preview.getByRole('dialog', { name: 'Teapot help' })).toBeVisible();

    if (!process.env.SCREENSHOTS) return;
    await form.getByRole('button', { name: 'Discard' }).click();
    for (const v of [
      { name: 'light', theme: 'light', lang: 'en' },
      { name: 'dark', theme: 'dark', lang: 'en' },
      { name: 'ar', theme: 'light', lang: 'ar' },
    ]) {
      await page.evaluate(([theme, lang]) => {
        localStorage.setItem('theme', theme);
        localStorage.setItem('i18nextLng', lang);
      }, [v.theme, v.lang]);
      await page.setViewportSize({ width: 1440, height: 1000 });
      await page.reload();
      await expect(page.getByTestId('widget-snippet')).toBeVisible();
      await expect(page.frameLocator('iframe').locator('agentforge-widget .panel')).toBeVisible();
      await page.screenshot({ path: `test-results/screens/embeddable-${v.name}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/screens/embeddable-mobile-ar.png', fullPage: true });
  });
});
