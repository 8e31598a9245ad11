import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardQueryOptions } from '@/features/dashboard/api/dashboard';
import { formatUptime } from '@/features/dashboard/utils/format';
import { makeConversation, makeDashboard } from '@/testing/mocks/conversations';
import { FakeWebSocket } from '@/testing/mocks/realtime';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { plainUser, renderApp } from '@/testing/test-utils';

const dashboard = makeDashboard({
  overview: {
    totalAgents: 4,
    activeAgents: 3,
    totalConversations: 1234,
    activeConversations: 2,
    totalMessages: 56789,
    totalDocuments: 7,
    conversationsToday: 12,
    messagesToday: 98,
    averageResponseMs: 850,
  },
  systemStatus: { uptimeSeconds: 3 * 3600 + 12 * 60 + 5, version: '1.2.3' },
  recent: [makeConversation({ id: 'c7', title: 'Where is my parcel?', agentName: 'Support bot', channel: 'widget', messageCount: 6 })],
});

describe('dashboard overview', () => {
  it('shows the real counts, the recent conversations and the server status', async () => {
    server.use(mockApi.get('/analytics/dashboard', () => ok(dashboard)));
    renderApp('/dashboard', { user: plainUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Bob' })).toBeInTheDocument();

    const agents = await screen.findByTestId('stat-agents');
    expect(agents).toHaveTextContent('4');
    expect(agents).toHaveTextContent('3 active');
    expect(screen.getByTestId('stat-conversations')).toHaveTextContent('1,234');
    expect(screen.getByTestId('stat-conversations')).toHaveTextContent('12 today');
    expect(screen.getByTestId('stat-active-conversations')).toHaveTextContent('2');
    expect(screen.getByTestId('stat-messages')).toHaveTextContent('56,789');
    expect(screen.getByTestId('stat-messages')).toHaveTextContent('98 today');
    expect(screen.getByTestId('stat-documents')).toHaveTextContent('7');
    expect(screen.getByTestId('stat-response')).toHaveTextContent('850 ms');

    const recent = screen.getByRole('list', { name: 'Recent activity' });
    expect(within(recent).getByRole('link', { name: /Where is my parcel\?/ })).toHaveAttribute('href', '/dashboard/conversations/c7');
    expect(within(recent).getByText(/Support bot · Widget · 6 messages/)).toBeInTheDocument();

    expect(screen.getByRole('figure', { name: 'Conversations and messages per day over the last 14 days' })).toBeInTheDocument();

    const status = screen.getByRole('region', { name: 'System status' });
    expect(within(status).getByText('All systems operational')).toBeInTheDocument();
    expect(within(status).getByText('Built-in responder — no language model connected')).toBeInTheDocument();
    expect(within(status).getByText(/SQLite/)).toBeInTheDocument();
    expect(within(status).getByText(/reachable/)).toBeInTheDocument();
    expect(within(status).getByText('In-process')).toBeInTheDocument();
    expect(within(status).getByText('1.2.3')).toBeInTheDocument();
    expect(within(status).getByText('3 hr 12 min')).toBeInTheDocument();
  });

  it('names the language model when one is connected, and says when the server is degraded', async () => {
    server.use(
      mockApi.get('/analytics/dashboard', () =>
        ok(makeDashboard({ systemStatus: { status: 'degraded', database: 'postgres', databaseOk: false, llmProvider: 'openai', llmModel: 'gpt-4o-mini', llmConfigured: true, realtime: 'postgres' } })),
      ),
    );
    renderApp('/dashboard/overview', { user: plainUser });
    const status = await screen.findByRole('region', { name: 'System status' });
    expect(await within(status).findByText('openai · gpt-4o-mini')).toBeInTheDocument();
    expect(within(status).getByText('Degraded')).toBeInTheDocument();
    expect(within(status).getByText(/PostgreSQL/, { selector: 'dd' })).toHaveTextContent('PostgreSQL · unreachable');
    expect(within(status).getByText('PostgreSQL LISTEN/NOTIFY')).toBeInTheDocument();
    expect(within(status).queryByText('Built-in responder — no language model connected')).not.toBeInTheDocument();
    expect(screen.getByTestId('stat-response')).toHaveTextContent('No answers yet');
  });

  it('is fetched again on every visit of /dashboard', async () => {
    let calls = 0;
    server.use(
      mockApi.get('/analytics/dashboard', () => {
        calls += 1;
        return ok(dashboard);
      }),
    );
    expect(dashboardQueryOptions().refetchOnMount).toBe('always');
    const { user } = renderApp('/dashboard', { user: plainUser });
    await screen.findByTestId('stat-agents');
    expect(calls).toBe(1);
    await user.click(screen.getAllByRole('link', { name: 'Agents' })[0]);
    await screen.findByRole('heading', { level: 1, name: 'Agents' });
    await user.click(screen.getAllByRole('link', { name: 'Overview' })[0]);
    await screen.findByTestId('stat-agents');
    await waitFor(() => expect(calls).toBe(2));
  });

  it('shows the live connection in the status panel', async () => {
    renderApp('/dashboard', { user: plainUser });
    const indicator = await screen.findByTestId('live-status');
    expect(indicator).toHaveTextContent('Connecting…');
    act(() => FakeWebSocket.last().open());
    expect(indicator).toHaveTextContent('Live');
  });

  it('offers a retry when the overview cannot be loaded', async () => {
    let calls = 0;
    server.use(
      mockApi.get('/analytics/dashboard', () => {
        calls += 1;
        return calls === 1 ? fail(403, 'forbidden', 'Not allowed') : ok(dashboard);
      }),
    );
    const { user } = renderApp('/dashboard', { user: plainUser });
    expect(await screen.findByText('The overview could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('stat-agents')).toHaveTextContent('4');
  });

  it('formats the uptime with the two largest units', () => {
    expect(formatUptime('en', 59)).toBe('0 min');
    expect(formatUptime('en', 3 * 60)).toBe('3 min');
    expect(formatUptime('en', 2 * 86_400 + 5 * 3600 + 7)).toBe('2 days 5 hr');
  });
});
