import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

// The reports of /dashboard/analytics: one query per report, keyed by the report's name and the
// choices it was asked with (period or range, scope, agent), all under `analyticsKeys.all`, which
// a recount invalidates. The server counts from hourly rollups refreshed every minute, so a
// report shown is read again every minute; the live counts every 10 seconds.

type S = components['schemas'];
export type ReportScope = S['ReportScope'];
export type Metric = S['Metric'];
export type Interval = S['Interval'];
export type ReportRange = S['RangeOut'];
export type OverviewReport = S['OverviewReportOut'];
export type Totals = S['TotalsOut'];
export type Change = S['ChangeOut'];
export type ActivityPoint = S['ActivityPointOut'];
export type PerformanceReport = S['PerformanceOut'];
export type Latency = S['LatencyOut'];
export type AgentLatency = S['AgentLatencyOut'];
export type ProviderLatency = S['ProviderLatencyOut'];
export type ToolLatency = S['ToolLatencyOut'];
export type UsageReport = S['UsageOut'];
export type ModelUsage = S['ModelUsageOut'];
export type UsagePoint = S['UsagePointOut'];
export type MetricReport = S['MetricOut'];
export type MetricPoint = S['MetricPointOut'];
export type RealtimeReport = S['RealtimeOut'];
export type AgentsReport = S['AgentsReportOut'];
export type AgentRow = S['AgentReportOut'];
export type ConversationsReport = S['ConversationsReportOut'];

/** What every report is asked for: a named period, or a range of days (`from`/`to`, YYYY-MM-DD); the scope; one agent or all. */
export type ReportParams = {
  period?: S['Period'];
  from?: string;
  to?: string;
  agentId?: string;
  scope: ReportScope;
};

/** How often a report on screen is read again (the rollups refresh every minute). */
export const REPORT_REFRESH_MS = 60_000;
/** How often the live counts are read. */
export const REALTIME_REFRESH_MS = 10_000;

export const analyticsKeys = {
  all: ['analytics'] as const,
  report: (name: string, params: ReportParams) => ['analytics', name, params] as const,
  metric: (params: ReportParams, metric: Metric, interval?: Interval) => ['analytics', 'metrics', params, metric, interval ?? 'auto'] as const,
  realtime: (scope: ReportScope, agentId?: string) => ['analytics', 'realtime', scope, agentId ?? 'all'] as const,
};

const query = (p: ReportParams) => ({ period: p.period, from: p.from, to: p.to, agentId: p.agentId, scope: p.scope });

export const getOverview = (p: ReportParams, signal?: AbortSignal) => api.get('/analytics/overview', { params: { query: query(p) }, signal });
export const getPerformance = (p: ReportParams, signal?: AbortSignal) => api.get('/analytics/performance', { params: { query: query(p) }, signal });
export const getUsage = (p: ReportParams, signal?: AbortSignal) => api.get('/analytics/usage', { params: { query: query(p) }, signal });
export const getAgentsReport = (p: ReportParams, signal?: AbortSignal) => api.get('/analytics/agents', { params: { query: query(p) }, signal });
export const getConversationsReport = (p: ReportParams, signal?: AbortSignal) => api.get('/analytics/conversations', { params: { query: query(p) }, signal });
export const getMetric = (p: ReportParams, metric: Metric, interval?: Interval, signal?: AbortSignal) =>
  api.get('/analytics/metrics', { params: { query: { ...query(p), metric, interval } }, signal });
export const getRealtime = (scope: ReportScope, agentId?: string, signal?: AbortSignal) => api.get('/analytics/realtime', { params: { query: { scope, agentId } }, signal });

type Options = { enabled?: boolean };

/** A report's query: kept on screen while the next choice loads, read again every minute. */
function report<T>(name: string, params: ReportParams, fetch: (p: ReportParams, signal?: AbortSignal) => Promise<T>, { enabled = true }: Options = {}) {
  return queryOptions({
    queryKey: analyticsKeys.report(name, params),
    queryFn: ({ signal }) => fetch(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    refetchInterval: REPORT_REFRESH_MS,
    enabled,
  });
}

export const useOverviewReport = (p: ReportParams, o?: Options) => useQuery(report('overview', p, getOverview, o));
export const usePerformanceReport = (p: ReportParams, o?: Options) => useQuery(report('performance', p, getPerformance, o));
export const useUsageReport = (p: ReportParams, o?: Options) => useQuery(report('usage', p, getUsage, o));
export const useAgentsReport = (p: ReportParams, o?: Options) => useQuery(report('agents', p, getAgentsReport, o));
export const useConversationsReport = (p: ReportParams, o?: Options) => useQuery(report('conversations', p, getConversationsReport, o));

/** One metric's series at an interval (`undefined`: the period's own). */
export const useMetricReport = (p: ReportParams, metric: Metric, interval: Interval | undefined, { enabled = true }: Options = {}) =>
  useQuery({
    queryKey: analyticsKeys.metric(p, metric, interval),
    queryFn: ({ signal }) => getMetric(p, metric, interval, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    refetchInterval: REPORT_REFRESH_MS,
    enabled,
  });

/** Conversations in progress and answers in the last minute, counted live, every 10 seconds. */
export const useRealtimeReport = (scope: ReportScope, agentId?: string) =>
  useQuery({
    queryKey: analyticsKeys.realtime(scope, agentId),
    queryFn: ({ signal }) => getRealtime(scope, agentId, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: REALTIME_REFRESH_MS,
  });

/** POST /admin/analytics/rebuild: every hour counted again in the background; the reports are read again. */
export function useRebuildAnalytics() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/admin/analytics/rebuild'),
    onSuccess: () => void qc.invalidateQueries({ queryKey: analyticsKeys.all }),
  });
}
