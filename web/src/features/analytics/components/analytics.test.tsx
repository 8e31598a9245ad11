import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import arDashboard from '../../../../public/locales/ar/dashboard.json';
import { i18n } from '@/lib/i18n';
import { analyticsApi, makeOverview } from '@/testing/mocks/analytics';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { adminUser, renderApp } from '@/testing/test-utils';

async function open(path = '/dashboard/analytics', api = analyticsApi(makeOverview())) {
  server.use(...api.handlers);
  const rendered = renderApp(path, { user: adminUser });
  await screen.findByRole('heading', { level: 1, name: 'Analytics' });
  return { ...rendered, api };
}

const last = (urls: URL[]) => urls[urls.length - 1];

/** What was downloaded: the file's name and its text. */
function captureDownloads() {
  const files: Array<{ name: string; blob: Blob }> = [];
  let blob: Blob | null = null;
  Object.assign(URL, { createObjectURL: vi.fn((b: Blob) => ((blob = b), 'blob:analytics')), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (blob) files.push({ name: this.download, blob });
  });
  return files;
}

const text = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

describe('/dashboard/analytics', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the totals against the period before, across the platform by default', async () => {
    const { api } = await open();
    const conversations = await screen.findByTestId('kpi-conversations');
    expect(conversations).toHaveTextContent('1,234');
    expect(conversations).toHaveTextContent('+23.4% vs previous period');
    expect(within(conversations).getByText('+23.4%').closest('[data-tone]')).toHaveAttribute('data-tone', 'good');
    // Slower answers and fewer messages are bad news; a lower error rate is good news.
    expect(within(screen.getByTestId('kpi-latency')).getByText('+6.3%').closest('[data-tone]')).toHaveAttribute('data-tone', 'bad');
    expect(screen.getByTestId('kpi-latency')).toHaveTextContent('850 ms');
    expect(within(screen.getByTestId('kpi-messages')).getByText('-5.4%').closest('[data-tone]')).toHaveAttribute('data-tone', 'bad');
    expect(screen.getByTestId('kpi-messages')).toHaveTextContent('Answers: 2,839');
    expect(screen.getByTestId('kpi-errors')).toHaveTextContent('4.2%');
    expect(within(screen.getByTestId('kpi-errors')).getByText('-16%').closest('[data-tone]')).toHaveAttribute('data-tone', 'good');
    expect(screen.getByTestId('kpi-users')).toHaveTextContent('321');
    expect(screen.getByTestId('kpi-tokens')).toHaveTextContent('200,000');
    expect(screen.getByTestId('kpi-tokens')).toHaveTextContent('120,000 in · 80,000 out');
    expect(screen.getByTestId('kpi-cost')).toHaveTextContent('$12.50');
    expect(screen.getByTestId('analytics-freshness')).toHaveTextContent('Updated 3 minutes ago');

    // Every report was asked for the default month across the platform.
    for (const report of ['overview', 'performance', 'usage', 'agents', 'conversations', 'metrics']) {
      await waitFor(() => expect(api.of(report).length).toBeGreaterThan(0));
      const url = last(api.of(report));
      expect(url.searchParams.get('period')).toBe('month');
      expect(url.searchParams.get('scope')).toBe('platform');
    }
    expect(last(api.of('metrics')).searchParams.get('metric')).toBe('messages');
    expect(last(api.of('realtime')).searchParams.get('scope')).toBe('platform');

    // The sections, each from its report.
    expect(await screen.findByTestId('perf-p95')).toHaveTextContent('2.1 s');
    expect(screen.getByTestId('perf-tool-totals')).toHaveTextContent('Calls: 42 · Failed: 2 (4.8%)');
    const byModel = screen.getByRole('table', { name: 'Tokens by model' });
    expect(within(byModel).getByText('gpt-4o-mini')).toBeInTheDocument();
    expect(within(byModel).getByRole('link', { name: 'No price' })).toHaveAttribute('href', '/admin/configuration#pricing');
    expect(await screen.findByTestId('conv-average')).toHaveTextContent('4.6');
    expect(screen.getByRole('table', { name: 'By status' })).toHaveTextContent('Ended');
    expect(screen.getByRole('figure', { name: 'By hour of the day (UTC)' })).toHaveTextContent('Busiest hour: 2 PM UTC');
    const agents = screen.getByRole('table', { name: 'Agents' });
    expect(within(agents).getAllByTestId('analytics-agent-row')).toHaveLength(3);
    expect(within(agents).getByRole('link', { name: 'Support bot' })).toHaveAttribute('href', '/dashboard/agents/a1');
    expect(within(agents).getByText('Deleted agent')).toBeInTheDocument();
    expect(await screen.findByTestId('realtime-activeConversations')).toHaveTextContent('3');
    expect(screen.getByTestId('realtime-openSockets')).toHaveTextContent('12');
  });

  it('gives each chart a text alternative', async () => {
    await open();
    const activity = await screen.findByRole('figure', { name: /^Conversations, messages and failed answers, / });
    expect(activity).toHaveTextContent('Conversations: 1,234 · Messages: 5,678 · Failed answers:');
    // The series, in a table for screen readers.
    const table = within(activity).getByRole('table', { hidden: true });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('columnheader', { name: 'Failed answers' })).toBeInTheDocument();
    // Charts draw left to right in every language.
    await waitFor(() => expect(activity.querySelector('[dir="ltr"]')).not.toBeNull());
  });

  it('asks for the period chosen and keeps it in the address', async () => {
    const { api, user, router } = await open();
    await screen.findByTestId('kpi-conversations');
    await user.click(screen.getByRole('radio', { name: 'Week' }));
    await waitFor(() => expect(last(api.of('overview')).searchParams.get('period')).toBe('week'));
    expect(router.state.location.search).toBe('?period=week');
    await waitFor(() => expect(last(api.of('performance')).searchParams.get('period')).toBe('week'));

    // A custom range starts as the range on screen, and is asked for by its days.
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from).toHaveValue('2026-10-27');
    expect(to).toHaveValue('2026-11-25');
    await waitFor(() => expect(last(api.of('overview')).searchParams.get('from')).toBe('2026-10-27'));
    const url = last(api.of('overview'));
    expect(url.searchParams.get('to')).toBe('2026-11-25');
    expect(url.searchParams.has('period')).toBe(false);
    expect(router.state.location.search).toBe('?period=custom&from=2026-10-27&to=2026-11-25');

    // An end before the start is said, and not asked for.
    const asked = api.of('overview').length;
    fireEvent.change(to, { target: { value: '2026-10-01' } });
    expect(await screen.findByText('The end date comes before the start date.')).toBeInTheDocument();
    expect(api.of('overview')).toHaveLength(asked);
  });

  it('reads the choices from the address', async () => {
    const { api } = await open('/dashboard/analytics?period=year&scope=mine&agentId=a1&metric=error_rate&interval=month');
    await waitFor(() => expect(api.of('overview').length).toBeGreaterThan(0));
    const url = last(api.of('overview'));
    expect(url.searchParams.get('period')).toBe('year');
    expect(url.searchParams.get('scope')).toBe('mine');
    expect(url.searchParams.get('agentId')).toBe('a1');
    await waitFor(() => expect(api.of('metrics').length).toBeGreaterThan(0));
    expect(last(api.of('metrics')).searchParams.get('metric')).toBe('error_rate');
    expect(last(api.of('metrics')).searchParams.get('interval')).toBe('month');
    expect(screen.getByRole('radio', { name: 'Year' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'My agents' })).toBeChecked();
    expect(screen.getByLabelText('Metric')).toHaveValue('error_rate');
    // The agent chosen is offered by its name (from the agents report).
    await waitFor(() => expect(screen.getByLabelText('Agent')).toHaveDisplayValue('Support bot'));
  });

  it('switches between the whole platform and my agents', async () => {
    const { api, user, router } = await open('/dashboard/analytics?agentId=a1');
    await screen.findByTestId('kpi-conversations');
    expect(screen.getByRole('radio', { name: 'All agents on the platform' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'My agents' }));
    await waitFor(() => expect(last(api.of('overview')).searchParams.get('scope')).toBe('mine'));
    // The agent chosen may not be one of mine: the filter is cleared.
    expect(last(api.of('overview')).searchParams.has('agentId')).toBe(false);
    await waitFor(() => expect(last(api.of('realtime')).searchParams.get('scope')).toBe('mine'));
    expect(router.state.location.search).toBe('?scope=mine');
  });

  it('filters by agent and explores a metric at an interval', async () => {
    const { api, user } = await open();
    await screen.findByTestId('kpi-conversations');
    await waitFor(() => expect(within(screen.getByLabelText('Agent')).getByRole('option', { name: 'Support bot' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Agent'), 'Support bot');
    await waitFor(() => expect(last(api.of('overview')).searchParams.get('agentId')).toBe('a1'));

    await user.selectOptions(screen.getByLabelText('Metric'), 'Error rate');
    await user.selectOptions(screen.getByLabelText('Interval'), 'Daily');
    await waitFor(() => expect(last(api.of('metrics')).searchParams.get('metric')).toBe('error_rate'));
    expect(last(api.of('metrics')).searchParams.get('interval')).toBe('day');
    // A month of hours is 720 points: within what a series may have.
    expect(within(screen.getByLabelText('Interval')).getByRole('option', { name: 'Hourly' })).toBeEnabled();
    const figure = await screen.findByRole('figure', { name: 'Error rate over the period' });
    expect(figure).toHaveTextContent('Highest: 5%');
  });

  it('downloads a table as CSV, escaped', async () => {
    const files = captureDownloads();
    const { user } = await open();
    await screen.findAllByTestId('analytics-agent-row');
    await user.click(screen.getByRole('button', { name: 'Download CSV — Agents' }));
    expect(files).toHaveLength(1);
    expect(files[0].name).toMatch(/^analytics-agents-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(files[0].blob.type).toBe('text/csv;charset=utf-8');
    const csv = await text(files[0].blob);
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('agentId,agentName,conversations,messages,answers,tokensIn,tokensOut,averageLatencyMs,p95LatencyMs,errorRate,estimatedCostUsd');
    expect(lines[1]).toBe('a1,Support bot,1200,5600,2800,119000,79000,850,2100,0.04,12.5');
    // A deleted agent has no name; a name with a comma and quotes is quoted, its quotes doubled.
    expect(lines[2]).toBe('a2,,34,78,39,1000,1000,300,300,0.1,');
    expect(lines[3]).toBe('a3,"Alpha, ""the first""",0,0,0,0,0,,,,');

    await user.click(screen.getByRole('button', { name: 'Download CSV — By channel' }));
    expect(files[1].name).toMatch(/^analytics-conversations-channels-/);
    expect(await text(files[1].blob)).toContain('channel,conversations,messages\r\nweb,1000,4600\r\n');
  });

  it('sorts the agents by any column', async () => {
    const { user } = await open();
    const table = await screen.findByRole('table', { name: 'Agents' });
    await within(table).findAllByTestId('analytics-agent-row');
    const names = () => within(table).getAllByTestId('analytics-agent-row').map((r) => r.querySelector('td')?.textContent);
    expect(names()).toEqual(['Support bot', 'Deleted agent', 'Alpha, "the first"']);
    await user.click(within(table).getByRole('button', { name: 'Agent' }));
    expect(names()).toEqual(['Deleted agent', 'Alpha, "the first"', 'Support bot']);
    expect(within(table).getByRole('columnheader', { name: 'Agent' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(table).getByRole('button', { name: 'Error rate' }));
    expect(names()).toEqual(['Alpha, "the first"', 'Support bot', 'Deleted agent']);
  });

  it('says when nothing happened in the period, and where to start', async () => {
    await open('/dashboard/analytics', analyticsApi());
    expect(await screen.findByRole('heading', { name: 'No activity in this period' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chat with an agent' })).toHaveAttribute('href', '/dashboard/chat');
    expect(screen.getByRole('link', { name: 'Create an agent' })).toHaveAttribute('href', '/dashboard/agents/create');
    expect(screen.queryByTestId('kpi-conversations')).not.toBeInTheDocument();
    // What happens now is still shown.
    expect(screen.getByRole('region', { name: 'Right now' })).toBeInTheDocument();
  });

  it('says when the cost is unknown and where to set prices', async () => {
    const overview = makeOverview();
    await open('/dashboard/analytics', analyticsApi({ ...overview, current: { ...overview.current, estimatedCostUsd: null } }));
    const cost = await screen.findByTestId('kpi-cost');
    expect(cost).toHaveTextContent('—');
    expect(within(cost).getByRole('link', { name: 'No cost: add prices in Admin › Configuration' })).toHaveAttribute('href', '/admin/configuration#pricing');
  });

  it('says when the reports cannot be loaded, and tries again', async () => {
    let calls = 0;
    const api = analyticsApi(makeOverview());
    server.use(
      // Before the others: the first handler that matches answers.
      mockApi.get('/analytics/overview', () => {
        calls += 1;
        return calls === 1 ? fail(403, 'admin_required', 'Administrators only') : ok(makeOverview());
      }),
      mockApi.get('/analytics/agents', () => fail(422, 'validation_failed', 'A report covers at most 731 days')),
      ...api.handlers,
    );
    const { user } = renderApp('/dashboard/analytics', { user: adminUser });
    const alert = await screen.findByText('Administrators only');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('This report could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('kpi-conversations')).toHaveTextContent('1,234');
    // A section that fails says so in its own card.
    const agents = screen.getByRole('region', { name: 'Agents' });
    expect(await within(agents).findByText('A report covers at most 731 days')).toBeInTheDocument();
  });

  it('recounts after a confirmation', async () => {
    const { api, user } = await open();
    await screen.findByTestId('kpi-conversations');
    await user.click(screen.getByRole('button', { name: 'Recount' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Recount analytics?' });
    expect(api.of('/admin/analytics/rebuild')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Recount' }));
    expect(await screen.findByText('Recount started')).toBeInTheDocument();
    expect(api.requests.filter((u) => u.pathname === '/api/admin/analytics/rebuild')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('renders Arabic right to left, in Arabic, with charts still left to right', async () => {
    i18n.addResourceBundle('ar', 'dashboard', arDashboard, true, true);
    await i18n.changeLanguage('ar');
    server.use(...analyticsApi(makeOverview()).handlers);
    renderApp('/dashboard/analytics', { user: { ...adminUser, language: 'ar' } });
    expect(await screen.findByRole('heading', { level: 1, name: arDashboard.pages.analytics.title })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(screen.getByRole('radio', { name: arDashboard.analytics.periods.week })).toBeInTheDocument();
    const kpi = await screen.findByTestId('kpi-conversations');
    expect(kpi).toHaveTextContent(arDashboard.analytics.kpi.conversations);
    // Numbers in the language's own way.
    expect(kpi).toHaveTextContent(new Intl.NumberFormat('ar').format(1234));
    const figure = screen.getAllByRole('figure')[0];
    await waitFor(() => expect(figure.querySelector('[dir="ltr"]')).not.toBeNull());
    expect(figure.closest('[dir="rtl"]') ?? document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
