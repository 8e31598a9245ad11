import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { WorkflowUpdate } from '@/features/workflows/api/workflows';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { makeExecution, makeWorkflow } from '@/testing/mocks/workflows';
import { plainUser, renderApp } from '@/testing/test-utils';

// The builder is another screen's work: its route is a stand-in here.
vi.mock('@/app/routes/dashboard/workflow-edit', () => ({ WorkflowEditRoute: () => <h1>Workflow builder</h1> }));

const LIST = '/dashboard/workflows';

const greeting = makeWorkflow();
const report = makeWorkflow({
  id: 'w2',
  name: 'Daily report',
  description: 'Every weekday at nine.',
  status: 'active',
  version: 5,
  trigger: { type: 'schedule', cron: '0 9 * * 1-5', timezone: 'UTC' },
  stats: { runs: 12, succeeded: 12, failed: 0, active: 1, successRate: 1, lastRunAt: new Date(Date.now() - 5 * 60_000).toISOString() },
});
const hook = makeWorkflow({ id: 'w3', name: 'Lead intake', status: 'paused', trigger: { type: 'webhook' }, stats: { runs: 0, succeeded: 0, failed: 0, active: 0, successRate: null, lastRunAt: null } });
const onEvent = makeWorkflow({ id: 'w4', name: 'Call follow-up', trigger: { type: 'event', event: 'call.completed' } });

const withWorkflows = (...list: ReturnType<typeof makeWorkflow>[]) => server.use(mockApi.get('/workflows', () => ok(list)));
const rowOf = async (name: string) => (await screen.findAllByTestId('workflow-row')).find((r) => within(r).queryByRole('link', { name }))!;

