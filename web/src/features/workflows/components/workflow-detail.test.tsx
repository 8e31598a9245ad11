import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Execution, WorkflowUpdate } from '@/features/workflows/api/workflows';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { FakeWebSocket } from '@/testing/mocks/realtime';
import { server } from '@/testing/mocks/server';
import { failedRun, greetingGraph, makeExecution, makeStep, makeVersion, makeWorkflow } from '@/testing/mocks/workflows';
import { plainUser, renderApp } from '@/testing/test-utils';

// The builder is another screen's work: its route is a stand-in here.
vi.mock('@/app/routes/dashboard/workflow-edit', () => ({ WorkflowEditRoute: () => <h1>Workflow builder</h1> }));

const PAGE = '/dashboard/workflows/w1';
const greeting = makeWorkflow();

/** The workflow, its runs and one run's detail, as the server has them (the test changes `runs`). */
function withWorkflow(workflow = greeting, runs: Execution[] = []) {
  server.use(
    mockApi.get('/workflows/{id}', () => ok(workflow), { id: workflow.id }),
    mockApi.get('/workflows/{id}/executions', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      return ok(runs.filter((r) => !status || r.status === status).map((r) => ({ ...r, steps: [] })));
    }),
    mockApi.get('/workflow-executions/{id}', ({ params }) => {
      const run = runs.find((r) => r.id === params.id);
      return run ? ok(run) : fail(404, 'not_found', 'Run not found');
    }),
  );
}

