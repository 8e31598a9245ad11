import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import { useMetricReport, type ReportParams, type ReportRange } from '@/features/analytics/api/analytics';
import { TimeChart } from '@/features/analytics/components/lazy-charts';
import { ChartFigure, CsvButton, ReportError, ReportSection, Skeleton } from '@/features/analytics/components/report-parts';
import { useAnalyticsFormat } from '@/features/analytics/hooks/use-analytics-format';
import { CHART_COLORS, metricKind } from '@/features/analytics/utils/format';
import { intervalFits, INTERVALS, METRICS, type ChoiceKey, type Choices } from '@/features/analytics/utils/params';

/** Any one metric over the period, at the interval chosen. */
export function MetricExplorer({
  params,
  choices,
  onChange,
  range,
  enabled,
}: {
  params: ReportParams;
  choices: Choices;
  onChange: (patch: Partial<Record<ChoiceKey, string | undefined>>) => void;
  range?: ReportRange;
  enabled: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const f = useAnalyticsFormat();
  const { metric, interval } = choices;
  // An interval that would draw more points than the server gives falls back to the period's own.
  const fits = (i: (typeof INTERVALS)[number]) => intervalFits(i, range?.from, range?.to);
  const asked = interval && fits(interval) ? interval : undefined;
  const report = useMetricReport(params, metric, asked, { enabled });
  const data = report.data;
  const shownInterval = data?.range.interval ?? range?.interval ?? 'day';
  const kind = metricKind(metric);
  const metricName = t(`analytics.metrics.names.${metric}`);
  const title = t('analytics.metrics.title');
  const points = data?.points ?? [];
  const measured = points.filter((p) => p.value !== null && p.value !== undefined) as Array<{ start: string; value: number }>;
  const peak = measured.reduce<{ start: string; value: number } | null>((best, p) => (!best || p.value > best.value ? p : best), null);
  const summary =
    measured.length === 0
      ? t('analytics.metrics.noData')
      : kind === 'count'
        ? t('analytics.metrics.total', { value: f.metric(metric, measured.reduce((n, p) => n + p.value, 0)) })
        : t('analytics.metrics.peak', { value: f.metric(metric, peak?.value), when: peak ? f.bucket(peak.start, shownInterval, true) : '' });

  return (
    <ReportSection
      id="metrics"
      title={title}
      description={t('analytics.metrics.description')}
      busy={report.isFetching}
      action={
        <CsvButton
          name={`metric-${metric.replace(/_/g, '-')}`}
          what={metricName}
          disabled={!data}
          table={() => ({ header: ['start', metric], rows: points.map((p) => [p.start, p.value ?? null]) })}
        />
      }
    >
      <div className="mb-4 flex flex-wrap gap-4">
        <SelectField label={t('analytics.metrics.metric')} value={metric} onChange={(e) => onChange({ metric: e.target.value })} className="w-64 max-w-full">
          {METRICS.map((m) => (
            <option key={m} value={m}>
              {t(`analytics.metrics.names.${m}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('analytics.metrics.interval')} value={asked ?? ''} onChange={(e) => onChange({ interval: e.target.value || undefined })} className="w-48 max-w-full">
          <option value="">{t('analytics.metrics.intervals.auto')}</option>
          {INTERVALS.map((i) => (
            <option key={i} value={i} disabled={!fits(i)}>
              {t(`analytics.metrics.intervals.${i}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {report.isError && !data ? (
        <ReportError error={report.error} onRetry={() => void report.refetch()} />
      ) : !data ? (
        <Skeleton className="h-64" />
      ) : (
        <ChartFigure
          label={t('analytics.metrics.chartLabel', { metric: metricName })}
          summary={summary}
          columns={[t('analytics.columns.time'), metricName]}
          rows={points.map((p) => [f.bucket(p.start, shownInterval, true), f.metric(metric, p.value)])}
        >
          <TimeChart
            title={metricName}
            kind="line"
            data={points}
            xKey="start"
            series={[{ key: 'value', name: metricName, color: CHART_COLORS[0] }]}
            tick={(v) => f.bucket(String(v), shownInterval)}
            label={(v) => f.bucket(String(v), shownInterval, true)}
            value={(v) => f.metric(metric, v)}
            yTick={kind === 'count' ? f.compact : (v) => f.metric(metric, v)}
            integer={kind === 'count'}
          />
        </ChartFigure>
      )}
    </ReportSection>
  );
}
