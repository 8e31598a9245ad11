import { BarChart3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useAgentsReport, useOverviewReport, type OverviewReport } from '@/features/analytics/api/analytics';
import { ActivitySection } from '@/features/analytics/components/activity-section';
import { AgentsSection } from '@/features/analytics/components/agents-section';
import { AnalyticsFilters, type AgentChoice } from '@/features/analytics/components/analytics-filters';
import { AnalyticsHeader } from '@/features/analytics/components/analytics-header';
import { ConversationsSection } from '@/features/analytics/components/conversations-section';
import { KpiSkeleton, KpiTiles } from '@/features/analytics/components/kpi-tiles';
import { MetricExplorer } from '@/features/analytics/components/metric-explorer';
import { PerformanceSection } from '@/features/analytics/components/performance-section';
import { RealtimeStrip } from '@/features/analytics/components/realtime-strip';
import { ReportError } from '@/features/analytics/components/report-parts';
import { UsageSection } from '@/features/analytics/components/usage-section';
import { choicesFrom, reportParams, withChoices, type ChoiceKey } from '@/features/analytics/utils/params';
import { useAgentOptions } from '@/lib/agent-options';

const isQuiet = (r: OverviewReport) => r.current.conversations === 0 && r.current.messages === 0 && r.current.answers === 0;

/**
 * /dashboard/analytics: the platform's activity over a period (or one agent's, or only mine),
 * from the hourly rollups: totals against the period before, activity, any metric, answer
 * times, tokens and cost, conversations, agents side by side; what is happening now; each
 * table and series as CSV. The choices live in the address.
 */
export function AnalyticsScreen() {
  const { t } = useTranslation('dashboard');
  const [search, setSearch] = useSearchParams();
  const choices = choicesFrom(search);
  const { params, problem } = reportParams(choices);
  const enabled = !problem;
  const overview = useOverviewReport(params, { enabled });
  const agentsReport = useAgentsReport(params, { enabled });
  // The agents to filter by: mine, and every agent with activity in the period (deleted ones too).
  const allAgents = useAgentsReport({ ...params, agentId: undefined }, { enabled });
  const agentOptions = useAgentOptions();

  const update = (patch: Partial<Record<ChoiceKey, string | undefined>>) => setSearch((prev) => withChoices(prev, patch), { replace: true });

  const agentChoices: AgentChoice[] = [];
  const seen = new Set<string>();
  const add = (id: string, name: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    agentChoices.push({ id, name });
  };
  for (const a of agentOptions.data ?? []) add(a.id, a.name);
  for (const a of allAgents.data?.agents ?? []) add(a.agentId, a.agentName ?? t('analytics.deletedAgentId', { id: a.agentId.slice(0, 8) }));
  if (choices.agentId) add(choices.agentId, choices.agentId);
  agentChoices.sort((a, b) => a.name.localeCompare(b.name));

  const data = overview.data;
  const range = data?.range;
  const quiet = data ? isQuiet(data) : false;

  return (
    <div className="w-full max-w-6xl space-y-6">
      <AnalyticsHeader dataThrough={range?.dataThrough} known={Boolean(range)} />
      <AnalyticsFilters choices={choices} onChange={update} agents={agentChoices} problem={problem} range={range} />
      <RealtimeStrip scope={choices.scope} agentId={choices.agentId} />

      {!enabled && !data ? null : overview.isError && !data ? (
        <ReportError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : quiet ? (
        <EmptyState
          icon={BarChart3}
          title={t('analytics.empty.title')}
          description={t('analytics.empty.description')}
          action={
            <>
              <ButtonLink to="/dashboard/chat">{t('analytics.empty.chat')}</ButtonLink>
              <ButtonLink to="/dashboard/agents/create" variant="secondary">
                {t('analytics.empty.create')}
              </ButtonLink>
            </>
          }
        />
      ) : (
        <>
          {data ? <KpiTiles report={data} /> : <KpiSkeleton />}
          {data ? <ActivitySection report={data} /> : null}
          <MetricExplorer params={params} choices={choices} onChange={update} range={range} enabled={enabled} />
          <PerformanceSection params={params} enabled={enabled} />
          <UsageSection params={params} enabled={enabled} />
          <ConversationsSection params={params} enabled={enabled} />
          <AgentsSection report={agentsReport} />
        </>
      )}
    </div>
  );
}
