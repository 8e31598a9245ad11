import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn, wearLook } from './helpers';

// A conversation that the agent's flow hands to a person: the dashboard chat follows the flow to
// its hand-off, the live view shows it waiting, its owner takes it over and answers, the chat
// shows the answer as it is sent, and the conversation's page hands it back to the agent. With
// SCREENSHOTS=1 the live view with a conversation waiting and the chat with a flow's buttons are
// also shot in light, dark and Arabic.

const HANDOFF_FLOW = {
  nodes: [
    { id: 'start', type: 'start' },
    { id: 'ask', type: 'question', data: { text: 'Your email?', variable: 'email', answerType: 'email' } },
    { id: 'human', type: 'handoff', data: { text: 'Passing you to a person.' } },
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'ask' },
    { id: 'e2', source: 'ask', target: 'human' },
  ],
};

/** Creates an agent through the API and gives it `flow` (PUT /agents/{id}), when there is one. */
async function agentWithFlow(request: APIRequestContext, token: string, name: string, flow: unknown): Promise<string> {
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/agents', { headers, data: { name, greeting: 'Hello! I can put you in touch with us.', status: 'active' } });
  expect(created.ok(), await created.text()).toBeTruthy();
  const agentId = ((await created.json()) as { data: { id: string } }).data.id;
  if (flow) {
    const saved = await request.put(`/api/agents/${agentId}`, { headers, data: { flow } });
    expect(saved.ok(), await saved.text()).toBeTruthy();
  }
  return agentId;
}

/** Sends one message from the chat's box and waits until the box is free again. */
async function say(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-input').press('Enter');
  await expect(page.getByTestId('chat-input')).toBeEnabled();
}

