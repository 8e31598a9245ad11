import { expect, test, type Page } from '@playwright/test';
import { signIn, wearLook } from './helpers';

// Settings › Integrations end to end, on the tools server of playwright.config.ts: its outbound
// calls may reach this machine (AGENTFORGE_OUTBOUND_ALLOW_PRIVATE), where the OpenAI-compatible
// stand-in (e2e/stand-ins/openai.mjs) answers chat completions with any key. A user connects their
// own OpenAI (the stand-in), tries it before saving, saves it; a Slack bot token of the wrong shape
// is refused beside its field. With SCREENSHOTS=1 the section is also shot in light, dark and Arabic.

const port = Number(process.env.AGENTFORGE_E2E_PORT ?? 18080);
const standIn = `http://127.0.0.1:${Number(process.env.AGENTFORGE_E2E_MODEL_PORT ?? port + 2)}/v1`;

const section = (page: Page) => page.getByRole('region', { name: 'Integrations' });

/** Connects the user's OpenAI to the stand-in: tested first (unsaved), then saved. */
async function connectOpenAi(page: Page) {
  const integrations = section(page);
  const row = integrations.getByTestId('integration-openai');
  await expect(row.getByText('Not connected')).toBeVisible();
  // The tools server runs on its own OpenAI-compatible model, which agents fall back on.
  await expect(row.getByText("Uses the server's connection")).toBeVisible();

  await integrations.getByRole('button', { name: 'OpenAI', exact: true }).click();
  const form = integrations.getByRole('form', { name: 'OpenAI credentials' });
  await form.getByLabel('API key', { exact: true }).fill('sk-e2e-my-own-key');
  await form.getByLabel('API address', { exact: true }).fill(standIn);
  await form.getByRole('button', { name: 'Test connection' }).click();
  const result = form.getByTestId('connection-result');
  await expect(result).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });
  await expect(result).toContainText('The connection works');

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('OpenAI saved')).toBeVisible();
  await expect(row.getByText('Connected', { exact: true })).toBeVisible();
  await expect(row.getByText(/^Saved by /)).toBeVisible();
  await expect(row.getByText("Uses the server's connection")).toHaveCount(0);
  // The key is kept sealed: the form shows it set, by its last characters, and never its value.
  await expect(form.getByLabel('API key', { exact: true })).toHaveValue('');
  await expect(form.getByTestId('secret-status').first()).toContainText('…-key');
  return form;
}

/** Types a bot token Slack never issues and saves: the server's message lands on the field. */
async function refuseSlackToken(page: Page) {
  const integrations = section(page);
  await integrations.getByRole('button', { name: 'Slack', exact: true }).click();
  const form = integrations.getByRole('form', { name: 'Slack credentials' });
  await form.getByLabel('Bot token', { exact: true }).fill('not-a-bot-token');
  await form.getByLabel('Signing secret', { exact: true }).fill('8f14e45fceea167a5a36dedd4bea2543');
  await form.getByRole('button', { name: 'Save' }).click();
  const token = form.getByLabel('Bot token', { exact: true });
  await expect(token).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('A Slack bot token starts with xoxb-')).toBeVisible();
  await expect(integrations.getByTestId('integration-slack').getByText('Not connected')).toBeVisible();
  return form;
}

test('a user connects their own OpenAI, tests it before saving, and sees a wrong Slack bot token refused', async ({ page, request }) => {
  test.setTimeout(60_000);
  await signIn(page, request, 'integrations');
  await page.goto('/dashboard/settings#integrations');
  await expect(section(page).getByRole('table', { name: 'Services, and whether each is connected' })).toBeVisible();
  await connectOpenAi(page);
  await refuseSlackToken(page);

  // Read again from the server: still connected.
  await page.reload();
  await expect(section(page).getByTestId('integration-openai').getByText('Connected', { exact: true })).toBeVisible();
});

test.describe('screens', () => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');

  for (const v of [
    { name: 'light', theme: 'light', lang: 'en' },
    { name: 'dark', theme: 'dark', lang: 'en' },
    { name: 'ar', theme: 'light', lang: 'ar' },
  ] as const) {
    test(`the integrations in ${v.name}`, async ({ page, request }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width: 1280, height: 900 });
      await wearLook(page, v);
      const token = await signIn(page, request, `shots-integrations-${v.name}`);
      // Saved through the API, so the words on screen may be in any language.
      const saved = await request.put('/api/settings/integrations/openai', { headers: { Authorization: `Bearer ${token}` }, data: { apiKey: 'sk-e2e-my-own-key', baseUrl: standIn } });
      expect(saved.ok(), await saved.text()).toBeTruthy();
      await page.goto('/dashboard/settings#integrations');
      // Found by their place, not their words, which are the variant's language.
      const card = page.locator('#integrations');
      await expect(card.locator('table')).toBeVisible();
      const toggles = card.locator('tbody button[aria-expanded]');
      await toggles.nth(0).click();
      const openai = card.locator('form').first();
      await openai.locator('button[type="button"]').filter({ has: page.locator('svg.lucide-plug-zap') }).click();
      await expect(openai.getByTestId('connection-result')).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });
      await card.screenshot({ path: `test-results/screens/integrations-${v.name}.png` });
      await toggles.nth(4).click();
      const slack = card.locator('form').nth(1);
      await slack.locator('input[name="botToken"]').fill('not-a-bot-token');
      await slack.locator('button[type="submit"]').click();
      await expect(slack.locator('input[name="botToken"]')).toHaveAttribute('aria-invalid', 'true');
      await slack.screenshot({ path: `test-results/screens/integrations-slack-${v.name}.png` });
      await page.screenshot({ path: `test-results/screens/integrations-page-${v.name}.png`, fullPage: true });
    });
  }
});
