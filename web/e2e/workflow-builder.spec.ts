import { expect, test } from '@playwright/test';
import { dragBetween, signIn } from './helpers';

// The workflow builder end to end, on the main server: a blank workflow made through the API is
// opened in the builder; a transform and an end are dragged from the palette onto the canvas and
// joined to the trigger by dragging from handle to handle; the transform's template is filled in
// the inspector (the server's check clears its problem), the workflow is saved (version 2), and a
// test run lights every node up as succeeded, with the transform's output in the run panel.

type Data<T> = { data: T };

// A builder wants room: a laptop's screen.
test.use({ viewport: { width: 1440, height: 900 } });

test('workflow builder: drag steps in, connect them, save, and watch a test run succeed', async ({ page, request }) => {
  test.setTimeout(60_000);
  const token = await signIn(page, request, 'builder');
  const made = await request.post('/api/workflows', { headers: { Authorization: `Bearer ${token}` }, data: { name: 'Greeter' } });
  expect(made.ok(), await made.text()).toBeTruthy();
  const workflow = ((await made.json()) as Data<{ id: string; version: number }>).data;
  expect(workflow.version).toBe(1);

  await page.goto(`/dashboard/workflows/${workflow.id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Greeter' })).toBeVisible();
  await expect(page.getByTestId('workflow-version')).toHaveText('Version 1');
  const canvas = page.getByTestId('builder-canvas');
  const node = (id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);
  await expect(node('start')).toBeVisible();

  // Drag a transform and an end from the palette onto the canvas.
  const start = (await node('start').boundingBox())!;
  const pane = (await canvas.boundingBox())!;
  const below = Math.min(start.y + start.height - pane.y + 70, pane.height - 60);
  await page.getByTestId('palette-transform').dragTo(canvas, { targetPosition: { x: pane.width * 0.28, y: below } });
  await expect(node('transform_1')).toBeVisible();
  await page.getByTestId('palette-end').dragTo(canvas, { targetPosition: { x: pane.width * 0.72, y: below } });
  await expect(node('end_1')).toBeVisible();
  await expect(page.getByTestId('save-state')).toHaveText('Unsaved changes');

  // Join them: trigger → transform → end, from each way out to the next way in.
  const handle = (id: string, kind: 'source' | 'target') =>
    node(id).locator(kind === 'source' ? '.react-flow__handle.source:not([data-handleid="error"])' : '.react-flow__handle.target');
  await dragBetween(page, handle('start', 'source'), handle('transform_1', 'target'));
  await expect(page.locator('.react-flow__edge')).toHaveCount(1);
  await dragBetween(page, handle('transform_1', 'source'), handle('end_1', 'target'));
  await expect(page.locator('.react-flow__edge')).toHaveCount(2);

  // The server's check finds the empty template; filling it in clears it.
  const transform = page.locator('[data-testid="workflow-node"][data-node-id="transform_1"]');
  await expect(transform).toHaveAttribute('data-invalid', 'true');
  await node('transform_1').click();
  const inspector = page.getByRole('complementary', { name: 'Step' });
  await inspector.getByRole('textbox', { name: 'Template' }).fill('Hello {{ input.name }}');
  await expect(transform).not.toHaveAttribute('data-invalid');

  // Save: version 2, the graph as drawn.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('save-state')).toHaveText('All changes saved');
  await expect(page.getByTestId('workflow-version')).toHaveText('Version 2');
  const stored = await request.get(`/api/workflows/${workflow.id}`, { headers: { Authorization: `Bearer ${token}` } });
  const graph = ((await stored.json()) as Data<{ graph: { nodes: Array<{ id: string; data: unknown }>; edges: Array<{ source: string; target: string }> } }>).data.graph;
  expect(graph.nodes.map((n) => n.id).sort()).toEqual(['end_1', 'start', 'transform_1']);
  expect(graph.nodes.find((n) => n.id === 'transform_1')!.data).toEqual({ template: 'Hello {{ input.name }}' });
  expect(graph.edges.map((e) => `${e.source}>${e.target}`).sort()).toEqual(['start>transform_1', 'transform_1>end_1']);

  // A test run with an input: every node turns succeeded.
  await page.getByRole('tab', { name: 'Test run' }).click();
  await page.getByRole('textbox', { name: 'Test input (JSON)' }).fill('{"name": "Ada"}');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  for (const id of ['start', 'transform_1', 'end_1']) {
    await expect(page.locator(`[data-testid="workflow-node"][data-node-id="${id}"]`)).toHaveAttribute('data-status', 'succeeded', { timeout: 15_000 });
  }
  const run = page.getByTestId('test-run');
  await expect(run).toHaveAttribute('data-status', 'succeeded');
  await expect(run.getByTestId('run-step')).toHaveCount(3);
  await run.locator('[data-testid="run-step"][data-node-id="transform_1"] summary').click();
  await expect(run.getByText('Hello Ada').first()).toBeVisible();
});
