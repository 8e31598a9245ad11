import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

// Runs after accounts.spec.ts (files run alphabetically, one worker), so the user it signs up is
// never the first account of the database, which accounts.spec.ts expects to be the admin.

test.describe.serial('agents', () => {
  test('template → edit (new version) → deploy → duplicate → export → import → delete', async ({ page, request }) => {
    test.setTimeout(90_000);
    await signIn(page, request, 'agents');
    const name = `Sales ${Date.now().toString(36)}`;

    await page.goto('/dashboard/agents');
    await expect(page.getByRole('heading', { name: 'No agents yet' })).toBeVisible();

    // Create from a template, reviewed in the form.
    await page.getByRole('link', { name: 'New agent' }).click();
    await expect(page).toHaveURL(/\/dashboard\/agents\/create$/);
    await page.getByRole('tab', { name: /From a template/ }).click();
    await page.getByRole('button', { name: 'Use template Sales assistant' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Sales assistant');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Create agent' }).click();
    await expect(page.getByText('Agent created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/agents\/[0-9a-f-]{36}$/);
    const agentUrl = page.url();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Version 1', { exact: true })).toBeVisible();
    await expect(page.getByText(/No conversations yet: the numbers fill in/)).toBeVisible();

    // Edit: a configuration change is a new version.
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByLabel('Greeting', { exact: true })).not.toHaveValue('');
    await page.getByLabel('Greeting', { exact: true }).fill('Hello from the e2e test!');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Agent updated successfully')).toBeVisible();
    await expect(page.getByText('Saved as version 2.')).toBeVisible();
    await expect(page).toHaveURL(agentUrl);
    const versions = page.getByRole('region', { name: 'Versions' });
    await expect(versions.getByText('v2')).toBeVisible();
    await expect(versions.getByText('v1')).toBeVisible();
    await expect(versions.getByRole('button', { name: 'Restore version 1' })).toBeVisible();

    // Deploy version 2 to production.
    await page.getByRole('button', { name: 'Deploy version 2 to Production' }).click();
    await expect(page.getByText('Version 2 deployed to Production')).toBeVisible();
    const deployments = page.getByRole('region', { name: 'Deployments' });
    await expect(deployments.getByText(/^Version 2 ·/)).toBeVisible();

    // Duplicate.
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${name} (copy)` })).toBeVisible();
    expect(page.url()).not.toBe(agentUrl);

    // Export the original and import it again.
    await page.goto(agentUrl);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`${name}.agent.json`);
    const file = test.info().outputPath('export.agent.json');
    await download.saveAs(file);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { format: string; agent: { greeting: string } };
    expect(doc.format).toBe('agentforge.agent');
    expect(doc.agent.greeting).toBe('Hello from the e2e test!');

    await page.goto('/dashboard/agents');
    await expect(page.getByRole('link', { name: `${name} (copy)` })).toBeVisible();
    await page.getByLabel('Agent export file (JSON)').setInputFiles(file);
    await expect(page.getByText(`Imported ${name}`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Configuration' }).getByText('Hello from the e2e test!')).toBeVisible();
    expect(page.url()).not.toBe(agentUrl);

    // Delete the original, with confirmation.
    await page.goto(agentUrl);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete agent' }).click();
    await expect(page.getByText('Agent deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/agents$/);
    // The copy and the import remain.
    await expect(page.getByRole('link', { name: `${name} (copy)` })).toBeVisible();
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(1);
    await page.goto(agentUrl);
    await expect(page.getByText('Failed to load agent details').first()).toBeVisible();
  });

  test('the test panel streams an answer from the draft, in a conversation no list shows', async ({ page, request }) => {
    test.setTimeout(60_000);
    const token = await signIn(page, request, 'tester');
    const headers = { Authorization: `Bearer ${token}` };
    const created = await request.post('/api/agents', { headers, data: { name: 'Kettle tester', greeting: 'Hello! Ask me about returns.' } });
    expect(created.ok()).toBeTruthy();
    const agentId = ((await created.json()) as { data: { id: string } }).data.id;
    const upload = await request.post('/api/upload/document', {
      headers,
      multipart: { agentId, file: { name: 'returns.md', mimeType: 'text/markdown', buffer: Buffer.from('# Returns\n\nRefunds are issued within 14 days.\n') } },
    });
    expect(upload.ok()).toBeTruthy();

    await page.goto(`/dashboard/agents/${agentId}`);
    const panel = page.getByRole('region', { name: 'Test this agent' });
    await expect(panel.getByText('Try the current draft (version 1).', { exact: false })).toBeVisible();
    await expect(panel.getByTestId('chat-greeting')).toContainText('Ask me about returns');
    const sent = page.waitForRequest((r) => r.url().endsWith(`/api/agents/${agentId}/test`));
    await panel.getByTestId('chat-input').fill('How long do refunds take?');
    await panel.getByTestId('chat-input').press('Enter');
    expect((await sent).headers().accept).toBe('text/event-stream');
    const answer = panel.locator('[data-testid="chat-message"][data-role="assistant"]');
    await expect(answer).toContainText('within 14 days');
    await expect(answer).toHaveAttribute('data-status', 'complete');
    await expect(panel.getByTestId('chat-citation')).toContainText('returns.md');
    await expect(panel.getByTestId('chat-notice')).toContainText('No language model is connected');

    // Start over: a new conversation, opened by the greeting again.
    await panel.getByRole('button', { name: 'Start over' }).click();
    await expect(panel.getByTestId('chat-message')).toHaveCount(0);
    await expect(panel.getByTestId('chat-greeting')).toBeVisible();

    // The test conversation is in no list, nor in the agent's latest conversations.
    await expect(page.getByRole('region', { name: 'Recent conversations' }).getByText('No conversations yet')).toBeVisible();
    const list = await request.get('/api/conversations?page=1&limit=10', { headers });
    expect(((await list.json()) as { meta: { total: number } }).meta.total).toBe(0);
    await page.goto('/dashboard/conversations');
    await expect(page.getByRole('heading', { name: 'No conversations yet' })).toBeVisible();
    await expect(page.getByTestId('conversation-row')).toHaveCount(0);
  });

  test('generate an agent from a prompt and save it', async ({ page, request }) => {
    await signIn(page, request, 'generate');
    await page.goto('/dashboard/agents');
    await page.getByRole('link', { name: 'Generate from a description' }).click();
    await expect(page).toHaveURL(/start=generate/);
    await page.getByLabel('What should the agent do?').fill('A friendly tutor that helps children practise multiplication');
    await page.getByRole('button', { name: 'Generate draft' }).click();
    await expect(page.getByText(/No language model is connected/)).toBeVisible();
    await expect(page.getByLabel('Description', { exact: true })).toHaveValue(/multiplication/);
    await expect(page.getByText('Suggested voice for this agent: Emily')).toBeVisible();
    await page.getByRole('button', { name: 'Create agent' }).click();
    await expect(page.getByText('Agent created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/agents\/[0-9a-f-]{36}$/);
    await expect(page.getByText(/Emily · /)).toBeVisible();
  });
});
