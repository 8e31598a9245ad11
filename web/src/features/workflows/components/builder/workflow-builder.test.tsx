import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Execution, Graph, Problem, WorkflowUpdate } from '@/features/workflows/api/workflows';
import { makeRun, makeStep, makeWorkflow, sampleGraph } from '@/features/workflows/components/builder/test-fixtures';
import { stubXyflowBrowser } from '@/components/graph-builder/xyflow-stubs';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { plainUser, renderApp } from '@/testing/test-utils';

const PATH = '/dashboard/workflows/w1/edit';

beforeAll(stubXyflowBrowser);

/** The validator's answers: `problems` for the graph as sent (the test reads what it was sent). */
function withValidation(problems: (graph: Graph) => Problem[] = () => []) {
  const checked: Graph[] = [];
  server.use(
    mockApi.post('/workflows/validate', async ({ request }) => {
      const body = await request.json();
      checked.push(body.graph);
      const found = problems(body.graph);
      return ok({ valid: found.length === 0, problems: found });
    }),
  );
  return checked;
}

const nodeEl = (id: string) => document.querySelector<HTMLElement>(`[data-testid="workflow-node"][data-node-id="${id}"]`);
const nodeIds = () => [...document.querySelectorAll<HTMLElement>('[data-testid="workflow-node"]')].map((n) => n.dataset.nodeId);
const canvasNode = (id: string) => document.querySelector<HTMLElement>(`.react-flow__node[data-id="${id}"]`)!;

async function openBuilder() {
  const view = renderApp(PATH, { user: plainUser });
  await screen.findByTestId('workflow-builder');
  await waitFor(() => expect(nodeIds()).toEqual(['start', 'shape', 'check', 'done', 'other']));
  return view;
}

