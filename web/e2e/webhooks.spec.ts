import { createHmac } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn, wearLook } from './helpers';

// A custom webhook end to end, on the main server (whose agents answer with the built-in
// responder): an agent made and deployed through the API, the webhook made in the UI with its
// secret shown once, a real event signed here as Standard Webhooks says (HMAC-SHA256 of
// id.timestamp.body with the whsec_ secret's key) and answered, a bad signature refused, both
// counted on the screen, a test from the panel, then pause (events refused) and delete (the URL
// gone). Then an event endpoint: made in the UI with its secret shown once, pointed at
// `receiver.invalid` (the server refuses private addresses, and .invalid never resolves, so no
// outside receiver is needed), an agent deployed to staging through the API, its agent.deployed
// delivery seen failing in the log with its body and error, and retried by hand. With
// SCREENSHOTS=1 the screen is also shot in light, dark and Arabic, and the endpoints tab in
// English light and Arabic dark.

type Made = { token: string; agentId: string };

/** An active agent deployed to production (webhooks answer with that deployment). */
async function deployedAgent(request: APIRequestContext, token: string, name: string): Promise<string> {
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/agents', {
    headers,
    data: { name, description: 'Answers questions about kettles.', greeting: 'Hello! Ask me about kettles.', status: 'active' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const agentId = ((await created.json()) as { data: { id: string } }).data.id;
  const deployed = await request.post(`/api/agents/${agentId}/deploy`, { headers, data: { environment: 'production' } });
  expect(deployed.ok(), await deployed.text()).toBeTruthy();
  return agentId;
}

/** Posts `payload` to the webhook's URL signed with `secret` (or with `signature` as given). */
async function sendEvent(request: APIRequestContext, url: string, secret: string, payload: unknown, signature?: string) {
  const body = JSON.stringify(payload);
  const id = `msg_e2e_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const timestamp = Math.floor(Date.now() / 1000).toString();
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signed = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  // The URL names the server's public address; the path is what matters here.
  return request.post(new URL(url).pathname, {
    headers: { 'Content-Type': 'application/json', 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature ?? `v1,${signed}` },
    data: body,
  });
}

async function createInUi(page: Page, agentId: string, name: string) {
  await page.getByRole('button', { name: 'New webhook' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New webhook' });
  await dialog.getByLabel('Agent', { exact: true }).selectOption(agentId);
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await expect(dialog.getByRole('radio', { name: 'Custom' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create webhook' }).click();
}

test('a custom webhook: made in the UI, its secret shown once, a signed event answered and counted, tested, paused and deleted', async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await signIn(page, request, 'webhooks');
  const agentId = await deployedAgent(request, token, 'Kettle support');

  await page.goto('/dashboard/webhooks');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByText('No webhooks yet')).toBeVisible();
  await createInUi(page, agentId, 'Website form');

  // The URL and the secret, this once.
  const ready = page.getByRole('dialog', { name: 'Website form is ready' });
  await expect(ready.getByText('Copy the secret now: it will not be shown again.')).toBeVisible();
  const url = await ready.getByLabel('Webhook URL', { exact: true }).inputValue();
  const secret = await ready.getByLabel('Signing secret', { exact: true }).inputValue();
  expect(url).toMatch(/\/api\/hooks\/wh_[A-Za-z0-9_-]{43}$/);
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
  await ready.getByRole('button', { name: 'I have copied it' }).click();
  await expect(ready).toBeHidden();

  // Its panel opens; the secret is not on the page any more, only its last characters.
  await expect(page).toHaveURL(/\?webhook=[0-9a-f-]{36}$/);
  const panel = page.getByTestId('webhook-detail');
  await expect(panel.getByRole('heading', { level: 2, name: 'Website form' })).toBeVisible();
  await expect(panel.getByLabel('Webhook URL', { exact: true })).toHaveValue(url);
  await expect(page.locator(`input[value="${secret}"]`)).toHaveCount(0);
  await expect(panel.getByText(`…${secret.slice(-4)}`)).toBeVisible();
  await expect(panel.getByText('webhook-signature', { exact: true }).first()).toBeVisible();

  // A signed event is answered in the response; a wrong signature is refused and never run.
  const answered = await sendEvent(request, url, secret, { message: 'Do you sell kettles?', senderId: 'e2e-customer' });
  expect(answered.ok(), await answered.text()).toBeTruthy();
  const answer = (await answered.json()) as { conversationId: string; answer: string; citations: unknown[] };
  expect(answer.answer.length).toBeGreaterThan(0);
  expect(answer.conversationId).toMatch(/^[0-9a-f-]{36}$/);
  const forged = await sendEvent(request, url, secret, { message: 'Let me in', senderId: 'mallory' }, 'v1,bm90IHRoZSBzaWduYXR1cmU=');
  expect(forged.status()).toBe(401);

  // The screen counts both, and lists the event with its conversation.
  await page.getByRole('button', { name: 'Refresh', exact: true }).first().click();
  await expect(page.getByTestId('webhook-stat-received-value')).toHaveText('1');
  await expect(page.getByTestId('webhook-stat-rejected-value')).toHaveText('1');
  await expect(page.getByTestId('webhook-stat-success-value')).toHaveText('100%');
  const row = page.getByTestId('webhook-row').filter({ hasText: 'Website form' });
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByText('0 failed')).toBeVisible();
  await panel.getByRole('tab', { name: 'Events' }).click();
  const event = panel.getByTestId('webhook-event-row').filter({ hasText: 'Do you sell kettles?' });
  await expect(event.getByText('Succeeded')).toBeVisible();
  await expect(event.getByRole('link', { name: 'Conversation' })).toHaveAttribute('href', `/dashboard/conversations/${answer.conversationId}`);

  // A test from the panel: the default sample, answered, shown with the immediate response.
  await panel.getByRole('tab', { name: 'Test' }).click();
  await expect(panel.getByLabel('Test data (JSON)', { exact: true })).toHaveValue(/What are your opening hours\?/);
  await panel.getByRole('button', { name: 'Run test' }).click();
  await expect(panel.getByTestId('webhook-test-answer-text')).not.toBeEmpty({ timeout: 20_000 });
  await expect(panel.getByTestId('webhook-test-response')).toContainText('"conversationId"');
  await expect(panel.getByText('Answered in the response: nothing is posted.')).toBeVisible();
  // It is recorded as a test event.
  await panel.getByRole('tab', { name: 'Events' }).click();
  await expect(panel.getByTestId('webhook-event-row').filter({ hasText: 'What are your opening hours?' }).getByText('Test', { exact: true })).toBeVisible();

  // Paused: the sender is refused until it is resumed.
  await panel.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('Website form paused')).toBeVisible();
  await expect(row.getByText('Paused')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Resume' })).toBeVisible();
  const whilePaused = await sendEvent(request, url, secret, { message: 'Anyone there?', senderId: 'e2e-customer' });
  expect(whilePaused.status()).toBe(409);

  // Deleted after the confirmation: gone from the list, and its URL stops at once.
  await panel.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Website form?' });
  await confirm.getByRole('button', { name: 'Delete webhook' }).click();
  await expect(page.getByText('Website form deleted')).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(page.getByText('No webhooks yet')).toBeVisible();
  const afterDelete = await sendEvent(request, url, secret, { message: 'Hello?', senderId: 'e2e-customer' });
  expect(afterDelete.status()).toBe(404);
});

test('an event endpoint: made in the UI, its secret shown once, a deploy delivered to it failing, the attempt logged and retried', async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await signIn(page, request, 'endpoints');
  const headers = { Authorization: `Bearer ${token}` };
  const agentId = await deployedAgent(request, token, 'Kettle support');

  await page.goto('/dashboard/webhooks?tab=endpoints');
  await expect(page.getByRole('tab', { name: 'Event endpoints' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No event endpoints yet')).toBeVisible();
  await page.getByRole('button', { name: 'New endpoint' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New event endpoint' });
  await dialog.getByLabel('Endpoint URL', { exact: true }).fill('https://receiver.invalid/hook');
  await dialog.getByLabel('Description', { exact: true }).fill('E2E receiver');
  await dialog.getByRole('checkbox', { name: /agent\.deployed/ }).check();
  await dialog.getByRole('button', { name: 'Create endpoint' }).click();

  // The whsec_ secret, this once.
  const ready = page.getByRole('dialog', { name: 'Your endpoint is ready' });
  await expect(ready.getByText('Copy the secret now: it will not be shown again.')).toBeVisible();
  const secret = await ready.getByLabel('Signing secret', { exact: true }).inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
  await ready.getByRole('button', { name: 'I have copied it' }).click();
  await expect(ready).toBeHidden();
  await expect(page).toHaveURL(/\?tab=endpoints&endpoint=[0-9a-f-]{36}$/);
  const panel = page.getByTestId('endpoint-detail');
  await expect(panel.getByRole('heading', { level: 2, name: 'E2E receiver' })).toBeVisible();
  await expect(page.locator(`input[value="${secret}"]`)).toHaveCount(0);
  await expect(panel.getByText(`…${secret.slice(-4)}`)).toBeVisible();
  await expect(panel.getByText('No deliveries yet')).toBeVisible();
  await expect(page.getByTestId('endpoint-row').filter({ hasText: 'receiver.invalid/hook' }).getByText('Enabled', { exact: true })).toBeVisible();

  // A deploy to staging is an agent.deployed event: queued for the endpoint, and posting it fails.
  const deployed = await request.post(`/api/agents/${agentId}/deploy`, { headers, data: { environment: 'staging' } });
  expect(deployed.ok(), await deployed.text()).toBeTruthy();
  const rows = panel.getByTestId('delivery-row');
  await expect(async () => {
    await panel.getByRole('button', { name: 'Refresh log' }).click();
    await expect(rows).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const row = rows.first();
  await expect(row.getByRole('button', { name: 'agent.deployed', exact: true })).toBeVisible();
  // The log is read again while it is pending: the failed attempt and its error show up.
  await expect(row.getByTestId('delivery-last-error')).not.toBeEmpty({ timeout: 20_000 });
  await expect(row.getByText(/^(Pending|Failed)$/)).toBeVisible();

  // Opened: the body sent and each attempt, none answered.
  await row.getByRole('button', { name: 'agent.deployed', exact: true }).click();
  const details = panel.getByTestId('delivery-details');
  await expect(details.getByTestId('delivery-payload')).toContainText('"type": "agent.deployed"');
  await expect(details.getByTestId('delivery-payload')).toContainText('"environment": "staging"');
  await expect(details.getByTestId('delivery-attempt').first()).toContainText('No answer');
  await expect(details.getByText(/^msg_/)).toBeVisible();

  // Retried by hand: sent again at once, one more attempt logged.
  const attempts = async () => Number(/(\d+) attempts?/.exec((await row.textContent()) ?? '')?.[1] ?? 0);
  const before = await attempts();
  expect(before).toBeGreaterThan(0);
  await row.getByRole('button', { name: /^Retry agent\.deployed/ }).click();
  await expect(page.getByText('agent.deployed sent again')).toBeVisible();
  await expect(async () => {
    await panel.getByRole('button', { name: 'Refresh log' }).click();
    expect(await attempts()).toBeGreaterThan(before);
  }).toPass({ timeout: 20_000 });

  // Switched off from its panel: a retry is refused until it is on again.
  await panel.getByRole('switch', { name: 'Enabled' }).click();
  await expect(page.getByText('receiver.invalid/hook disabled')).toBeVisible();
  await expect(panel.getByText('Disabled: no events are sent to it until you enable it.')).toBeVisible();
  await row.getByRole('button', { name: /^Retry agent\.deployed/ }).click();
  await expect(page.getByText('This endpoint is disabled: enable it first, then retry.')).toBeVisible();

  // Deleted after the confirmation.
  await panel.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete this endpoint?' }).getByRole('button', { name: 'Delete endpoint' }).click();
  await expect(page.getByText('Endpoint deleted')).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(page.getByText('No event endpoints yet')).toBeVisible();
});

test.describe('screens', () => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');

  /** A webhook of each kind, with an event, so the screen has something to show. */
  async function prepare(request: APIRequestContext, tag: string, page: Page): Promise<Made & { customId: string; slackId: string }> {
    const token = await signIn(page, request, tag);
    const agentId = await deployedAgent(request, token, 'Kettle support');
    const headers = { Authorization: `Bearer ${token}` };
    const custom = await request.post('/api/webhooks', { headers, data: { agentId, platform: 'custom', name: 'Website form' } });
    expect(custom.ok(), await custom.text()).toBeTruthy();
    const made = ((await custom.json()) as { data: { webhook: { id: string; url: string }; secret: string } }).data;
    expect((await sendEvent(request, made.webhook.url, made.secret, { message: 'Do you sell kettles?', senderId: 'e2e-customer' })).ok()).toBeTruthy();
    await sendEvent(request, made.webhook.url, made.secret, { message: 'Forged' }, 'v1,AAAA');
    const slack = await request.post('/api/webhooks', { headers, data: { agentId, platform: 'slack', name: 'Support on Slack', credentials: { botToken: 'xoxb-1-2-e2eToken' } } });
    expect(slack.ok(), await slack.text()).toBeTruthy();
    const slackId = ((await slack.json()) as { data: { webhook: { id: string } } }).data.webhook.id;
    return { token, agentId, customId: made.webhook.id, slackId };
  }

  for (const v of [
    { name: 'light', theme: 'light', lang: 'en' },
    { name: 'dark', theme: 'dark', lang: 'en' },
    { name: 'ar', theme: 'light', lang: 'ar' },
  ] as const) {
    test(`the webhooks in ${v.name}`, async ({ page, request }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width: 1280, height: 900 });
      await wearLook(page, v);
      const { customId, slackId } = await prepare(request, `shots-webhooks-${v.name}`, page);
      await page.goto(`/dashboard/webhooks?webhook=${slackId}`);
      await expect(page.getByTestId('webhook-row')).toHaveCount(2);
      // The chart arrives in a chunk of its own, after the numbers.
      await expect(page.locator('.recharts-surface').first()).toBeVisible();
      const panel = page.getByTestId('webhook-detail');
      await expect(panel.locator('ol li').first()).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `test-results/screens/webhooks-${v.name}.png` });
      await panel.screenshot({ path: `test-results/screens/webhooks-slack-${v.name}.png` });
      await page.goto(`/dashboard/webhooks?webhook=${customId}`);
      await panel.getByRole('tab').nth(2).click();
      await panel.locator('button').filter({ has: page.locator('svg.lucide-flask-conical') }).click();
      await expect(panel.getByTestId('webhook-test-answer-text')).not.toBeEmpty({ timeout: 20_000 });
      await panel.screenshot({ path: `test-results/screens/webhooks-test-${v.name}.png` });
      await panel.getByRole('tab').nth(0).click();
      await panel.screenshot({ path: `test-results/screens/webhooks-custom-${v.name}.png` });
      await page.getByRole('button').filter({ has: page.locator('svg.lucide-plus') }).first().click();
      await page.getByRole('dialog').locator('input[value="slack"]').check({ force: true });
      await page.screenshot({ path: `test-results/screens/webhooks-new-${v.name}.png` });
    });
  }

  for (const v of [
    { name: 'light', theme: 'light', lang: 'en' },
    { name: 'ar-dark', theme: 'dark', lang: 'ar' },
  ] as const) {
    test(`the event endpoints in ${v.name}`, async ({ page, request }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width: 1280, height: 900 });
      await wearLook(page, v);
      const token = await signIn(page, request, `shots-endpoints-${v.name}`);
      const headers = { Authorization: `Bearer ${token}` };
      const agentId = await deployedAgent(request, token, 'Kettle support');
      const made = await request.post('/api/v1/webhook-endpoints', {
        headers,
        data: { url: 'https://receiver.invalid/hook', description: 'CRM sync', events: ['conversation.started', 'message.created', 'agent.deployed'] },
      });
      expect(made.ok(), await made.text()).toBeTruthy();
      const id = ((await made.json()) as { data: { endpoint: { id: string } } }).data.endpoint.id;
      const off = await request.post('/api/v1/webhook-endpoints', { headers, data: { url: 'https://ops.example.invalid/events', events: ['document.indexed'], enabled: false } });
      expect(off.ok(), await off.text()).toBeTruthy();
      expect((await request.post(`/api/agents/${agentId}/deploy`, { headers, data: { environment: 'staging' } })).ok()).toBeTruthy();
      await page.goto(`/dashboard/webhooks?tab=endpoints&endpoint=${id}`);
      const panel = page.getByTestId('endpoint-detail');
      const row = panel.getByTestId('delivery-row').first();
      await expect(async () => {
        await panel.getByRole('button').filter({ has: page.locator('svg.lucide-refresh-cw') }).click();
        await expect(row).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 20_000 });
      await expect(row.getByTestId('delivery-last-error')).not.toBeEmpty({ timeout: 20_000 });
      await row.locator('button[aria-expanded]').click();
      await expect(panel.getByTestId('delivery-details')).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `test-results/screens/endpoints-${v.name}.png`, fullPage: true });
      await panel.screenshot({ path: `test-results/screens/endpoints-detail-${v.name}.png` });
      await page.getByRole('button').filter({ has: page.locator('svg.lucide-plus') }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: `test-results/screens/endpoints-new-${v.name}.png` });
    });
  }
});
