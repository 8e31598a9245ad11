import { expect, test } from '@playwright/test';
import { buildTemplate, WORKFLOW_TEMPLATES, type NodeNames } from '../src/features/workflows/utils/templates';
import { signInAccount } from './helpers';

// Workflows end to end, on the main server (no language model configured, email kept in the
// outbox): every built-in template of "Create workflow" passes the server's validator; a workflow
// generated from a description (assembled from templates, said so) is saved and lands in the
// builder; the "Greet by name" template (a transform and an end, nothing outside) is made in the
// UI, run from its page with a JSON input, and its run followed live in the run panel to success,
// with each step and the output; the list and the orchestration dashboard show it.

type Data<T> = { data: T };
type Made = { id: string; name: string; graph: { nodes: Array<{ type: string }> } };

const names = new Proxy({} as NodeNames, { get: (_, key) => `Step ${String(key)}` });

test('workflows: templates the server accepts, the AI generator, and a run followed to success', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { token, email } = await signInAccount(page, request, 'workflows');
  const headers = { Authorization: `Bearer ${token}` };

  // Every built-in template, as "From a template" would send it, is a valid workflow.
  const agent = await request.post('/api/agents', { headers, data: { name: 'Front desk', description: 'Answers questions.', status: 'active' } });
  expect(agent.ok(), await agent.text()).toBeTruthy();
  const agentId = ((await agent.json()) as Data<{ id: string }>).data.id;
  for (const template of WORKFLOW_TEMPLATES) {
    const body = buildTemplate(template, { email, agentId, names });
    const checked = await request.post('/api/workflows/validate', { headers, data: body });
    expect(checked.ok(), await checked.text()).toBeTruthy();
    expect(((await checked.json()) as Data<{ valid: boolean; problems: unknown[] }>).data, template.id).toEqual({ valid: true, problems: [] });
  }

  // No workflows yet.
  await page.goto('/dashboard/workflows');
  await expect(page.getByRole('heading', { level: 1, name: 'Workflows' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No workflows yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Create workflow' }).click();
  await expect(page).toHaveURL(/\/dashboard\/workflows\/create$/);

  // The AI generator, with no language model: assembled from templates, and said so.
  await page.getByRole('tab', { name: /From a description/ }).click();
  const form = page.getByRole('form', { name: 'AI workflow generator' });
  await expect(form.getByLabel('Complexity')).toHaveValue('intermediate');
  await form.getByLabel('What should the workflow do?').fill('When a webhook arrives, summarize the payload and email me a report.');
  await form.getByRole('button', { name: 'Generate workflow' }).click();
  const review = page.getByTestId('generated-review');
  await expect(review.getByTestId('generated-by')).toHaveText('Assembled from templates');
  await expect(review.getByText(/No language model is connected/)).toBeVisible();
  await expect(review.getByTestId('trigger-summary')).toContainText('Webhook');
  const nodeCount = await review.getByTestId('graph-node').count();
  expect(nodeCount).toBeGreaterThanOrEqual(3);
  await review.getByLabel('Name').fill('Webhook report');
  await review.getByRole('button', { name: 'Save workflow' }).click();
  await expect(page).toHaveURL(/\/dashboard\/workflows\/[0-9a-f-]{36}\/edit$/);
  const generatedId = /workflows\/([0-9a-f-]{36})\/edit/.exec(page.url())![1];
  const generated = await request.get(`/api/workflows/${generatedId}`, { headers });
  const saved = ((await generated.json()) as Data<Made & { trigger: { type: string } }>).data;
  expect(saved.name).toBe('Webhook report');
  expect(saved.trigger.type).toBe('webhook');
  expect(saved.graph.nodes.length).toBe(nodeCount);

  // The "Greet by name" template: a transform and an end, nothing outside.
  await page.goto('/dashboard/workflows/create?start=template');
  await page.getByRole('button', { name: 'Use template Greet by name' }).click();
  const templateForm = page.getByRole('form', { name: 'New workflow from “Greet by name”' });
  await expect(templateForm.getByTestId('graph-node')).toHaveCount(3);
  await templateForm.getByRole('button', { name: 'Create workflow' }).click();
  await expect(page).toHaveURL(/\/dashboard\/workflows\/[0-9a-f-]{36}\/edit$/);
  const greetId = /workflows\/([0-9a-f-]{36})\/edit/.exec(page.url())![1];

  // Its page: Run with a JSON input (checked first), then the run followed in its panel.
  await page.goto(`/dashboard/workflows/${greetId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Greet by name' })).toBeVisible();
  await expect(page.getByTestId('workflow-status')).toHaveText('Draft');
  await expect(page.getByTestId('stat-nodes')).toContainText('3');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Run Greet by name' });
  const input = dialog.getByLabel('Input (JSON, optional)');
  await input.fill('{"name": ');
  await dialog.getByRole('button', { name: 'Start run' }).click();
  await expect(dialog.getByText('This is not valid JSON')).toBeVisible();
  await input.fill('{"name": "Ada"}');
  await dialog.getByRole('button', { name: 'Start run' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Open the run' }).click();
  await expect(page).toHaveURL(/\?tab=runs&run=[0-9a-f-]{36}$/);

  const panel = page.getByRole('dialog', { name: 'Run of Greet by name' });
  await expect(panel.getByTestId('run-status').first()).toHaveText('Succeeded', { timeout: 15_000 });
  const steps = panel.getByTestId('run-step');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(1)).toContainText('Write the greeting');
  await expect(steps.nth(1)).toContainText('Transform');
  await expect(steps.nth(1).getByTestId('step-status')).toHaveText('Succeeded');
  await expect(panel.getByTestId('run-input')).toContainText('"name": "Ada"');
  await expect(panel.getByTestId('run-output')).toContainText('Hello, Ada!');
  await steps.nth(1).locator('summary').click();
  await expect(steps.nth(1)).toContainText('"text": "Hello, Ada!');
  await panel.getByRole('button', { name: 'Close run' }).click();
  await expect(page.getByTestId('run-row')).toHaveCount(1);
  await expect(page.getByTestId('run-row').getByTestId('run-status')).toHaveText('Succeeded');

  // The list shows both, with the run counted.
  await page.goto('/dashboard/workflows');
  await expect(page.getByTestId('workflow-row')).toHaveCount(2);
  const row = page.getByTestId('workflow-row').filter({ has: page.getByRole('link', { name: 'Greet by name' }) });
  await expect(row).toContainText('100%');

  // The orchestration dashboard: the run among the recent ones, and the workflow's health.
  await page.goto('/dashboard/orchestration');
  const recent = page.getByRole('region', { name: 'Recent' });
  await expect(recent.getByTestId('recent-row').filter({ hasText: 'Greet by name' })).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Workflow health' }).getByTestId('health-row')).toHaveCount(2);
  await recent.getByTestId('recent-row').filter({ hasText: 'Greet by name' }).click();
  await expect(page.getByRole('dialog', { name: 'Run of Greet by name' }).getByRole('link', { name: 'Open the workflow' })).toHaveAttribute('href', `/dashboard/workflows/${greetId}`);
});
