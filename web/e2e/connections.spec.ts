import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn, wearLook } from './helpers';

// The integrations catalogue and the Gemini page against the real server: the statuses come from
// its answers (a fresh user's services, an MCP server and an API key made through the API), the
// user saves their own Gemini key on /dashboard/gemini (never tried: the test machine does not
// reach Google) and switches an agent to Gemini, which the server then reports. With
// SCREENSHOTS=1 both pages are also shot in light, dark and Arabic.

type Made = { token: string; agentId: string };

/** What the pages show: an MCP server (never reached), an API key, and an agent on OpenAI. */
async function prepare(page: Page, request: APIRequestContext, tag: string): Promise<Made> {
  const token = await signIn(page, request, tag);
  const headers = { Authorization: `Bearer ${token}` };
  const mcp = await request.post('/api/mcp', {
    headers,
    data: { name: 'Kettle catalogue', description: 'Looks kettles up.', transport: 'streamable_http', url: 'https://mcp.example.com/mcp' },
  });
  expect(mcp.ok(), await mcp.text()).toBeTruthy();
  const key = await request.post('/api/api-keys', { headers, data: { name: 'Kettle website' } });
  expect(key.ok(), await key.text()).toBeTruthy();
  const agent = await request.post('/api/agents', {
    headers,
    data: { name: 'Kettle support', description: 'Answers questions about kettles.', model: { provider: 'openai', model: 'gpt-4o-mini' } },
  });
  expect(agent.ok(), await agent.text()).toBeTruthy();
  return { token, agentId: ((await agent.json()) as { data: { id: string } }).data.id };
}

const entry = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

