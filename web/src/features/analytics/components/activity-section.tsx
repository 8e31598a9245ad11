import { useTranslation } from 'react-i18next';
import type { OverviewReport } from '@/features/analytics/api/analytics';
import { TimeChart } from '@/features/analytics/components/lazy-charts';
import { ChartFigure, CsvButton, ReportSection } from '@/features/analytics/components/report-parts';
import { useAnalyticsFormat } from '@/features/analytics/hooks/use-analytics-format';
import { CHART_COLORS } from '@/features/analytics/utils/format';

/** Conversations, messages and failed answers over the period. */
export function ActivitySection({ report }: { report: OverviewReport }) {
  const { t } = useTranslation('dashboard');
  const f = useAnalyticsFormat();
  const { series, range, current } = report;
  const interval = range.interval;
  const title = t('analytics.activity.title');
  const series3 = [
    { key: 'conversations', name: t('analytics.kpi.conversations'), color: CHART_COLORS[0] },
    { key: 'messages', name: t('analytics.kpi.messages'), color: CHART_COLORS[1] },
    { key: 'errors', name: t('analytics.activity.errors'), color: CHART_COLORS[3], dashed: true },
  ];
  return (
    <ReportSection
      id="activity"
      title={title}
      description={t('analytics.activity.description')}
      action={
        <CsvButton
          name="activity"
          what={title}
          table={() => ({
            header: ['start', 'conversations', 'messages', 'answers', 'tokens', 'errors'],
            rows: series.map((p) => [p.start, p.conversations, p.messages, p.answers, p.tokens, p.errors]),
          })}
        />
      }
    >
      <ChartFigure
        label={t('analytics.activity.chartLabel', { range: f.range(range.from, range.to, interval) })}
        summary={t('analytics.activity.summary', { conversations: f.count(current.conversations), messages: f.count(current.messages), errors: f.count(series.reduce((n, p) => n + p.errors, 0)) })}
        columns={[t('analytics.columns.time'), ...series3.map((s) => s.name)]}
        rows={series.map((p) => [f.bucket(p.start, interval, true), f.count(p.conversations), f.count(p.messages), f.count(p.errors)])}
      >
        <TimeChart
          title={title}
          data={series}
          xKey="start"
          series={series3}
          tick={(v) => f.bucket(String(v), interval)}
          label={(v) => f.bucket(String(v), interval, true)}
          value={f.count}
          yTick={f.compact}
        />
      </ChartFigure>
    </ReportSection>
  );
}
