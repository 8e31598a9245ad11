import type {
  AgentsReport,
  ConversationsReport,
  MetricReport,
  OverviewReport,
  PerformanceReport,
  RealtimeReport,
  ReportRange,
  Totals,
  UsageReport,
} from '@/features/analytics/api/analytics';
import { mockApi, ok } from '@/testing/mocks/http';

// The reports of /dashboard/analytics as the server answers them: a busy month by default, or
// a quiet one (`quiet`), each answer built for the request's own range.

const DAY = 86_400_000;

export function makeRange(over: Partial<ReportRange> = {}): ReportRange {
  return {
    period: 'month',
    from: '2026-10-27T00:00:00Z',
    to: '2026-11-26T00:00:00Z',
    interval: 'day',
    scope: 'platform',
    dataThrough: new Date(Date.now() - 3 * 60_000).toISOString(),
    ...over,
  };
}

const zero: Totals = { conversations: 0, messages: 0, answers: 0, users: 0, tokensIn: 0, tokensOut: 0, toolCalls: 0, averageLatencyMs: null, errorRate: null, estimatedCostUsd: null };

export function makeTotals(over: Partial<Totals> = {}): Totals {
  return { ...zero, ...over };
}

const days = (n: number, from = Date.parse('2026-10-27T00:00:00Z')) => Array.from({ length: n }, (_, i) => new Date(from + i * DAY).toISOString());

export function makeOverview(over: Partial<OverviewReport> = {}): OverviewReport {
  return {
    range: makeRange(),
    current: makeTotals({ conversations: 1234, messages: 5678, answers: 2839, users: 321, tokensIn: 120_000, tokensOut: 80_000, toolCalls: 42, averageLatencyMs: 850, errorRate: 0.042, estimatedCostUsd: 12.5 }),
    previous: makeTotals({ conversations: 1000, messages: 6000, answers: 3000, users: 300, tokensIn: 100_000, tokensOut: 60_000, averageLatencyMs: 800, errorRate: 0.05, estimatedCostUsd: 10 }),
    change: { conversations: 23.4, messages: -5.4, answers: -5.4, users: 7, tokens: 25, averageLatencyMs: 6.25, errorRate: -16 },
    series: days(30).map((start, i) => ({ start, conversations: 40 + (i % 5), messages: 190, answers: 95, tokens: 6600, errors: i % 7 === 0 ? 2 : 0 })),
    ...over,
  };
}

/** A period without any activity. */
export function quietOverview(): OverviewReport {
  return makeOverview({
    current: makeTotals(),
    previous: makeTotals(),
    change: {},
    series: days(30).map((start) => ({ start, conversations: 0, messages: 0, answers: 0, tokens: 0, errors: 0 })),
  });
}

const latency = { answers: 2839, averageMs: 850, p50Ms: 700, p95Ms: 2100, p99Ms: 4200, firstTokenAverageMs: 300, firstTokenP50Ms: 250, firstTokenP95Ms: 900, errorRate: 0.042, interruptionRate: 0.01 };

export function makePerformance(over: Partial<PerformanceReport> = {}): PerformanceReport {
  return {
    range: makeRange(),
    overall: latency,
    agents: [
      { ...latency, agentId: 'a1', agentName: 'Support bot' },
      { ...latency, agentId: 'a2', agentName: null, answers: 3, p95Ms: 300 },
    ],
    providers: [
      { ...latency, provider: 'openai' },
      { ...latency, provider: '', answers: 12 },
    ],
    tools: [{ tool: 'lookup_order', calls: 40, averageMs: 120, p50Ms: 100, p95Ms: 300 }],
    toolCalls: 42,
    toolErrors: 2,
    ...over,
  };
}

export function makeUsage(over: Partial<UsageReport> = {}): UsageReport {
  return {
    range: makeRange(),
    messages: 5678,
    tokensIn: 120_000,
    tokensOut: 80_000,
    estimatedCostUsd: 12.5,
    models: [
      { provider: 'openai', model: 'gpt-4o-mini', answers: 2800, tokensIn: 119_000, tokensOut: 79_000, estimatedCostUsd: 12.5 },
      { provider: 'openai', model: 'my-fine-tune', answers: 39, tokensIn: 1000, tokensOut: 1000, estimatedCostUsd: null },
    ],
    series: days(30).map((start) => ({ start, messages: 190, tokensIn: 4000, tokensOut: 2600 })),
    ...over,
  };
}