test('the catalogue shows the server’s statuses, and the Gemini page connects Gemini and switches an agent to it', async ({ page, request }) => {
  test.setTimeout(60_000);
  const { token, agentId } = await prepare(page, request, 'connections');

  await page.goto('/dashboard/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(entry(page, 'OpenAI').getByText('Not connected')).toBeVisible();
  await expect(entry(page, 'Gemini').getByText('Not connected')).toBeVisible();
  await expect(entry(page, 'Slack').getByRole('link', { name: 'Set up Slack' })).toHaveAttribute('href', '/dashboard/settings?service=slack#integrations');
  // The MCP server was never tested: there, but not connected.
  await expect(entry(page, 'MCP tools').getByText('0 connected')).toBeVisible();
  await expect(entry(page, 'MCP tools').getByText('1 server')).toBeVisible();
  await expect(entry(page, 'API keys').getByText('1 active key')).toBeVisible();
  // The channels built on webhooks, and the widget.
  await expect(entry(page, 'Webhooks').getByText('None yet')).toBeVisible();
  await expect(entry(page, 'Embeddable widget').getByRole('link').first()).toHaveAttribute('href', '/dashboard/integrations/embeddable');
  await expect(page.getByRole('article')).toHaveCount(16);

  await page.getByRole('searchbox', { name: 'Search integrations' }).fill('tele');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(entry(page, 'Telegram')).toBeVisible();
  await expect(page).toHaveURL(/\?q=tele$/);
  await page.getByRole('searchbox', { name: 'Search integrations' }).fill('');
  await expect(page.getByRole('article')).toHaveCount(16);

  // From the catalogue to the Gemini page.
  await entry(page, 'Gemini').getByRole('link', { name: 'Use for an agent' }).click();
  await expect(page).toHaveURL(/\/dashboard\/gemini$/);
  const connection = page.getByRole('region', { name: 'Your Gemini connection' });
  await expect(connection.getByTestId('gemini-status').getByText('Not connected')).toBeVisible();
  const agents = page.getByRole('region', { name: 'Use Gemini for an agent' });
  await expect(agents.getByText(/Neither you nor the server has a Gemini connection/)).toBeVisible();

  const form = connection.getByRole('form', { name: 'Gemini credentials' });
  await form.getByLabel('API key', { exact: true }).fill('AIza-e2e-my-own-key');
  await form.getByLabel('Model', { exact: true }).fill('gemini-2.0-flash');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Gemini saved')).toBeVisible();
  await expect(connection.getByTestId('gemini-status').getByText('Connected', { exact: true })).toBeVisible();
  await expect(form.getByTestId('secret-status').first()).toContainText('…-key');
  await expect(agents.getByText(/Neither you nor the server has a Gemini connection/)).toHaveCount(0);

  // The agent names OpenAI: switched to Gemini, without OpenAI's model name.
  await expect(agents.getByRole('combobox', { name: 'Agent' })).toHaveValue(agentId);
  const current = agents.getByTestId('agent-provider');
  await expect(current).toContainText('OpenAI');
  await expect(current).toContainText('gpt-4o-mini');
  await agents.getByRole('button', { name: 'Use Gemini for this agent' }).click();
  await expect(page.getByText('Kettle support now uses Gemini')).toBeVisible();
  await expect(current).toContainText('Gemini');
  await expect(agents.getByRole('button', { name: 'Use Gemini for this agent' })).toBeDisabled();
  const saved = await request.get(`/api/agents/${agentId}`, { headers: { Authorization: `Bearer ${token}` } });
  const model = ((await saved.json()) as { data: { model: { provider: string | null; model: string | null } } }).data.model;
  expect(model.provider).toBe('gemini');
  expect(model.model ?? null).toBeNull();

  // Read again from the server: Gemini is connected in the catalogue too.
  await page.goto('/dashboard/marketplace');
  await expect(entry(page, 'Gemini').getByText('Connected', { exact: true })).toBeVisible();
  await expect(entry(page, 'Gemini').getByRole('link', { name: 'Manage Gemini' })).toBeVisible();
  await expect(entry(page, 'OpenAI').getByText('Not connected')).toBeVisible();

  // An entry's link opens its service's form in Settings › Integrations, scrolled to.
  await entry(page, 'Slack').getByRole('link', { name: 'Set up Slack' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?service=slack#integrations$/);
  const slack = page.getByRole('form', { name: 'Slack credentials' });
  await expect(slack.getByLabel('Bot token', { exact: true })).toBeVisible();
  await expect(page.getByTestId('integration-slack')).toBeInViewport();
});

test.describe('screens', () => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');

  for (const v of [
    { name: 'light', theme: 'light', lang: 'en' },
    { name: 'dark', theme: 'dark', lang: 'en' },
    { name: 'ar', theme: 'light', lang: 'ar' },
  ] as const) {
    test(`the catalogue and the Gemini page in ${v.name}`, async ({ page, request }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width: 1280, height: 900 });
      await wearLook(page, v);
      const { token } = await prepare(page, request, `shots-connections-${v.name}`);
      // Saved through the API, so the words on screen may be in any language.
      const saved = await request.put('/api/settings/integrations/gemini', { headers: { Authorization: `Bearer ${token}` }, data: { apiKey: 'AIza-e2e-my-own-key' } });
      expect(saved.ok(), await saved.text()).toBeTruthy();

      await page.goto('/dashboard/integrations');
      // Found by their place, not their words, which are the variant's language.
      await expect(page.getByTestId('catalogue-gemini').locator('[data-tone="on"]')).toBeVisible();
      await expect(page.getByTestId('catalogue-api-keys').locator('[data-tone="on"]')).toBeVisible();
      await page.screenshot({ path: `test-results/screens/catalogue-${v.name}.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `test-results/screens/catalogue-mobile-${v.name}.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });

      await page.goto('/dashboard/gemini');
      await expect(page.getByTestId('gemini-status').locator('[data-tone="on"]')).toBeVisible();
      await expect(page.getByTestId('agent-provider')).toBeVisible();
      await page.screenshot({ path: `test-results/screens/gemini-${v.name}.png`, fullPage: true });
    });
  }
});
