import { Clock, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { useRebuildAnalytics } from '@/features/analytics/api/analytics';
import { useNow } from '@/features/analytics/hooks/use-now';
import { formatAgo, formatDateTime } from '@/lib/format';

/** How fresh the reports are ("Updated 2 minutes ago"), from the rollups' `dataThrough`. */
function Freshness({ dataThrough }: { dataThrough: string | null | undefined }) {
  const { t, i18n } = useTranslation('dashboard');
  const now = useNow();
  const ago = formatAgo(dataThrough, i18n.language, now);
  return (
    <p className="flex items-center gap-1.5 text-sm text-zinc-600 dark:text-zinc-400" data-testid="analytics-freshness">
      <Clock aria-hidden className="size-4 shrink-0" />
      {dataThrough && ago ? (
        <time dateTime={dataThrough} title={formatDateTime(dataThrough, i18n.language)}>
          {t('analytics.updated', { when: ago })}
        </time>
      ) : (
        <span>{t('analytics.notCounted')}</span>
      )}
    </p>
  );
}

/** The title, how fresh the numbers are, and "Recount" (admins), confirmed first. */
export function AnalyticsHeader({ dataThrough, known }: { dataThrough: string | null | undefined; known: boolean }) {
  const { t } = useTranslation('dashboard');
  const rebuild = useRebuildAnalytics();
  const recount = useConfirmAction({
    act: () => rebuild.mutateAsync(),
    title: () => t('analytics.recount.title'),
    body: () => t('analytics.recount.body'),
    confirmLabel: t('analytics.recount.confirm'),
    tone: 'primary',
    success: () => ({ title: t('analytics.recount.started'), description: t('analytics.recount.startedHint') }),
    error: (e) => ({ title: t('analytics.recount.failed'), description: e instanceof Error ? e.message : undefined }),
  });
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.analytics.title')}</h1>
        <p className="mt-2 max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{t('pages.analytics.description')}</p>
        <div className="mt-2 min-h-5">{known ? <Freshness dataThrough={dataThrough} /> : null}</div>
      </div>
      <Button variant="secondary" onClick={() => recount.ask()} disabled={recount.pending} className="shrink-0 self-start">
        <RefreshCw aria-hidden className="size-4" />
        {t('analytics.recount.action')}
      </Button>
      {recount.dialog}
    </header>
  );
}