export function makeMetric(metric: MetricReport['metric'] = 'messages', over: Partial<MetricReport> = {}): MetricReport {
  return { range: makeRange(), metric, points: days(30).map((start, i) => ({ start, value: metric === 'error_rate' ? 0.05 : 100 + i })), ...over };
}

export function makeRealtime(over: Partial<RealtimeReport> = {}): RealtimeReport {
  return { at: new Date().toISOString(), activeConversations: 3, answersLastMinute: 7, openSockets: 12, queuedJobs: 0, ...over };
}

export function makeAgentsReport(over: Partial<AgentsReport> = {}): AgentsReport {
  return {
    range: makeRange(),
    agents: [
      { agentId: 'a1', agentName: 'Support bot', conversations: 1200, messages: 5600, answers: 2800, tokensIn: 119_000, tokensOut: 79_000, averageLatencyMs: 850, p95LatencyMs: 2100, errorRate: 0.04, estimatedCostUsd: 12.5 },
      { agentId: 'a2', agentName: null, conversations: 34, messages: 78, answers: 39, tokensIn: 1000, tokensOut: 1000, averageLatencyMs: 300, p95LatencyMs: 300, errorRate: 0.1, estimatedCostUsd: null },
      { agentId: 'a3', agentName: 'Alpha, "the first"', conversations: 0, messages: 0, answers: 0, tokensIn: 0, tokensOut: 0, averageLatencyMs: null, p95LatencyMs: null, errorRate: null, estimatedCostUsd: null },
    ],
    ...over,
  };
}

export function makeConversationsReport(over: Partial<ConversationsReport> = {}): ConversationsReport {
  return {
    range: makeRange(),
    conversations: 1234,
    users: 321,
    averageMessages: 4.6,
    byChannel: [
      { channel: 'web', conversations: 1000, messages: 4600 },
      { channel: 'widget', conversations: 234, messages: 1078 },
    ],
    byStatus: [
      { status: 'ended', conversations: 1200 },
      { status: 'active', conversations: 34 },
    ],
    byHourOfDay: Array.from({ length: 24 }, (_, h) => (h === 14 ? 200 : 40)),
    ...over,
  };
}

/** Every report, answering `overview` (a quiet month unless given) and the others; each request's URL is kept in `requests`. */
export function analyticsApi(overview: OverviewReport = quietOverview(), over: { agents?: AgentsReport } = {}) {
  const requests: URL[] = [];
  const seen = (request: Request) => {
    const url = new URL(request.url);
    requests.push(url);
    return url;
  };
  const handlers = [
    mockApi.get('/analytics/overview', ({ request }) => (seen(request), ok(overview))),
    mockApi.get('/analytics/performance', ({ request }) => (seen(request), ok(makePerformance()))),
    mockApi.get('/analytics/usage', ({ request }) => (seen(request), ok(makeUsage()))),
    mockApi.get('/analytics/metrics', ({ request }) => {
      const url = seen(request);
      const metric = (url.searchParams.get('metric') ?? 'messages') as MetricReport['metric'];
      return ok(makeMetric(metric));
    }),
    mockApi.get('/analytics/realtime', ({ request }) => (seen(request), ok(makeRealtime()))),
    mockApi.get('/analytics/agents', ({ request }) => (seen(request), ok(over.agents ?? makeAgentsReport()))),
    mockApi.get('/analytics/conversations', ({ request }) => (seen(request), ok(makeConversationsReport()))),
    mockApi.post('/admin/analytics/rebuild', ({ request }) => (seen(request), ok({ message: 'Recounting' }, 202))),
  ];
  /** The requests made to one report. */
  const of = (path: string) => requests.filter((u) => u.pathname === `/api/analytics/${path}` || u.pathname === `/api${path}`);
  return { handlers, requests, of };
}
