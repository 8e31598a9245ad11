import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type Column } from '@/components/ui/data-table';
import { sortRows, type SortDescriptor } from '@/components/ui/data-table-utils';
import type { AgentRow, AgentsReport } from '@/features/analytics/api/analytics';
import { CsvButton, ReportError, ReportSection } from '@/features/analytics/components/report-parts';
import { useAnalyticsFormat } from '@/features/analytics/hooks/use-analytics-format';

const sortValue = (r: AgentRow, column: string): string | number | null | undefined => {
  switch (column) {
    case 'agent':
      return r.agentName ?? '';
    case 'tokens':
      return r.tokensIn + r.tokensOut;
    case 'average':
      return r.averageLatencyMs ?? -1;
    case 'p95':
      return r.p95LatencyMs ?? -1;
    case 'errorRate':
      return r.errorRate ?? -1;
    case 'cost':
      return r.estimatedCostUsd ?? -1;
    case 'conversations':
    case 'messages':
    case 'answers':
      return r[column];
    default:
      return null;
  }
};

/** Every agent with activity in the period, side by side, sorted by any column. */
export function AgentsSection({ report }: { report: { data?: AgentsReport; isError: boolean; error: Error | null; isFetching: boolean; refetch: () => unknown } }) {
  const { t } = useTranslation('dashboard');
  const f = useAnalyticsFormat();
  const [sort, setSort] = useState<SortDescriptor>({ column: 'messages', direction: 'descending' });
  const data = report.data;
  const title = t('analytics.agents.title');
  const num = (id: string, header: string, cell: (r: AgentRow) => string, className?: string): Column<AgentRow> => ({
    id,
    header,
    align: 'end',
    sortable: true,
    className,
    cellClassName: 'tabular-nums',
    cell,
  });
  const columns: Column<AgentRow>[] = [
    {
      id: 'agent',
      header: t('analytics.columns.agent'),
      sortable: true,
      cell: (r) =>
        r.agentName ? (
          <Link to={`/dashboard/agents/${encodeURIComponent(r.agentId)}`} dir="auto" className="font-medium text-zinc-900 hover:text-accent-700 hover:underline dark:text-zinc-100 dark:hover:text-accent-300">
            {r.agentName}
          </Link>
        ) : (
          <span className="text-zinc-500 italic dark:text-zinc-400">{t('analytics.deletedAgent')}</span>
        ),
    },
    num('conversations', t('analytics.kpi.conversations'), (r) => f.count(r.conversations)),
    num('messages', t('analytics.kpi.messages'), (r) => f.count(r.messages)),
    num('answers', t('analytics.columns.answers'), (r) => f.count(r.answers), 'hidden md:table-cell'),
    num('tokens', t('analytics.kpi.tokens'), (r) => f.count(r.tokensIn + r.tokensOut), 'hidden md:table-cell'),
    num('average', t('analytics.columns.average'), (r) => f.ms(r.averageLatencyMs), 'hidden lg:table-cell'),
    num('p95', t('analytics.columns.p95'), (r) => f.ms(r.p95LatencyMs)),
    num('errorRate', t('analytics.columns.errorRate'), (r) => f.rate(r.errorRate)),
    num('cost', t('analytics.columns.cost'), (r) => f.usd(r.estimatedCostUsd), 'hidden sm:table-cell'),
  ];

  return (
    <ReportSection
      id="agents"
      title={title}
      description={t('analytics.agents.description')}
      busy={report.isFetching}
      action={
        <CsvButton
          name="agents"
          what={title}
          disabled={!data}
          table={() => ({
            header: ['agentId', 'agentName', 'conversations', 'messages', 'answers', 'tokensIn', 'tokensOut', 'averageLatencyMs', 'p95LatencyMs', 'errorRate', 'estimatedCostUsd'],
            rows: (data?.agents ?? []).map((r) => [
              r.agentId,
              r.agentName ?? null,
              r.conversations,
              r.messages,
              r.answers,
              r.tokensIn,
              r.tokensOut,
              r.averageLatencyMs ?? null,
              r.p95LatencyMs ?? null,
              r.errorRate ?? null,
              r.estimatedCostUsd ?? null,
            ]),
          })}
        />
      }
    >
      {report.isError && !data && report.error ? (
        <ReportError error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <DataTable
          variant="plain"
          caption={title}
          columns={columns}
          rows={data ? sortRows(data.agents, sort, sortValue, f.lng) : undefined}
          rowKey={(r) => r.agentId}
          rowProps={() => ({ 'data-testid': 'analytics-agent-row' })}
          loading={!data}
          empty={t('analytics.noRows')}
          sort={sort}
          onSortChange={setSort}
        />
      )}
    </ReportSection>
  );
}
