import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { useRealtimeReport, type RealtimeReport, type ReportScope } from '@/features/analytics/api/analytics';
import { useAnalyticsFormat } from '@/features/analytics/hooks/use-analytics-format';

const FIELDS = ['activeConversations', 'answersLastMinute', 'openSockets', 'queuedJobs'] as const satisfies ReadonlyArray<keyof RealtimeReport>;

/** What is happening now, counted live (not from the rollups) every 10 seconds. */
export function RealtimeStrip({ scope, agentId }: { scope: ReportScope; agentId?: string }) {
  const { t } = useTranslation('dashboard');
  const f = useAnalyticsFormat();
  const live = useRealtimeReport(scope, agentId);
  const data = live.data;
  return (
    <section aria-labelledby="analytics-now-title" data-testid="analytics-realtime" className="rounded-2xl border border-zinc-200 bg-white px-5 py-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id="analytics-now-title" className="flex items-center gap-2 text-sm font-semibold">
          <span aria-hidden className={cn('size-2 rounded-full', live.isError ? 'bg-zinc-400' : 'animate-pulse bg-emerald-500')} />
          {t('analytics.realtime.title')}
        </h2>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{live.isError ? t('analytics.realtime.unavailable') : t('analytics.realtime.hint')}</p>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
        {FIELDS.map((field) => {
          const value = data?.[field];
          return (
            <div key={field} data-testid={`realtime-${field}`}>
              <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t(`analytics.realtime.${field}`)}</dt>
              <dd className="mt-0.5 text-lg font-semibold tabular-nums" title={value === null ? t('analytics.realtime.platformOnly') : undefined}>
                {data ? f.count(value) : '…'}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