describe('a workflow’s page', () => {
  it('shows its header, overview and steps', async () => {
    withWorkflow();
    renderApp(PAGE, { user: plainUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Greet by name' })).toBeInTheDocument();
    expect(screen.getByTestId('workflow-status')).toHaveTextContent('Draft');
    expect(screen.getByTestId('workflow-version')).toHaveTextContent('Version 2');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/dashboard/workflows/w1/edit');
    expect(screen.getByText('Turns the input into a greeting.')).toBeInTheDocument();
    expect(screen.getByTestId('stat-runs')).toHaveTextContent('4');
    expect(screen.getByTestId('stat-succeeded')).toHaveTextContent('3');
    expect(screen.getByTestId('stat-failed')).toHaveTextContent('1');
    expect(screen.getByTestId('stat-success-rate')).toHaveTextContent('75%');
    expect(screen.getByTestId('stat-nodes')).toHaveTextContent('3');
    expect(screen.getAllByTestId('graph-node')).toHaveLength(3);
  });

  it('says when the workflow does not exist', async () => {
    server.use(mockApi.get('/workflows/{id}', () => fail(404, 'not_found', 'Workflow not found')));
    renderApp('/dashboard/workflows/nope', { user: plainUser });
    expect(await screen.findByText('This workflow does not exist, or it is not yours.')).toBeInTheDocument();
  });

  it('shows a webhook trigger’s URL and replaces it after confirming', async () => {
    let workflow = makeWorkflow({ trigger: { type: 'webhook' }, status: 'active', webhookUrl: 'http://localhost:8080/api/workflows/hooks/wfh_old' });
    server.use(
      mockApi.get('/workflows/{id}', () => ok(workflow)),
      mockApi.post('/workflows/{id}/rotate-hook', () => {
        workflow = { ...workflow, webhookUrl: 'http://localhost:8080/api/workflows/hooks/wfh_new' };
        return ok(workflow);
      }),
    );
    const { user } = renderApp(PAGE, { user: plainUser });
    expect(await screen.findByLabelText('Webhook URL')).toHaveValue('http://localhost:8080/api/workflows/hooks/wfh_old');
    await user.click(screen.getByRole('button', { name: 'Replace URL' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Replace the webhook URL?' });
    await user.click(within(confirm).getByRole('button', { name: 'Replace URL' }));
    expect(await screen.findByText('The webhook URL was replaced')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Webhook URL')).toHaveValue('http://localhost:8080/api/workflows/hooks/wfh_new'));
  });

  it('shows a schedule’s next run while active', async () => {
    withWorkflow(makeWorkflow({ status: 'active', trigger: { type: 'schedule', cron: '0 9 * * 1-5', timezone: 'Europe/Paris' }, nextRunAt: '2030-03-04T08:00:00Z' }));
    renderApp(PAGE, { user: plainUser });
    const schedule = await screen.findByRole('region', { name: 'Schedule trigger' });
    expect(within(schedule).getByTestId('workflow-next-run')).toHaveTextContent('Next run:');
    expect(within(schedule).getByText('0 9 * * 1-5', { selector: 'code' })).toBeInTheDocument();
    expect(within(schedule).getByText('Europe/Paris')).toBeInTheDocument();
  });

  it('runs with a JSON input checked before it is sent', async () => {
    withWorkflow();
    const bodies: unknown[] = [];
    server.use(
      mockApi.post('/workflows/{id}/execute', async ({ request }) => {
        bodies.push(await request.json());
        return ok(makeExecution({ id: 'r5', status: 'queued' }), 202);
      }),
    );
    const { user } = renderApp(PAGE, { user: plainUser });
    await user.click(await screen.findByRole('button', { name: 'Run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run Greet by name' });
    const input = within(dialog).getByLabelText('Input (JSON, optional)');
    await user.type(input, '{{"name": ');
    await user.click(within(dialog).getByRole('button', { name: 'Start run' }));
    expect(await within(dialog).findByText('This is not valid JSON')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '[[1, 2]');
    await user.click(within(dialog).getByRole('button', { name: 'Start run' }));
    expect(await within(dialog).findByText(/The input must be a JSON object/)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '{{"name": "Ada"}');
    await user.click(within(dialog).getByRole('button', { name: 'Start run' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ input: { name: 'Ada' } }]);
    expect(await screen.findByText('Greet by name is running')).toBeInTheDocument();

    // The run finished before its panel opened (its socket events came while it was closed): the
    // panel reads it again instead of showing the queued run the start answered with.
    server.use(mockApi.get('/workflow-executions/{id}', () => ok(makeExecution({ id: 'r5', steps: [makeStep()] }))));
    await user.click(screen.getByRole('button', { name: 'Open the run' }));
    const panel = await screen.findByRole('dialog', { name: 'Run of Greet by name' });
    await waitFor(() => expect(within(panel).getByTestId('run-status')).toHaveTextContent('Succeeded'));
    expect(within(panel).getByTestId('run-output')).toHaveTextContent('"greeting": "Hello Ada"');
  });

  it('reads a going run again every few seconds while its panel is open', async () => {
    const runs = [makeExecution({ id: 'r6', status: 'running', finishedAt: null, durationMs: null, output: null })];
    withWorkflow(greeting, runs);
    renderApp(`${PAGE}?tab=runs&run=r6`, { user: plainUser });
    const panel = await screen.findByRole('dialog', { name: 'Run of Greet by name' });
    expect(await within(panel).findByTestId('run-status')).toHaveTextContent('Running');
    runs[0] = makeExecution({ id: 'r6', steps: [makeStep()] });
    await waitFor(() => expect(within(panel).getByTestId('run-status')).toHaveTextContent('Succeeded'), { timeout: 6000 });
  });

  it('lists the runs, filters them by status, and follows them live', async () => {
    const runs = [makeExecution(), failedRun()];
    withWorkflow(greeting, runs);
    const { user } = renderApp(`${PAGE}?tab=runs`, { user: plainUser });
    expect(await screen.findByRole('tab', { name: 'Runs', selected: true })).toBeInTheDocument();
    expect(await screen.findAllByTestId('run-row')).toHaveLength(2);
    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    await waitFor(() => expect(screen.getAllByTestId('run-row')).toHaveLength(1));
    expect(screen.getByTestId('run-row')).toHaveTextContent('Failed');
    await user.selectOptions(screen.getByLabelText('Status'), 'all');
    await waitFor(() => expect(screen.getAllByTestId('run-row')).toHaveLength(2));

    // A run started elsewhere arrives through the socket.
    runs.unshift(makeExecution({ id: 'r3', status: 'running', finishedAt: null, durationMs: null, output: null }));
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    act(() => FakeWebSocket.last().open());
    act(() => FakeWebSocket.last().emit({ type: 'workflow.execution', workflowId: 'w1', executionId: 'r3', status: 'running' }));
    await waitFor(() => expect(screen.getAllByTestId('run-row')).toHaveLength(3));
    expect(screen.getAllByTestId('run-row')[0]).toHaveTextContent('Running');
  });

  it('opens a failed run: its error, each step with its input, output and error, and Retry', async () => {
    const runs = [failedRun()];
    withWorkflow(greeting, runs);
    let retried = 0;
    server.use(
      mockApi.post('/workflow-executions/{id}/retry', ({ params }) => {
        retried += 1;
        runs[0] = { ...runs[0], status: 'queued', error: null, failedNodeId: null, retries: 1 };
        return ok({ ...runs[0], id: params.id });
      }),
    );
    const { user, router } = renderApp(`${PAGE}?tab=runs`, { user: plainUser });
    await user.click(await screen.findByRole('button', { name: /^Open: Greet by name/ }));
    expect(router.state.location.search).toBe('?tab=runs&run=r2');
    const panel = await screen.findByRole('dialog', { name: 'Run of Greet by name' });
    expect(await within(panel).findByTestId('run-status')).toHaveTextContent('Failed');
    expect(within(panel).getByText('Failed at the step Write the greeting')).toBeInTheDocument();
    expect(within(panel).getByTestId('run-error')).toHaveTextContent('The template did not make JSON');
    expect(within(panel).getByTestId('run-input')).toHaveTextContent('"name": "Ada"');
    expect(within(panel).getByTestId('run-duration')).toHaveTextContent('2.3 s');

    const steps = within(panel).getAllByTestId('run-step');
    expect(steps).toHaveLength(2);
    expect(within(steps[0]).getByTestId('step-status')).toHaveTextContent('Succeeded');
    expect(steps[0]).toHaveTextContent('Start');
    expect(steps[0]).toHaveTextContent('Trigger');
    expect(within(steps[1]).getByTestId('step-status')).toHaveTextContent('Failed');
    expect(steps[1]).toHaveTextContent('Write the greeting');
    expect(steps[1]).toHaveTextContent('Transform');
    expect(steps[1]).toHaveTextContent('Attempts: 2');
    expect(steps[1]).toHaveTextContent('2.2 s');
    // A failed step is open from the start, with its error.
    expect(within(steps[1]).getByTestId('step-error')).toBeVisible();
    expect(within(steps[1]).getByText('greet', { selector: 'code' })).toBeInTheDocument();

    expect(within(panel).queryByRole('button', { name: 'Cancel run' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Retry from the failed step' }));
    expect(await screen.findByText('Retrying from Write the greeting')).toBeInTheDocument();
    expect(retried).toBe(1);
    await waitFor(() => expect(within(panel).getByTestId('run-status')).toHaveTextContent('Queued'));
    expect(within(panel).queryByRole('button', { name: 'Retry from the failed step' })).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Close run' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=runs'));
  });

  it('cancels a running run after confirming', async () => {
    const running = makeExecution({ id: 'r4', status: 'running', finishedAt: null, durationMs: null, output: null, steps: [makeStep({ nodeId: 'start', nodeType: 'trigger' }), makeStep({ status: 'running', finishedAt: null, durationMs: null, output: null })] });
    const runs = [running];
    withWorkflow(greeting, runs);
    server.use(
      mockApi.post('/workflow-executions/{id}/cancel', () => {
        runs[0] = { ...runs[0], status: 'canceled', finishedAt: '2026-03-01T09:00:03Z' };
        return ok(runs[0]);
      }),
    );
    const { user } = renderApp(`${PAGE}?tab=runs&run=r4`, { user: plainUser });
    const panel = await screen.findByRole('dialog', { name: 'Run of Greet by name' });
    expect(await within(panel).findByTestId('run-status')).toHaveTextContent('Running');
    expect(within(panel).queryByRole('button', { name: 'Retry from the failed step' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Cancel run' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel this run?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel run' }));
    expect(await screen.findByText('The run was canceled')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByTestId('run-status')).toHaveTextContent('Canceled'));
  });

  it('restores an older version as a new one after confirming', async () => {
    const older = makeVersion({ version: 1, trigger: { type: 'webhook' }, graph: { ...greetingGraph(), nodes: greetingGraph().nodes.slice(0, 1), edges: [] } });
    let workflow = greeting;
    const sent: WorkflowUpdate[] = [];
    server.use(
      mockApi.get('/workflows/{id}', () => ok(workflow)),
      mockApi.get('/workflows/{id}/versions', () => ok([makeVersion({ version: 2 }), older])),
      mockApi.put('/workflows/{id}', async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        workflow = { ...workflow, version: 3 };
        return ok(workflow);
      }),
    );
    const { user } = renderApp(`${PAGE}?tab=versions`, { user: plainUser });
    const rows = await screen.findAllByTestId('version-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Current');
    expect(within(rows[0]).queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('v1');
    await user.click(within(rows[1]).getByRole('button', { name: 'Restore version 1' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Restore version 1?' });
    await user.click(within(confirm).getByRole('button', { name: 'Restore version' }));
    expect(await screen.findByText('Version 1 restored as version 3')).toBeInTheDocument();
    expect(sent).toEqual([{ graph: older.graph, trigger: older.trigger }]);
  });

  it('deletes the workflow after confirming and goes back to the list', async () => {
    withWorkflow();
    server.use(mockApi.delete('/workflows/{id}', ({ params }) => ok({ id: params.id, deleted: true })));
    const { user, router } = renderApp(PAGE, { user: plainUser });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete Greet by name?' })).getByRole('button', { name: 'Delete workflow' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/workflows'));
    expect(await screen.findByText('Greet by name deleted')).toBeInTheDocument();
  });
});
