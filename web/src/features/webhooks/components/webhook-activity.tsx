import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '@/components/ui/section';
import { Spinner } from '@/components/ui/spinner';
import type { WebhookDay } from '@/features/webhooks/api/webhooks';
import type { ActivitySeries } from '@/features/webhooks/components/activity-chart';
import { useWebhookFormat } from '@/features/webhooks/hooks/use-webhook-format';
import { dayLabel, fillDays } from '@/features/webhooks/utils/daily';

// recharts is large: the chart arrives in a chunk of its own, after the numbers.
const ActivityChart = lazy(() => import('@/features/webhooks/components/activity-chart').then((m) => ({ default: m.ActivityChart })));

function Loading() {
  return (
    <div className="flex h-64 items-center justify-center">
      <Spinner />
    </div>
  );
}

/** The last 14 days of events (every day shown, those without events as zeros), with the same numbers in a table for screen readers. */
export function WebhookActivity({ daily, loading }: { daily?: WebhookDay[]; loading: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const f = useWebhookFormat();
  const days = useMemo(() => fillDays(daily ?? []), [daily]);
  const series: ActivitySeries[] = [
    { key: 'succeeded', name: t('webhooks.chart.succeeded'), color: '#10b981' },
    { key: 'failed', name: t('webhooks.chart.failed'), color: '#ef4444' },
    { key: 'received', name: t('webhooks.chart.received'), color: '#6366f1' },
  ];
  const title = t('webhooks.chart.title');
  const total = days.reduce((sum, d) => sum + d.received, 0);
  return (
    <Section id="webhook-activity" title={title} description={t('webhooks.chart.description')}>
      <figure aria-label={title} aria-busy={loading || undefined} className="min-w-0">
        {loading && !daily ? (
          <Loading />
        ) : (
          <Suspense fallback={<Loading />}>
            <ActivityChart
              data={days}
              series={series}
              title={title}
              tick={(d) => dayLabel(d, i18n.language)}
              label={(d) => dayLabel(d, i18n.language, 'long')}
              value={f.count}
            />
          </Suspense>
        )}
        <figcaption className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">{t('webhooks.chart.summary', { value: f.count(total) })}</figcaption>
        <table className="sr-only">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('webhooks.chart.day')}</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{dayLabel(d.day, i18n.language, 'long')}</th>
                {series.map((s) => (
                  <td key={s.key}>{f.count(d[s.key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
    </Section>
  );
}
