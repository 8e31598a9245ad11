import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '@/components/ui/data-table';
import { usePerformanceReport, type Latency, type ReportParams, type ToolLatency } from '@/features/analytics/api/analytics';
import { CsvButton, Figure, ReportBlock, ReportError, ReportSection, ReportSkeleton } from '@/features/analytics/components/report-parts';
import { useAnalyticsFormat, type AnalyticsFormat } from '@/features/analytics/hooks/use-analytics-format';

type Named = Latency & { key: string; name: string };

const LATENCY_CSV = ['answers', 'averageMs', 'p50Ms', 'p95Ms', 'p99Ms', 'firstTokenAverageMs', 'firstTokenP50Ms', 'firstTokenP95Ms', 'errorRate', 'interruptionRate'] as const;
const latencyCells = (l: Latency) => LATENCY_CSV.map((k) => l[k] ?? null);

const LATENCY_COLUMNS = ['answers', 'average', 'p50', 'p95', 'p99', 'firstTokenP95', 'errorRate'] as const;
type Headers = Record<(typeof LATENCY_COLUMNS)[number], string>;

function latencyColumns(h: Headers, f: AnalyticsFormat, first: string): Column<Named>[] {
  const num = (id: string, header: string, cell: (r: Named) => string, className?: string): Column<Named> => ({
    id,
    header,
    align: 'end',
    className,
    cellClassName: 'tabular-nums',
    cell,
  });
  return [
    { id: 'name', header: first, cell: (r) => <span dir="auto">{r.name}</span> },
    num('answers', h.answers, (r) => f.count(r.answers)),
    num('average', h.average, (r) => f.ms(r.averageMs)),
    num('p50', h.p50, (r) => f.ms(r.p50Ms), 'hidden md:table-cell'),
    num('p95', h.p95, (r) => f.ms(r.p95Ms)),
    num('p99', h.p99, (r) => f.ms(r.p99Ms), 'hidden md:table-cell'),
    num('firstToken', h.firstTokenP95, (r) => f.ms(r.firstTokenP95Ms), 'hidden lg:table-cell'),
    num('errorRate', h.errorRate, (r) => f.rate(r.errorRate)),
  ];
}

