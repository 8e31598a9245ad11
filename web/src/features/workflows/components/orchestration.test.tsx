import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { FakeWebSocket } from '@/testing/mocks/realtime';
import { server } from '@/testing/mocks/server';
import { failedRun, makeExecution, makeOrchestration } from '@/testing/mocks/workflows';
import { plainUser, renderApp } from '@/testing/test-utils';

const PAGE = '/dashboard/orchestration';
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const busy = () =>
  makeOrchestration({
    running: [makeExecution({ id: 'r7', workflowId: 'w2', workflowName: 'Daily report', status: 'running', trigger: 'schedule', startedAt: ago(2), finishedAt: null, durationMs: null, output: null })],
    recent: [makeExecution(), failedRun()],
    workflows: [
      { workflowId: 'w1', name: 'Greet by name', status: 'active', runs: 40, failed: 10, failureRate: 0.25, averageDurationMs: 420, p95DurationMs: 95_000, lastRunAt: ago(1) },
      { workflowId: 'w2', name: 'Daily report', status: 'paused', runs: 3, failed: 0, failureRate: 0, averageDurationMs: null, p95DurationMs: null, lastRunAt: null },
    ],
    turns: [{ conversationId: 'c1', agentId: 'a1', agentName: 'Front desk', channel: 'widget', startedAt: ago(0) }],
    handoffs: [{ conversationId: 'c2', agentId: 'a1', agentName: 'Front desk', channel: 'phone', title: 'Refund for order 1042', since: ago(10) }],
  });

describe('the orchestration dashboard', () => {
  it('shows what runs now, what finished, each workflow’s health, answers being written and hand-offs waiting', async () => {
    server.use(mockApi.get('/v1/orchestration/overview', () => ok(busy())));
    renderApp(PAGE, { user: plainUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Orchestration' })).toBeInTheDocument();
    expect(await screen.findByTestId('count-running')).toHaveTextContent('Runs queued or running1');
    expect(screen.getByTestId('count-turns')).toHaveTextContent('Agent answers in progress1');
    expect(screen.getByTestId('count-handoffs')).toHaveTextContent('Hand-offs waiting1');

    const running = screen.getByRole('region', { name: 'Running' });
    const row = within(running).getByTestId('running-row');
    expect(within(row).getByRole('link', { name: 'Daily report' })).toHaveAttribute('href', '/dashboard/workflows/w2');
    expect(within(row).getByTestId('run-status')).toHaveTextContent('Running');
    expect(row).toHaveTextContent('Schedule');
    expect(row).toHaveTextContent('2 minutes ago');

    const recent = screen.getByRole('region', { name: 'Recent' });
    expect(within(recent).getAllByTestId('recent-row')).toHaveLength(2);
    expect(within(recent).getAllByTestId('recent-row')[1]).toHaveTextContent('Failed');

    const health = screen.getByRole('region', { name: 'Workflow health' });
    const [greet, report] = within(health).getAllByTestId('health-row');
    expect(within(greet).getByRole('link', { name: 'Greet by name' })).toHaveAttribute('href', '/dashboard/workflows/w1');
    expect(greet).toHaveTextContent('40');
    expect(greet).toHaveTextContent('10');
    expect(greet).toHaveTextContent('25%');
    expect(greet).toHaveTextContent('420 ms');
    expect(greet).toHaveTextContent('1 min 35 sec');
    expect(within(report).getByTestId('workflow-status')).toHaveTextContent('Paused');
    expect(report).toHaveTextContent('0%');
    expect(report).toHaveTextContent('Never');

    const turns = screen.getByRole('region', { name: 'Agent turns in progress' });
    const turn = within(turns).getByTestId('turn-row');
    expect(turn).toHaveTextContent('Front desk');
    expect(turn).toHaveTextContent('Channel: Widget');
    expect(within(turn).getByRole('link', { name: 'Open conversation: Front desk' })).toHaveAttribute('href', '/dashboard/conversations/c1');

    const handoffs = screen.getByRole('region', { name: 'Hand-offs waiting for a person' });
    const handoff = within(handoffs).getByTestId('handoff-row');
    expect(handoff).toHaveTextContent('Refund for order 1042');
    expect(handoff).toHaveTextContent('Front desk');
    expect(handoff).toHaveTextContent('Channel: Phone');
    expect(handoff).toHaveTextContent('Handed off 10 minutes ago');
    expect(within(handoff).getByRole('link', { name: 'Open conversation: Refund for order 1042' })).toHaveAttribute('href', '/dashboard/conversations/c2');
  });

  it('says so when nothing is there', async () => {
    renderApp(PAGE, { user: plainUser });
    expect(await screen.findByText('Nothing running')).toBeInTheDocument();
    expect(screen.getByText('No finished runs yet')).toBeInTheDocument();
    expect(screen.getByText('No workflows yet')).toBeInTheDocument();
    expect(screen.getByText('No agent is answering')).toBeInTheDocument();
    expect(screen.getByText('No one is waiting')).toBeInTheDocument();
    expect(screen.getByTestId('count-running')).toHaveTextContent('0');
  });

  it('opens a run’s panel, with a link to its workflow', async () => {
    server.use(
      mockApi.get('/v1/orchestration/overview', () => ok(busy())),
      mockApi.get('/workflow-executions/{id}', () => ok(failedRun())),
    );
    const { user, router } = renderApp(PAGE, { user: plainUser });
    const recent = await screen.findByRole('region', { name: 'Recent' });
    await user.click(within(recent).getAllByTestId('recent-row')[1]);
    expect(router.state.location.search).toBe('?run=r2');
    const panel = await screen.findByRole('dialog', { name: 'Run of Greet by name' });
    expect(await within(panel).findAllByTestId('run-step')).toHaveLength(2);
    expect(within(panel).getByRole('button', { name: 'Retry from the failed step' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Open the workflow' })).toHaveAttribute('href', '/dashboard/workflows/w1');
  });

  it('reads the overview again when a run moves on', async () => {
    let calls = 0;
    server.use(
      mockApi.get('/v1/orchestration/overview', () => {
        calls += 1;
        return ok(calls === 1 ? makeOrchestration() : busy());
      }),
    );
    renderApp(PAGE, { user: plainUser });
    expect(await screen.findByText('Nothing running')).toBeInTheDocument();
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    act(() => FakeWebSocket.last().open());
    act(() => FakeWebSocket.last().emit({ type: 'workflow.execution', workflowId: 'w2', executionId: 'r7', status: 'running' }));
    expect(await screen.findByTestId('running-row')).toHaveTextContent('Daily report');
  });

  it('says why the overview could not be read, and tries again', async () => {
    let calls = 0;
    server.use(
      mockApi.get('/v1/orchestration/overview', () => {
        calls += 1;
        return calls === 1 ? fail(429, 'rate_limited', 'Too many requests: try again in a minute') : ok(makeOrchestration());
      }),
    );
    const { user } = renderApp(PAGE, { user: plainUser });
    expect(await screen.findByText('Too many requests: try again in a minute')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing running')).toBeInTheDocument();
  });
});