describe('the workflow builder', () => {
  beforeEach(() => {
    server.use(mockApi.get('/workflows/{id}', () => ok(makeWorkflow()), { id: 'w1' }));
  });

  it('shows the saved graph, its version, and that nothing is unsaved', async () => {
    withValidation();
    await openBuilder();
    expect(screen.getByRole('heading', { level: 1, name: 'Greeter' })).toBeInTheDocument();
    expect(screen.getByTestId('workflow-version')).toHaveTextContent('Version 3');
    expect(screen.getByTestId('save-state')).toHaveTextContent('All changes saved');
    expect(within(nodeEl('shape')!).getByText('Shape')).toBeInTheDocument();
    expect(within(nodeEl('check')!).getByText('nodes.shape.output.text != ""')).toBeInTheDocument();
    // Nothing selected: the workflow's name and trigger.
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Greeter');
    expect(screen.getByRole('combobox', { name: 'Starts' })).toHaveValue('manual');
    // Every step type is in the palette, the trigger is not.
    expect(screen.getByTestId('palette-http')).toHaveTextContent('HTTP request');
    expect(screen.queryByTestId('palette-trigger')).not.toBeInTheDocument();
  });

  it('shows the problems /workflows/validate finds on their node, in its inspector and in the problems panel', async () => {
    const checked = withValidation((graph) =>
      graph.nodes.some((n) => n.id === 'shape' && (n.data as { template?: string }).template === '')
        ? [
            { field: 'graph.nodes.shape.data.template', message: 'Required' },
            { field: 'graph.nodes.done', message: "'Done' cannot be reached from the trigger" },
          ]
        : [],
    );
    const { user } = await openBuilder();
    await waitFor(() => expect(checked.length).toBeGreaterThan(0));
    expect(nodeEl('shape')).not.toHaveAttribute('data-invalid');

    fireEvent.click(canvasNode('shape'));
    const template = await screen.findByRole('textbox', { name: 'Template' });
    expect(template).toHaveValue('Hello {{ input.name }}');
    await user.clear(template);
    // Checked half a second after the change: the node turns red, the field says why.
    await waitFor(() => expect(nodeEl('shape')).toHaveAttribute('data-invalid', 'true'));
    expect(within(nodeEl('shape')!).getByText('1 problem')).toBeInTheDocument();
    expect(nodeEl('done')).toHaveAttribute('data-invalid', 'true');
    expect(checked.at(-1)!.nodes.find((n) => n.id === 'shape')!.data).toEqual({ template: '' });
    const inspector = screen.getByRole('complementary', { name: 'Step' });
    expect(within(inspector).getByRole('group', { name: 'Problems' })).toHaveTextContent('Required');
    expect(within(inspector).getByRole('textbox', { name: 'Template' })).toHaveAccessibleDescription('Required');
    expect(screen.getByTestId('save-state')).toHaveTextContent('Unsaved changes');

    await user.click(screen.getByRole('tab', { name: /Problems/ }));
    const panel = await screen.findByTestId('problems-panel');
    expect(panel).toHaveTextContent('2 problems to fix before the workflow can run.');
    expect(panel).toHaveTextContent("'Done' cannot be reached from the trigger");
  });

  it('saves the graph, and shows a refused save’s field problems on the node', async () => {
    withValidation();
    const sent: WorkflowUpdate[] = [];
    let refuse = true;
    let current = makeWorkflow();
    server.use(
      mockApi.put('/workflows/{id}', async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        if (refuse) return fail(422, 'validation_error', 'Invalid input', [{ field: 'graph.nodes.shape.timeoutSeconds', message: 'Must be between 1 and 600' }]);
        current = makeWorkflow({ version: 4, graph: body.graph ?? sampleGraph() });
        return ok(current);
      }),
      mockApi.get('/workflows/{id}', () => ok(current), { id: 'w1' }),
    );
    const { user } = await openBuilder();
    fireEvent.click(canvasNode('shape'));
    const label = await screen.findByRole('textbox', { name: 'Label' });
    await user.clear(label);
    await user.type(label, 'Greeting');
    await waitFor(() => expect(within(nodeEl('shape')!).getByText('Greeting')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(nodeEl('shape')).toHaveAttribute('data-invalid', 'true'));
    expect(sent[0].graph!.nodes.find((n) => n.id === 'shape')).toMatchObject({ name: 'Greeting', timeoutSeconds: 20 });
    expect(sent[0].name).toBe('Greeter');
    expect(screen.getByTestId('save-state')).toHaveTextContent('Unsaved changes');

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('save-state')).toHaveTextContent('All changes saved'));
    expect(screen.getByTestId('workflow-version')).toHaveTextContent('Version 4');
  });

  it('saves unsaved changes before a test run', async () => {
    withValidation();
    const calls: string[] = [];
    server.use(
      mockApi.put('/workflows/{id}', async ({ request }) => {
        calls.push('save');
        return ok(makeWorkflow({ version: 4, graph: (await request.json()).graph ?? sampleGraph() }));
      }),
      mockApi.post('/workflows/{id}/execute', () => {
        calls.push('run');
        return ok(makeRun('queued', [], { version: 4 }), 201);
      }),
      mockApi.get('/workflow-executions/{id}', () => ok(makeRun('succeeded', [makeStep('start', 'succeeded')], { version: 4 }))),
    );
    const { user } = await openBuilder();
    await user.click(screen.getByTestId('palette-delay'));
    await waitFor(() => expect(screen.getByTestId('save-state')).toHaveTextContent('Unsaved changes'));
    await user.click(screen.getByRole('button', { name: 'Test run' }));
    await waitFor(() => expect(nodeEl('start')).toHaveAttribute('data-status', 'succeeded'));
    expect(calls).toEqual(['save', 'run']);
    expect(screen.getByTestId('save-state')).toHaveTextContent('All changes saved');
  });

  it('undoes and redoes with the keyboard', async () => {
    withValidation();
    const { user } = await openBuilder();
    await user.click(screen.getByTestId('palette-http'));
    await waitFor(() => expect(nodeIds()).toContain('http_1'));
    expect(screen.getByTestId('save-state')).toHaveTextContent('Unsaved changes');
    await user.click(document.body);
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(nodeIds()).not.toContain('http_1'));
    expect(screen.getByTestId('save-state')).toHaveTextContent('All changes saved');
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await waitFor(() => expect(nodeIds()).toContain('http_1'));
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(nodeIds()).not.toContain('http_1'));
    await user.keyboard('{Control>}y{/Control}');
    await waitFor(() => expect(nodeIds()).toContain('http_1'));
    // The toolbar's buttons do the same.
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(nodeIds()).not.toContain('http_1'));
  });

  it('copies and pastes the selected nodes with new ids', async () => {
    withValidation();
    const { user } = await openBuilder();
    fireEvent.click(canvasNode('shape'));
    await screen.findByRole('textbox', { name: 'Template' });
    // Shortcuts belong to the canvas, not to a field being typed in.
    await user.click(document.body);
    await user.keyboard('{Control>}c{/Control}');
    await user.keyboard('{Control>}v{/Control}');
    await waitFor(() => expect(nodeIds()).toContain('shape_copy'));
    await user.keyboard('{Control>}v{/Control}');
    await waitFor(() => expect(nodeIds()).toContain('shape_copy_2'));
    expect(within(nodeEl('shape_copy')!).getByText('Shape')).toBeInTheDocument();
    expect(nodeIds()).toHaveLength(7);
  });

  it('deletes the selected node and its edges with Delete, never the trigger, and asks before leaving with unsaved changes', async () => {
    withValidation();
    const { user, router } = await openBuilder();
    fireEvent.click(canvasNode('start'));
    await user.keyboard('{Delete}');
    fireEvent.click(canvasNode('done'));
    await screen.findByRole('textbox', { name: 'ID' });
    await user.click(document.body);
    fireEvent.click(canvasNode('done'));
    await user.keyboard('{Delete}');
    await waitFor(() => expect(nodeIds()).toEqual(['start', 'shape', 'check', 'other']));
    expect(screen.getByTestId('save-state')).toHaveTextContent('Unsaved changes');

    await user.click(screen.getByRole('link', { name: 'Workflow' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe(PATH);
    await user.click(screen.getByRole('link', { name: 'Workflow' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/workflows/w1'));
  });

  it('renames a node, refusing an id another node has', async () => {
    withValidation();
    const { user } = await openBuilder();
    fireEvent.click(canvasNode('shape'));
    const id = await screen.findByRole('textbox', { name: 'ID' });
    await user.clear(id);
    await user.type(id, 'check');
    expect(await screen.findByText('Another step has this ID')).toBeInTheDocument();
    await user.clear(id);
    await user.type(id, 'greet{Enter}');
    await waitFor(() => expect(nodeIds()).toEqual(['start', 'greet', 'check', 'done', 'other']));
    // The condition's expression follows the rename.
    expect(within(nodeEl('check')!).getByText('nodes.greet.output.text != ""')).toBeInTheDocument();
  });

  it('refuses an import that is not JSON, or not a workflow, and loads one that is', async () => {
    withValidation();
    const { user } = await openBuilder();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a workflow' });
    const box = within(dialog).getByRole('textbox', { name: 'Or paste the JSON' });
    fireEvent.change(box, { target: { value: '{"graph": ' } });
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText(/This is not JSON/)).toBeInTheDocument();
    fireEvent.change(box, { target: { value: JSON.stringify({ graph: { nodes: [{ id: 'start', type: 'trigger' }, { id: 'x', type: 'http', data: { url: 1 } }], edges: [] } }) } });
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('This is not a workflow that can be imported:')).toBeInTheDocument();
    expect(within(dialog).getAllByText(/graph\.nodes\.1\.data/).length).toBeGreaterThan(0);
    expect(nodeIds()).toHaveLength(5);

    const doc = { name: 'Imported', trigger: { type: 'manual' }, graph: { nodes: [{ id: 'start', type: 'trigger' }, { id: 'bye', type: 'end' }], edges: [{ id: 'e1', source: 'start', target: 'bye' }] } };
    fireEvent.change(box, { target: { value: JSON.stringify(doc) } });
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(nodeIds()).toEqual(['start', 'bye']));
    expect(screen.getByRole('heading', { level: 1, name: 'Imported' })).toBeInTheDocument();
  });

  it('lights the nodes up by their steps during a test run, and shows each step', async () => {
    withValidation();
    const runs: Execution[] = [
      makeRun('running', [makeStep('start', 'succeeded', { nodeType: 'trigger' }), makeStep('shape', 'succeeded', { output: { text: 'Hello Ada' } }), makeStep('check', 'running')]),
      makeRun('failed', [
        makeStep('start', 'succeeded', { nodeType: 'trigger' }),
        makeStep('shape', 'succeeded', { output: { text: 'Hello Ada' } }),
        makeStep('check', 'failed', { error: 'boom' }),
        makeStep('done', 'skipped'),
        makeStep('other', 'waiting'),
      ]),
    ];
    let reads = 0;
    let input: unknown;
    server.use(
      mockApi.post('/workflows/{id}/execute', async ({ request }) => {
        input = (await request.json()).input;
        return ok(makeRun('queued', []), 201);
      }),
      mockApi.get('/workflow-executions/{id}', () => ok(runs[Math.min(reads++, runs.length - 1)])),
    );
    const { user } = await openBuilder();
    await user.click(screen.getByRole('tab', { name: 'Test run' }));
    const field = await screen.findByRole('textbox', { name: 'Test input (JSON)' });
    fireEvent.change(field, { target: { value: '[1]' } });
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('The input must be a JSON object.')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '{"name": "Ada"}' } });
    await user.click(screen.getByRole('button', { name: 'Run' }));

    await waitFor(() => expect(nodeEl('check')).toHaveAttribute('data-status', 'running'));
    expect(input).toEqual({ name: 'Ada' });
    expect(nodeEl('shape')).toHaveAttribute('data-status', 'succeeded');
    expect(screen.getByRole('button', { name: 'Cancel run' })).toBeInTheDocument();

    await waitFor(() => expect(nodeEl('check')).toHaveAttribute('data-status', 'failed'), { timeout: 4000 });
    expect(nodeEl('done')).toHaveAttribute('data-status', 'skipped');
    expect(nodeEl('other')).toHaveAttribute('data-status', 'waiting');
    expect(within(nodeEl('check')!).getByTestId('node-status')).toHaveTextContent('Failed');
    const run = screen.getByTestId('test-run');
    expect(run).toHaveAttribute('data-status', 'failed');
    expect(within(run).getAllByTestId('run-step').map((s) => s.dataset.status)).toEqual(['succeeded', 'succeeded', 'failed', 'skipped', 'waiting']);
    expect(within(run).getByText('boom')).toBeInTheDocument();
    expect(within(run).getByText(/"text": "Hello Ada"/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel run' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(nodeEl('check')).not.toHaveAttribute('data-status');
  });

  it('says so when the workflow does not exist', async () => {
    server.use(mockApi.get('/workflows/{id}', () => fail(404, 'not_found', 'Workflow not found'), { id: 'w1' }));
    renderApp(PATH, { user: plainUser });
    expect(await screen.findByText('This workflow does not exist, or it is not yours.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All workflows' })).toHaveAttribute('href', '/dashboard/workflows');
  });
});