/** Answer times (overall, per agent, per provider) and the tools' calls. */
export function PerformanceSection({ params, enabled }: { params: ReportParams; enabled: boolean }) {
  const { t } = useTranslation('dashboard');
  const f = useAnalyticsFormat();
  const report = usePerformanceReport(params, { enabled });
  const data = report.data;
  const title = t('analytics.performance.title');
  const headers = Object.fromEntries(LATENCY_COLUMNS.map((c) => [c, t(`analytics.columns.${c}`)])) as Headers;

  const agents: Named[] = (data?.agents ?? []).map((a) => ({ ...a, key: a.agentId, name: a.agentName ?? t('analytics.deletedAgent') }));
  const providers: Named[] = (data?.providers ?? []).map((p) => ({ ...p, key: p.provider || '-', name: p.provider || t('analytics.performance.noModel') }));
  const toolColumns: Column<ToolLatency>[] = [
    { id: 'tool', header: t('analytics.columns.tool'), cell: (r) => <span className="font-mono text-xs" dir="ltr">{r.tool}</span> },
    { id: 'calls', header: t('analytics.columns.calls'), align: 'end', cellClassName: 'tabular-nums', cell: (r) => f.count(r.calls) },
    { id: 'average', header: t('analytics.columns.average'), align: 'end', cellClassName: 'tabular-nums', cell: (r) => f.ms(r.averageMs) },
    { id: 'p50', header: t('analytics.columns.p50'), align: 'end', cellClassName: 'tabular-nums', cell: (r) => f.ms(r.p50Ms) },
    { id: 'p95', header: t('analytics.columns.p95'), align: 'end', cellClassName: 'tabular-nums', cell: (r) => f.ms(r.p95Ms) },
  ];
  const o = data?.overall;

  return (
    <ReportSection id="performance" title={title} description={t('analytics.performance.description')} busy={report.isFetching}>
      {report.isError && !data ? (
        <ReportError error={report.error} onRetry={() => void report.refetch()} />
      ) : !data || !o ? (
        <ReportSkeleton rows={2} chart={false} />
      ) : (
        <div className="space-y-8">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Figure testId="perf-p50" label={t('analytics.columns.p50')} value={f.ms(o.p50Ms)} detail={t('analytics.performance.average', { value: f.ms(o.averageMs) })} />
            <Figure testId="perf-p95" label={t('analytics.columns.p95')} value={f.ms(o.p95Ms)} />
            <Figure testId="perf-p99" label={t('analytics.columns.p99')} value={f.ms(o.p99Ms)} />
            <Figure
              testId="perf-first-token"
              label={t('analytics.columns.firstTokenP95')}
              value={f.ms(o.firstTokenP95Ms)}
              detail={t('analytics.performance.firstTokenP50', { value: f.ms(o.firstTokenP50Ms) })}
            />
            <Figure testId="perf-errors" label={t('analytics.columns.errorRate')} value={f.rate(o.errorRate)} />
            <Figure testId="perf-interruptions" label={t('analytics.performance.interruptionRate')} value={f.rate(o.interruptionRate)} />
            <Figure testId="perf-answers" label={t('analytics.columns.answers')} value={f.count(o.answers)} />
          </dl>

          <ReportBlock
            title={t('analytics.performance.byAgent')}
            action={
              <CsvButton
                name="performance-agents"
                what={t('analytics.performance.byAgent')}
                table={() => ({ header: ['agentId', 'agentName', ...LATENCY_CSV], rows: data.agents.map((a) => [a.agentId, a.agentName ?? null, ...latencyCells(a)]) })}
              />
            }
          >
            <DataTable
              variant="plain"
              caption={t('analytics.performance.byAgent')}
              columns={latencyColumns(headers, f, t('analytics.columns.agent'))}
              rows={agents}
              rowKey={(r) => r.key}
              empty={t('analytics.noRows')}
            />
          </ReportBlock>

          <ReportBlock
            title={t('analytics.performance.byProvider')}
            action={
              <CsvButton
                name="performance-providers"
                what={t('analytics.performance.byProvider')}
                table={() => ({ header: ['provider', ...LATENCY_CSV], rows: data.providers.map((p) => [p.provider, ...latencyCells(p)]) })}
              />
            }
          >
            <DataTable
              variant="plain"
              caption={t('analytics.performance.byProvider')}
              columns={latencyColumns(headers, f, t('analytics.columns.provider'))}
              rows={providers}
              rowKey={(r) => r.key}
              empty={t('analytics.noRows')}
            />
          </ReportBlock>

          <ReportBlock
            title={t('analytics.performance.tools')}
            action={
              <CsvButton
                name="tools"
                what={t('analytics.performance.tools')}
                table={() => ({ header: ['tool', 'calls', 'averageMs', 'p50Ms', 'p95Ms'], rows: data.tools.map((x) => [x.tool, x.calls, x.averageMs ?? null, x.p50Ms ?? null, x.p95Ms ?? null]) })}
              />
            }
          >
            <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="perf-tool-totals">
              {t('analytics.performance.toolTotals', {
                calls: f.count(data.toolCalls),
                errors: f.count(data.toolErrors),
                rate: f.rate(data.toolCalls > 0 ? data.toolErrors / data.toolCalls : null),
              })}
            </p>
            <DataTable variant="plain" caption={t('analytics.performance.tools')} columns={toolColumns} rows={data.tools} rowKey={(r) => r.tool} empty={t('analytics.performance.noTools')} />
          </ReportBlock>
        </div>
      )}
    </ReportSection>
  );
}
