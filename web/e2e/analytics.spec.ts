import { expect, test } from '@playwright/test';
import { makeAdmin, storeSession } from './helpers';

// /dashboard/analytics end to end: an admin (made by the binary, as axe.spec.ts does) chats with
// an agent once, asks for a recount with the Recount button, and sees the numbers arrive from the
// rollups; then the same page in Arabic and dark mode: right to left, its charts drawn, and a
// screenshot for a person to look at (test-results/analytics-ar-dark.png). Runs after
// accounts.spec.ts (files run alphabetically, one worker), so the database already has its first
// account.

test('an admin chats once, recounts, and reads the numbers; in Arabic and dark mode too', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { session } = await makeAdmin(request, 'analytics');
  const headers = { Authorization: `Bearer ${session.token}` };
  await page.goto('/');
  await storeSession(page, session);

  // An agent, and one exchange with it in the chat.
  const created = await request.post('/api/agents', { headers, data: { name: 'Analytics kettle', greeting: 'Hello! Ask me about kettles.', status: 'active' } });
  expect(created.ok()).toBeTruthy();
  const agentId = ((await created.json()) as { data: { id: string } }).data.id;
  await page.goto(`/dashboard/agents/${agentId}/chat`);
  await page.getByTestId('chat-input').fill('How long do refunds take?');
  await page.getByTestId('chat-send').click();
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toHaveAttribute('data-status', 'complete');

  // The report, and a recount asked for with its button (confirmed first).
  await page.goto('/dashboard/analytics?period=day');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'All agents on the platform' })).toBeChecked();
  await page.getByRole('button', { name: 'Recount' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Recount analytics?' });
  await dialog.getByRole('button', { name: 'Recount' }).click();
  await expect(page.getByText('Recount started')).toBeVisible();

  // The recount runs in the background: wait until the rollups hold the exchange.
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/analytics/overview?period=day&scope=platform', { headers });
        const body = (await res.json()) as { data?: { current: { messages: number } } };
        return body.data?.current.messages ?? 0;
      },
      { message: 'the day’s messages counted by the rollups', timeout: 90_000, intervals: [1000, 2000, 5000] },
    )
    .toBeGreaterThanOrEqual(2);

  await page.reload();
  const conversations = page.getByTestId('kpi-conversations');
  await expect(conversations.locator('dd').first()).not.toHaveText('0');
  await expect(page.getByTestId('kpi-messages').locator('dd').first()).not.toHaveText('0');
  await expect(page.getByTestId('analytics-freshness')).toContainText('Updated');
  await expect(page.getByRole('table', { name: 'Agents' }).getByRole('link', { name: 'Analytics kettle' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Right now' })).toBeVisible();
  // The charts are drawn.
  await expect(page.getByTestId('analytics-activity').locator('svg.recharts-surface').first()).toBeVisible();

  // A table as CSV.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV — Agents' }).click();
  expect((await download).suggestedFilename()).toMatch(/^analytics-agents-\d{4}-\d{2}-\d{2}\.csv$/);

  // Arabic, dark: right to left, charts drawn, readable.
  await page.addInitScript(() => {
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('i18nextLng', 'ar');
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('heading', { level: 1, name: 'التحليلات' })).toBeVisible();
  await expect(page.getByTestId('kpi-conversations').locator('dd').first()).not.toHaveText('0');
  const charts = page.locator('svg.recharts-surface');
  await expect(charts.first()).toBeVisible();
  expect(await charts.count()).toBeGreaterThanOrEqual(3);
  // The charts keep time running left to right inside the right-to-left page.
  await expect(page.getByTestId('analytics-activity').locator('[dir="ltr"]').first()).toBeVisible();
  await page.waitForFunction(() => !document.querySelector('.animate-spin'));
  await page.screenshot({ path: 'test-results/analytics-ar-dark.png', fullPage: true });
});
