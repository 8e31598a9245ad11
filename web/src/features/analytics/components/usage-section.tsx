import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type Column } from '@/components/ui/data-table';
import { useUsageReport, type ModelUsage, type ReportParams } from '@/features/analytics/api/analytics';
import { TimeChart } from '@/features/analytics/components/lazy-charts';
import { ChartFigure, CsvButton, Figure, ReportBlock, ReportError, ReportSection, ReportSkeleton } from '@/features/analytics/components/report-parts';
import { useAnalyticsFormat } from '@/features/analytics/hooks/use-analytics-format';
import { CHART_COLORS } from '@/features/analytics/utils/format';

const PRICING = '/admin/configuration#pricing';
const linkClass = 'text-accent-700 underline underline-offset-2 hover:decoration-2 dark:text-accent-300';

/** Tokens over the period, and per model with what they cost by the price table. */
export function UsageSection({ params, enabled }: { params: ReportParams; enabled: boolean }) {
  const { t } = useTranslation('dashboard');
  const f = useAnalyticsFormat();
  const report = useUsageReport(params, { enabled });
  const data = report.data;
  const title = t('analytics.usage.title');
  const interval = data?.range.interval ?? 'day';
  const tokenSeries = [
    { key: 'tokensIn', name: t('analytics.columns.tokensIn'), color: CHART_COLORS[0] },
    { key: 'tokensOut', name: t('analytics.columns.tokensOut'), color: CHART_COLORS[4] },
  ];
  const columns: Column<ModelUsage>[] = [
    { id: 'provider', header: t('analytics.columns.provider'), cell: (m) => m.provider || t('analytics.performance.noModel') },
    {
      id: 'model',
      header: t('analytics.columns.model'),
      cell: (m) => (
        <span className="font-mono text-xs break-all" dir="ltr">
          {m.model || '—'}
        </span>
      ),
    },
    { id: 'answers', header: t('analytics.columns.answers'), align: 'end', cellClassName: 'tabular-nums', cell: (m) => f.count(m.answers) },
    { id: 'tokensIn', header: t('analytics.columns.tokensIn'), align: 'end', cellClassName: 'tabular-nums', cell: (m) => f.count(m.tokensIn) },
    { id: 'tokensOut', header: t('analytics.columns.tokensOut'), align: 'end', cellClassName: 'tabular-nums', cell: (m) => f.count(m.tokensOut) },
    {
      id: 'cost',
      header: t('analytics.columns.cost'),
      align: 'end',
      cellClassName: 'tabular-nums',
      cell: (m) =>
        m.estimatedCostUsd === null || m.estimatedCostUsd === undefined ? (
          <Link to={PRICING} className={linkClass}>
            {t('analytics.usage.noPrice')}
          </Link>
        ) : (
          f.usd(m.estimatedCostUsd)
        ),
    },
  ];

  return (
    <ReportSection id="usage" title={title} description={t('analytics.usage.description')} busy={report.isFetching}>
      {report.isError && !data ? (
        <ReportError error={report.error} onRetry={() => void report.refetch()} />
      ) : !data ? (
        <ReportSkeleton />
      ) : (
        <div className="space-y-8">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Figure testId="usage-messages" label={t('analytics.kpi.messages')} value={f.count(data.messages)} />
            <Figure testId="usage-tokens-in" label={t('analytics.columns.tokensIn')} value={f.count(data.tokensIn)} />
            <Figure testId="usage-tokens-out" label={t('analytics.columns.tokensOut')} value={f.count(data.tokensOut)} />
            <Figure
              testId="usage-cost"
              label={t('analytics.kpi.cost')}
              value={f.usd(data.estimatedCostUsd)}
              detail={
                data.estimatedCostUsd === null || data.estimatedCostUsd === undefined ? (
                  <Link to={PRICING} className={linkClass}>
                    {t('analytics.kpi.noCost')}
                  </Link>
                ) : undefined
              }
            />
          </dl>

          <ReportBlock
            title={t('analytics.usage.tokensOverTime')}
            action={
              <CsvButton
                name="usage-series"
                what={t('analytics.usage.tokensOverTime')}
                table={() => ({ header: ['start', 'messages', 'tokensIn', 'tokensOut'], rows: data.series.map((p) => [p.start, p.messages, p.tokensIn, p.tokensOut]) })}
              />
            }
          >
            <ChartFigure
              label={t('analytics.usage.tokensOverTime')}
              summary={t('analytics.kpi.tokensSplit', { input: f.count(data.tokensIn), output: f.count(data.tokensOut) })}
              columns={[t('analytics.columns.time'), t('analytics.kpi.messages'), ...tokenSeries.map((s) => s.name)]}
              rows={data.series.map((p) => [f.bucket(p.start, interval, true), f.count(p.messages), f.count(p.tokensIn), f.count(p.tokensOut)])}
            >
              <TimeChart
                title={t('analytics.usage.tokensOverTime')}
                data={data.series}
                xKey="start"
                series={tokenSeries}
                stacked
                tick={(v) => f.bucket(String(v), interval)}
                label={(v) => f.bucket(String(v), interval, true)}
                value={f.count}
                yTick={f.compact}
              />
            </ChartFigure>
          </ReportBlock>

          <ReportBlock
            title={t('analytics.usage.byModel')}
            action={
              <CsvButton
                name="usage-models"
                what={t('analytics.usage.byModel')}
                table={() => ({
                  header: ['provider', 'model', 'answers', 'tokensIn', 'tokensOut', 'estimatedCostUsd'],
                  rows: data.models.map((m) => [m.provider, m.model, m.answers, m.tokensIn, m.tokensOut, m.estimatedCostUsd ?? null]),
                })}
              />
            }
          >
            <DataTable
              variant="plain"
              caption={t('analytics.usage.byModel')}
              columns={columns}
              rows={data.models}
              rowKey={(m) => `${m.provider}/${m.model}`}
              empty={t('analytics.noRows')}
            />
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              {t('analytics.usage.pricingHint')}{' '}
              <Link to={PRICING} className={linkClass}>
                {t('analytics.usage.pricingLink')}
              </Link>
            </p>
          </ReportBlock>
        </div>
      )}
    </ReportSection>
  );
}