/** A screenshot of the whole page from its top (a focused box may have scrolled it). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

const answers = (page: Page) => page.locator('[data-testid="chat-message"][data-role="assistant"]');

test('a flow hands the chat to a person, who takes it over, answers and hands it back', async ({ page, request, context }) => {
  test.setTimeout(120_000);
  const token = await signIn(page, request, 'handoff');
  const agentId = await agentWithFlow(request, token, 'Kettle help desk', HANDOFF_FLOW);

  // The chat follows the flow: its question, then the hand-off.
  await page.goto(`/dashboard/agents/${agentId}/chat`);
  await say(page, 'Hi, my kettle leaks');
  await expect(answers(page).last()).toContainText('Your email?');
  await expect(page.getByTestId('chat-handed-off')).toHaveCount(0);
  await say(page, 'ava@example.com');
  await expect(answers(page).last()).toContainText('Passing you to a person.');
  await expect(page.getByTestId('chat-handed-off')).toContainText('A person from the team has taken over; they will answer here');

  // The live view, in a second tab: the conversation waits for a person, on top.
  const live = await context.newPage();
  await live.goto('/dashboard/conversations/live');
  await expect(live.getByTestId('live-status').first()).toHaveAttribute('data-state', 'open');
  const card = live.getByTestId('live-conversation').first();
  await expect(card).toContainText('Hi, my kettle leaks');
  await expect(card).toContainText('Waiting for a person');
  await expect(live.getByTestId('live-waiting-count')).toContainText('1 waiting for a person');
  await card.getByRole('button').click();
  const transcript = live.getByRole('region', { name: /Hi, my kettle leaks/ });
  await expect(transcript.getByTestId('live-message')).toHaveCount(4);

  // Written to the person while nobody has taken it: stored, no answer, and it shows live.
  await say(page, 'Is anyone there?');
  await expect(page.locator('[data-testid="chat-message"][data-role="user"]').last()).toContainText('Is anyone there?');
  await expect(answers(page)).toHaveCount(2);
  await expect(transcript.getByTestId('live-message')).toHaveCount(5);

  // Take over, and answer: the chat shows the answer as it is sent, marked as the team's.
  await transcript.getByRole('button', { name: 'Take over' }).click();
  const reply = transcript.getByRole('textbox', { name: 'Your reply' });
  await expect(reply).toBeFocused();
  await expect(card).not.toContainText('Waiting for a person');
  await reply.fill('Hello, this is the support team. Sorry about the kettle!');
  await reply.press('Enter');
  await expect(reply).toHaveValue('');
  const mine = transcript.locator('[data-testid="live-message"][data-author="you"]');
  await expect(mine).toContainText('Hello, this is the support team.');
  await expect(mine).toContainText('You');

  const teamAnswer = answers(page).last();
  await expect(teamAnswer).toContainText('Hello, this is the support team. Sorry about the kettle!');
  await expect(teamAnswer.getByTestId('chat-team-author')).toHaveText('Team member');
  await expect(page.getByTestId('chat-handed-off')).toBeVisible();

  // The conversation's page has the same controls: hand it back to the agent there.
  await transcript.getByRole('link', { name: 'Full transcript' }).click();
  await expect(live).toHaveURL(/\/dashboard\/conversations\/[0-9a-f-]{36}$/);
  await expect(live.getByText('With a person').first()).toBeVisible();
  await expect(live.locator('[data-testid="transcript-message"][data-author="you"]')).toContainText('Hello, this is the support team.');
  await expect(live.getByRole('textbox', { name: 'Your reply' })).toBeVisible();
  await live.getByRole('button', { name: 'Hand back to the agent' }).click();
  await expect(live.getByText('Handed back to the agent').first()).toBeVisible();
  await expect(live.getByRole('textbox', { name: 'Your reply' })).toHaveCount(0);
  await expect(live.getByRole('button', { name: 'Take over' })).toBeVisible();

  // The chat hears it: the notice goes, and the agent answers the next message again.
  await expect(page.getByTestId('chat-handed-off')).toHaveCount(0);
  await say(page, 'Thanks!');
  await expect(answers(page)).toHaveCount(4);
  await expect(answers(page).last().getByTestId('chat-team-author')).toHaveCount(0);
});

test.describe('screens', () => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');

  const CHOICE_FLOW = {
    nodes: [
      { id: 'start', type: 'start' },
      { id: 'menu', type: 'choice', data: { text: 'Sales or support?', variable: 'team', choices: [{ id: 'sales', label: 'Sales' }, { id: 'support', label: 'Support' }] } },
      { id: 'bye', type: 'end', data: { text: 'Thanks, sales will call you.' } },
      { id: 'human', type: 'handoff', data: { text: 'Passing you to a person.' } },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'menu' },
      { id: 'e2', source: 'menu', target: 'bye', sourceHandle: 'sales' },
      { id: 'e3', source: 'menu', target: 'human', sourceHandle: 'support' },
    ],
  };

  for (const v of [
    { name: 'light', theme: 'light', lang: 'en' },
    { name: 'dark', theme: 'dark', lang: 'en' },
    { name: 'ar', theme: 'light', lang: 'ar' },
  ] as const) {
    test(`the chat with a flow's buttons and the live view with a conversation waiting, in ${v.name}`, async ({ page, request }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: 1280, height: 900 });
      await wearLook(page, v);
      const token = await signIn(page, request, `shots-handoff-${v.name}`);
      const agentId = await agentWithFlow(request, token, 'Kettle help desk', CHOICE_FLOW);
      // An active conversation beside the one that waits.
      const other = await agentWithFlow(request, token, 'Opening hours', null);
      const headers = { Authorization: `Bearer ${token}` };
      const chatted = await request.post(`/api/agents/${other}/chat`, { headers, data: { message: 'When are you open?' } });
      expect(chatted.ok(), await chatted.text()).toBeTruthy();

      await page.goto(`/dashboard/agents/${agentId}/chat`);
      await say(page, 'Hello');
      const choices = page.getByTestId('chat-choices');
      await expect(choices.getByRole('button')).toHaveCount(2);
      await shot(page, `chat-choices-${v.name}`);

      await choices.getByRole('button', { name: 'Support' }).click();
      await expect(page.getByTestId('chat-handed-off')).toBeVisible();
      await shot(page, `chat-handed-off-${v.name}`);

      await page.goto('/dashboard/conversations/live');
      const card = page.locator('[data-testid="live-conversation"][data-waiting="true"]');
      await expect(card).toHaveCount(1);
      await card.getByRole('button').click();
      await expect(page.getByTestId('live-message')).toHaveCount(4);
      await expect(page.getByTestId('live-handoff').getByRole('button')).toHaveCount(2);
      await shot(page, `live-waiting-${v.name}`);

      await page.getByTestId('live-handoff').getByRole('button').first().click();
      await expect(page.getByTestId('handoff-reply')).toBeVisible();
      await page.getByTestId('handoff-reply').locator('textarea').fill('Hello, this is the support team.');
      await page.getByTestId('handoff-reply').locator('textarea').press('Enter');
      await expect(page.locator('[data-testid="live-message"][data-author="you"]')).toHaveCount(1);
      await shot(page, `live-taken-over-${v.name}`);
    });
  }
});
