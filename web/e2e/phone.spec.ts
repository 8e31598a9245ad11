import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn, wearLook } from './helpers';

// The phone screen end to end, on the main server (no Twilio account, a local address, agents
// answering with the built-in responder): the screen says honestly that Twilio is not connected,
// then a call in the browser's simulator: the agent's greeting, a question typed (the headless
// browser hears nothing), the answer, Hang up, and the call in the history as completed with a
// link to its transcript, which opens the conversation. With SCREENSHOTS=1 the screen mid-call
// is also shot in light, dark and Arabic to test-results/screens/.

const GREETING = 'Hello! Ask me about our opening hours.';
const DESCRIPTION = 'We are open from nine to five, Monday to Friday.';
const QUESTION = 'What are your opening hours?';

/** An active agent deployed to production (the phone answers with that deployment). */
async function deployedAgent(request: APIRequestContext, token: string, name: string): Promise<string> {
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/agents', { headers, data: { name, description: DESCRIPTION, greeting: GREETING, status: 'active' } });
  expect(created.ok(), await created.text()).toBeTruthy();
  const agentId = ((await created.json()) as { data: { id: string } }).data.id;
  const deployed = await request.post(`/api/agents/${agentId}/deploy`, { headers, data: { environment: 'production' } });
  expect(deployed.ok(), await deployed.text()).toBeTruthy();
  return agentId;
}

/** Starts a simulated call and waits for the agent to greet and listen. */
async function startCall(page: Page) {
  const sim = page.locator('section[aria-labelledby="phone-simulator-title"]');
  await sim.getByTestId('sim-start').click();
  const lines = sim.getByTestId('sim-line');
  await expect(lines.first()).toContainText(GREETING, { timeout: 15_000 });
  return { sim, lines };
}

test('the phone screen: honest about Twilio, and a simulated call from greeting to transcript', async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await signIn(page, request, 'phone');
  await deployedAgent(request, token, 'Front desk');

  await page.goto('/dashboard/conversations/phone');
  await expect(page.getByRole('heading', { level: 1, name: 'Phone' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Calls', selected: true })).toBeVisible();
  // No Twilio here: said plainly, and the simulator still works.
  await expect(page.getByText('Twilio is not connected.')).toBeVisible();
  const testCall = page.getByRole('region', { name: 'Place a test call' });
  await expect(testCall.getByRole('button', { name: 'Call now' })).toBeDisabled();

  const sim = page.getByRole('region', { name: 'Call simulator' });
  await expect(sim.getByLabel('Agent')).toHaveValue(/[0-9a-f-]{36}/);
  await sim.getByRole('button', { name: 'Start call' }).click();
  const log = sim.getByRole('log', { name: 'Call transcript' });
  const lines = log.getByTestId('sim-line');
  await expect(lines.first()).toContainText(GREETING, { timeout: 15_000 });
  await expect(lines.first()).toHaveAttribute('data-who', 'agent');

  // Typing talks over the greeting (barge-in) and is sent as soon as the call listens.
  const box = sim.getByLabel('What you say');
  await box.fill(QUESTION);
  await box.press('Enter');
  await expect(lines.nth(1)).toHaveAttribute('data-who', 'caller');
  await expect(lines.nth(1)).toContainText(QUESTION);
  await expect(lines.nth(2)).toHaveAttribute('data-who', 'agent');
  await expect(lines.nth(2)).toContainText('Monday to Friday', { timeout: 30_000 });
  await expect(sim.getByText('1 turn')).toBeVisible();
  await expect(sim.getByTestId('sim-twiml')).toContainText('<Gather', { useInnerText: false });

  await sim.getByRole('button', { name: 'Hang up' }).click();
  await expect(sim.getByTestId('sim-status')).toHaveText('The call has ended.');
  await expect(sim.getByTestId('call-status')).toHaveText('Completed');
  await expect(lines.last()).toHaveText('Call ended');

  // The call in the history: simulated, completed, with its transcript.
  const history = page.getByRole('region', { name: 'Call history' });
  const row = history.getByTestId('call-row').first();
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('Simulated');
  await expect(row).toContainText('Front desk');
  await expect(row).toContainText('Browser');
  await row.getByRole('link', { name: 'Transcript' }).click();
  await expect(page).toHaveURL(/\/dashboard\/conversations\/[0-9a-f-]{36}$/);
  const messages = page.getByTestId('transcript-message');
  await expect(messages.filter({ hasText: QUESTION })).toHaveCount(1);
  await expect(messages.filter({ hasText: 'Monday to Friday' }).first()).toBeVisible();

  // The Twilio routes open the same screen on its setup, with the URLs to paste.
  await page.goto('/dashboard/integrations/twilio');
  await expect(page.getByRole('tab', { name: 'Setup', selected: true })).toBeVisible();
  const setup = page.getByRole('region', { name: 'Twilio connection' });
  await expect(setup.getByText('Not connected', { exact: true })).toBeVisible();
  await expect(setup.getByTestId('phone-unreachable')).toContainText('Twilio cannot reach this server at http://');
  await expect(page.getByTestId('phone-voice-url')).toHaveValue(/\/api\/phone\/twilio\/voice$/);
});

test.describe('screens', () => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');

  for (const v of [
    { name: 'light', theme: 'light', lang: 'en' },
    { name: 'dark', theme: 'dark', lang: 'en' },
    { name: 'ar', theme: 'light', lang: 'ar' },
  ] as const) {
    test(`the phone screen mid-call and its setup in ${v.name}`, async ({ page, request }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: 1280, height: 900 });
      await wearLook(page, v);
      const token = await signIn(page, request, `shots-phone-${v.name}`);
      await deployedAgent(request, token, 'Front desk');
      // Found by their place, not their words, which are the variant's language.
      await page.goto('/dashboard/conversations/phone');
      const { sim, lines } = await startCall(page);
      await sim.getByTestId('sim-reply').fill(QUESTION);
      await sim.getByTestId('sim-reply').press('Enter');
      await expect(lines.nth(2)).toContainText('Monday to Friday', { timeout: 30_000 });
      await page.screenshot({ path: `test-results/screens/phone-call-${v.name}.png`, fullPage: true });
      await page.goto('/dashboard/twilio');
      await expect(page.getByTestId('phone-voice-url')).toBeVisible();
      await page.screenshot({ path: `test-results/screens/phone-setup-${v.name}.png`, fullPage: true });
    });
  }
});
