import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

// Runs after accounts.spec.ts (files run alphabetically, one worker), so its user is never the
// first account of the database. The server runs the built-in responder: no model is configured.

const POLICY = `# Returns

Refunds are issued within 14 days of receiving the returned kettle.

Shipping costs are not refunded.
`;

test('create an agent, upload a document, chat with a streamed cited answer, find it in the list and live', async ({ page, request, context }) => {
  test.setTimeout(90_000);
  await signIn(page, request, 'chat');

  // Create the agent from scratch, then upload a document on its page.
  await page.goto('/dashboard/agents/create');
  await page.getByLabel('Name', { exact: true }).fill('Kettle support');
  await page.getByLabel('Greeting', { exact: true }).fill('Hello! Ask me about returns.');
  await page.getByRole('button', { name: 'Create agent' }).click();
  await expect(page.getByText('Agent created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/agents\/[0-9a-f-]{36}$/);
  const agentId = page.url().split('/').pop() ?? '';
  await page.getByTestId('document-upload').setInputFiles({ name: 'returns.md', mimeType: 'text/markdown', buffer: Buffer.from(POLICY) });
  const row = page.getByTestId('document-row').filter({ hasText: 'returns.md' });
  await expect(row).toBeVisible();

  // The live view, open in a second tab before the conversation starts.
  const live = await context.newPage();
  await live.goto('/dashboard/conversations/live');
  await expect(live.getByTestId('live-status').first()).toHaveAttribute('data-state', 'open');

  // Chat: the answer streams in, quotes the document and names it as its source.
  await page.goto(`/dashboard/agents/${agentId}/chat`);
  await page.getByTestId('chat-input').fill('How long do refunds take?');
  await page.getByTestId('chat-send').click();
  const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await expect(answer).toContainText('within 14 days');
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await expect(page.getByTestId('chat-citation').first()).toContainText('returns.md');
  await expect(page.getByTestId('chat-notice').first()).toContainText('No language model is connected');
  await expect(page.getByTestId('conversation-item').first()).toContainText('How long do refunds take?');

  // The live tab saw it arrive without a reload.
  const card = live.getByTestId('live-conversation').filter({ hasText: 'How long do refunds take?' });
  await expect(card).toBeVisible();
  await card.click();
  await expect(live.getByTestId('live-message')).toHaveCount(2);
  await expect(live.getByTestId('live-message').last()).toContainText('within 14 days');

  // A follow-up in the same conversation reaches the live tab too.
  await page.getByTestId('chat-input').fill('Hello');
  await page.getByTestId('chat-input').press('Enter');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('Ask me about returns');
  await expect(live.getByTestId('live-message')).toHaveCount(4);

  // The conversation list and its transcript.
  await page.goto('/dashboard/conversations');
  const listed = page.getByTestId('conversation-row').filter({ hasText: 'How long do refunds take?' });
  await expect(listed).toBeVisible();
  await listed.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/dashboard\/conversations\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('transcript-message')).toHaveCount(4);
  await expect(page.getByText('returns.md').first()).toBeVisible();

  // The agent's page lists its latest conversations, and leads to all of them, filtered.
  await page.goto(`/dashboard/agents/${agentId}`);
  const recent = page.getByRole('region', { name: 'Recent conversations' });
  await expect(recent.getByTestId('agent-conversation')).toHaveCount(1);
  await expect(recent.getByTestId('agent-conversation')).toContainText('How long do refunds take?');
  await recent.getByRole('link', { name: /View all/ }).click();
  await expect(page).toHaveURL(`/dashboard/conversations/all?agentId=${agentId}`);
  await expect(page.getByRole('combobox', { name: 'Agent' })).toHaveValue('Kettle support');
  await expect(page.getByTestId('conversation-row')).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'All conversations' })).toHaveAttribute('aria-current', 'page');
});

test("a shared link shows the agent's name and greeting, and says so once sharing is off", async ({ page, request, browser }) => {
  const ownerPage = await browser.newPage();
  const token = await signIn(ownerPage, request, 'owner');
  await ownerPage.close();
  const auth = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/agents', {
    headers: auth,
    data: { name: 'Kettle helper', description: 'Answers questions about kettles.', greeting: 'Welcome! Ask me about **kettles**.', status: 'active' },
  });
  const agentId = ((await created.json()) as { data: { id: string } }).data.id;
  const shared = await request.post(`/api/agents/${agentId}/share`, { headers: auth, data: { public: true } });
  const url = new URL(((await shared.json()) as { data: { url: string } }).data.url);

  // Someone else, signed in, opens the link.
  await signIn(page, request, 'guest');
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Kettle helper' })).toBeVisible();
  await expect(page.getByText('Answers questions about kettles.')).toBeVisible();
  await expect(page.getByTestId('chat-greeting')).toContainText('Welcome! Ask me about kettles.');
  await page.getByTestId('chat-input').fill('Hello');
  await page.getByTestId('chat-send').click();
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toHaveAttribute('data-status', 'complete');
  await expect(page.getByTestId('chat-greeting')).toBeVisible();

  // The owner turns sharing off: the same link no longer opens a chat.
  await request.post(`/api/agents/${agentId}/share`, { headers: auth, data: { public: false } });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'This chat is not available' })).toBeVisible();
  await expect(page.getByText('This link is not valid, or its owner has turned sharing off.')).toBeVisible();
  await expect(page.getByTestId('chat-input')).toHaveCount(0);
});
