import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useAdminOverview, useRefreshOverview } from '@/features/admin-overview/api/admin-overview';
import { ContactMessages } from '@/features/admin-overview/components/contact-messages';
import { HealthPanel } from '@/features/admin-overview/components/health-panel';
import { JobsPanel } from '@/features/admin-overview/components/jobs-panel';
import { MailOutbox } from '@/features/admin-overview/components/mail-outbox';
import { OverviewStats } from '@/features/admin-overview/components/overview-stats';
import { RecentActivity } from '@/features/admin-overview/components/recent-activity';
import { SetupChecklist } from '@/features/admin-overview/components/setup-checklist';

/**
 * /admin: the installation at a glance. What is left to set up (while anything is), accounts and
 * today's conversations, each part's health, the job queue with the jobs that failed for good
 * (each retried from here), the mail outbox (an email kept or failed sent again), what people sent
 * through the contact form, and the latest audit entries. Read again every half minute, and when an
 * admin saves the configuration; Refresh reads the outbox and the messages again too.
 */
export function AdminOverview() {
  const { t } = useTranslation('admin');
  const overview = useAdminOverview();
  const refresh = useRefreshOverview();
  const data = overview.data;
  const mailConfigured = data?.health.find((h) => h.name === 'mail')?.status === 'ok';

  return (
    <div className="w-full space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('pages.overview.title')}</h1>
          <p className="mt-2 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{t('overview.description')}</p>
        </div>
        {data ? (
          <Button variant="secondary" size="sm" onClick={refresh} disabled={overview.isFetching}>
            <RefreshCw aria-hidden className={cn('size-4', overview.isFetching && 'animate-spin')} />
            {t('overview.refresh')}
          </Button>
        ) : null}
      </header>

      {data ? (
        <>
          <SetupChecklist steps={data.setup} />
          <OverviewStats overview={data} />
          <div className="grid items-start gap-6 lg:grid-cols-5">
            <div className="lg:col-span-2">
              <HealthPanel health={data.health} />
            </div>
            <div className="min-w-0 lg:col-span-3">
              <JobsPanel jobs={data.jobs} />
            </div>
          </div>
          <MailOutbox mailConfigured={mailConfigured} />
          <ContactMessages />
          <RecentActivity entries={data.recentAudit} />
        </>
      ) : overview.isError ? (
        <Notice
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void overview.refetch()} disabled={overview.isFetching}>
              {t('overview.retry')}
            </Button>
          }
        >
          {t('overview.loadFailed')}
          <span className="block text-xs opacity-80">{overview.error.message}</span>
        </Notice>
      ) : (
        <div role="status" className="flex justify-center py-16">
          <Spinner className="size-8" />
          <span className="sr-only">{t('overview.loading')}</span>
        </div>
      )}
    </div>
  );
}