describe('the workflows list', () => {
  it('says there are none yet and offers to create one', async () => {
    const { user, router } = renderApp(LIST, { user: plainUser });
    expect(await screen.findByRole('heading', { level: 2, name: 'No workflows yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Create workflow' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/workflows/create'));
  });

  it('shows each workflow with its status, trigger, last run, success rate, runs and version', async () => {
    withWorkflows(greeting, report, hook, onEvent);
    renderApp(LIST, { user: plainUser });
    expect(await screen.findAllByTestId('workflow-row')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Create workflow' })).toHaveAttribute('href', '/dashboard/workflows/create');

    const daily = await rowOf('Daily report');
    expect(within(daily).getByRole('link', { name: 'Daily report' })).toHaveAttribute('href', '/dashboard/workflows/w2');
    expect(within(daily).getByText('Every weekday at nine.')).toBeInTheDocument();
    expect(within(daily).getByTestId('workflow-status')).toHaveTextContent('Active');
    expect(within(daily).getByTestId('trigger-summary')).toHaveTextContent('Schedule0 9 * * 1-5 (UTC)');
    expect(within(daily).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(daily).getByText('100%')).toBeInTheDocument();
    expect(within(daily).getByText('12')).toBeInTheDocument();
    expect(within(daily).getByText('1 in progress')).toBeInTheDocument();
    expect(within(daily).getByText('v5')).toBeInTheDocument();

    const first = await rowOf('Greet by name');
    expect(within(first).getByTestId('workflow-status')).toHaveTextContent('Draft');
    expect(within(first).getByTestId('trigger-summary')).toHaveTextContent('Manual');
    expect(within(first).getByText('75%')).toBeInTheDocument();

    const intake = await rowOf('Lead intake');
    expect(within(intake).getByTestId('workflow-status')).toHaveTextContent('Paused');
    expect(within(intake).getByTestId('trigger-summary')).toHaveTextContent('Webhook');
    expect(within(intake).getByText('Never')).toBeInTheDocument();
    expect(within(intake).getByText('—')).toBeInTheDocument();

    expect(within(await rowOf('Call follow-up')).getByTestId('trigger-summary')).toHaveTextContent('EventA phone call ends');
  });

  it('runs a workflow now with an empty input, and its toast opens the run', async () => {
    withWorkflows(greeting);
    const bodies: unknown[] = [];
    server.use(
      mockApi.post('/workflows/{id}/execute', async ({ request, params }) => {
        bodies.push({ id: params.id, body: await request.json() });
        return ok(makeExecution({ id: 'r9', status: 'queued', startedAt: null, finishedAt: null, durationMs: null, output: null }), 202);
      }),
      mockApi.get('/workflows/{id}', () => ok(greeting)),
      mockApi.get('/workflow-executions/{id}', () => ok(makeExecution({ id: 'r9', status: 'queued', startedAt: null, finishedAt: null, durationMs: null, output: null }))),
    );
    const { user, router } = renderApp(LIST, { user: plainUser });
    const row = await rowOf('Greet by name');
    await user.click(within(row).getByRole('button', { name: 'Run now: Greet by name' }));
    expect(await screen.findByText('Greet by name is running')).toBeInTheDocument();
    expect(bodies).toEqual([{ id: 'w1', body: { input: {} } }]);

    await user.click(screen.getByRole('button', { name: 'Open the run' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/workflows/w1'));
    expect(router.state.location.search).toBe('?tab=runs&run=r9');
    const panel = await screen.findByRole('dialog', { name: 'Run of Greet by name' });
    expect(await within(panel).findByTestId('run-status')).toHaveTextContent('Queued');
  });

  it('says why a run was refused', async () => {
    withWorkflows(greeting);
    server.use(mockApi.post('/workflows/{id}/execute', () => fail(409, 'conflict', 'This workflow has as many runs in progress as it may have (1000)')));
    const { user } = renderApp(LIST, { user: plainUser });
    await user.click(within(await rowOf('Greet by name')).getByRole('button', { name: 'Run now: Greet by name' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not run Greet by name');
    expect(alert).toHaveTextContent('This workflow has as many runs in progress as it may have (1000)');
  });

  it('activates, pauses, opens, edits and deletes from the row menu', async () => {
    const list = [greeting, report];
    const changes: Array<{ id: string; body: WorkflowUpdate }> = [];
    server.use(
      mockApi.get('/workflows', () => ok(list)),
      mockApi.put('/workflows/{id}', async ({ request, params }) => {
        const body = await request.json();
        changes.push({ id: params.id, body });
        const i = list.findIndex((w) => w.id === params.id);
        list[i] = { ...list[i], status: body.status ?? list[i].status };
        return ok(list[i]);
      }),
      mockApi.delete('/workflows/{id}', ({ params }) => {
        list.splice(
          list.findIndex((w) => w.id === params.id),
          1,
        );
        return ok({ id: params.id, deleted: true });
      }),
    );
    const { user, router } = renderApp(LIST, { user: plainUser });

    await user.click(within(await rowOf('Greet by name')).getByRole('button', { name: 'More actions for Greet by name' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Activate' }));
    expect(await screen.findByText('Greet by name is active')).toBeInTheDocument();
    await user.click(within(await rowOf('Daily report')).getByRole('button', { name: 'More actions for Daily report' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pause' }));
    expect(await screen.findByText('Daily report is paused')).toBeInTheDocument();
    expect(changes).toEqual([
      { id: 'w1', body: { status: 'active' } },
      { id: 'w2', body: { status: 'paused' } },
    ]);
    await waitFor(async () => expect(within(await rowOf('Greet by name')).getByTestId('workflow-status')).toHaveTextContent('Active'));

    await user.click(within(await rowOf('Daily report')).getByRole('button', { name: 'More actions for Daily report' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Daily report?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete workflow' }));
    expect(await screen.findByText('Daily report deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('workflow-row')).toHaveLength(1));

    await user.click(within(await rowOf('Greet by name')).getByRole('button', { name: 'More actions for Greet by name' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/workflows/w1/edit'));
  });
});
