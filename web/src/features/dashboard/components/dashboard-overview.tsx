import { Blocks, Bot, FileText, Gauge, MessageSquare, MessagesSquare, Radio, Workflow, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useDashboard, useDashboardRealtime } from '@/features/dashboard/api/dashboard';
import { SystemPanel } from '@/features/dashboard/components/system-panel';
import type { DashboardActivity, DashboardOverview as Overview } from '@/features/dashboard/types';

// recharts is large: the chart arrives in its own chunk, after the numbers.
const ActivityChart = lazy(() => import('@/features/dashboard/components/activity-chart').then((m) => ({ default: m.ActivityChart })));

const shortcuts = [
  { to: '/dashboard/agents/create', key: 'createAgent', icon: Bot },
  { to: '/dashboard/conversations', key: 'conversations', icon: MessagesSquare },
  { to: '/dashboard/mcp', key: 'tools', icon: Blocks },
  { to: '/dashboard/workflows', key: 'workflows', icon: Workflow },
] as const;

const card = 'rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900';

function Stat({ icon: Icon, label, value, detail, testId }: { icon: LucideIcon; label: string; value: string; detail?: ReactNode; testId: string }) {
  return (
    <div className={card} data-testid={testId}>
      <dt className="flex items-center gap-2 text-sm text-zinc-500 dark:text-zinc-400">
        <Icon aria-hidden className="size-4 text-accent-600 dark:text-accent-400" />
        {label}
      </dt>
      <dd className="mt-2 text-2xl font-semibold tracking-tight tabular-nums">{value}</dd>
      {detail ? <dd className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{detail}</dd> : null}
    </div>
  );
}

function Stats({ overview }: { overview: Overview }) {
  const { t, i18n } = useTranslation('dashboard');
  const nf = new Intl.NumberFormat(i18n.language);
  const n = (v: number) => nf.format(v);
  const avg = overview.averageResponseMs;
  const response =
    avg === null || avg === undefined
      ? '—'
      : avg < 1000
        ? new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'millisecond', unitDisplay: 'short', maximumFractionDigits: 0 }).format(avg)
        : new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: 1 }).format(avg / 1000);
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <Stat testId="stat-agents" icon={Bot} label={t('overview.stats.agents')} value={n(overview.totalAgents)} detail={t('overview.stats.activeAgents', { count: overview.activeAgents })} />
      <Stat
        testId="stat-conversations"
        icon={MessagesSquare}
        label={t('overview.stats.conversations')}
        value={n(overview.totalConversations)}
        detail={t('overview.stats.today', { count: overview.conversationsToday })}
      />
      <Stat
        testId="stat-active-conversations"
        icon={Radio}
        label={t('overview.stats.activeConversations')}
        value={n(overview.activeConversations)}
        detail={
          <Link to="/dashboard/conversations/live" className="text-accent-700 hover:underline dark:text-accent-300">
            {t('overview.stats.watchLive')}
          </Link>
        }
      />
      <Stat testId="stat-messages" icon={MessageSquare} label={t('overview.stats.messages')} value={n(overview.totalMessages)} detail={t('overview.stats.today', { count: overview.messagesToday })} />
      <Stat testId="stat-documents" icon={FileText} label={t('overview.stats.documents')} value={n(overview.totalDocuments)} />
      <Stat
        testId="stat-response"
        icon={Gauge}
        label={t('overview.stats.averageResponse')}
        value={response}
        detail={avg === null || avg === undefined ? t('overview.stats.noAnswers') : undefined}
      />
    </dl>
  );
}

function Activity({ activity }: { activity: DashboardActivity }) {
  const { t } = useTranslation('dashboard');
  const quiet = activity.series.every((b) => b.conversations === 0 && b.messages === 0);
  return (
    <section aria-labelledby="activity-title" className={card}>
      <h2 id="activity-title" className="text-base font-semibold">
        {t('overview.activity.title')}
      </h2>
      <figure className="mt-4" aria-label={t('overview.activity.chartLabel')}>
        <Suspense
          fallback={
            <div className="flex h-64 items-center justify-center">
              <Spinner />
            </div>
          }
        >
          <ActivityChart series={activity.series} />
        </Suspense>
        {quiet ? <figcaption className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">{t('overview.activity.empty')}</figcaption> : null}
      </figure>
    </section>
  );
}

function Recent({ activity }: { activity: DashboardActivity }) {
  const { t, i18n } = useTranslation('dashboard');
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby="recent-title" className={card}>
      <div className="flex items-center justify-between gap-3">
        <h2 id="recent-title" className="text-base font-semibold">
          {t('overview.recent.title')}
        </h2>
        <Link to="/dashboard/conversations/all" className="text-sm text-accent-700 hover:underline dark:text-accent-300">
          {t('overview.recent.viewAll')}
        </Link>
      </div>
      {activity.recent.length === 0 ? (
        <p className="mt-6 mb-2 text-center text-sm text-zinc-500 dark:text-zinc-400">{t('overview.recent.empty')}</p>
      ) : (
        <ul aria-labelledby="recent-title" className="mt-3 divide-y divide-zinc-100 dark:divide-zinc-800">
          {activity.recent.map((c) => (
            <li key={c.id} data-testid="recent-conversation">
              <Link to={`/dashboard/conversations/${encodeURIComponent(c.id)}`} className="group flex items-center gap-3 py-2.5">
                <span
                  aria-hidden
                  className={`size-2 shrink-0 rounded-full ${c.status === 'active' ? 'bg-emerald-500' : 'bg-zinc-300 dark:bg-zinc-600'}`}
                />
                <span className="min-w-0 flex-1">
                  <span dir="auto" className="block truncate text-sm font-medium group-hover:text-accent-700 group-hover:underline dark:group-hover:text-accent-300">
                    {c.title || t('conversations.untitled')}
                  </span>
                  <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                    {c.agentName} · {t(`conversations.channels.${c.channel}`, { defaultValue: c.channel })} · {t('overview.recent.messages', { count: c.messageCount })}
                  </span>
                </span>
                <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">{when.format(new Date(c.lastMessageAt ?? c.startedAt))}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /dashboard: real counts, 14 days of activity, the latest conversations and the server's state. */
export function DashboardOverview({ name }: { name?: string }) {
  const { t } = useTranslation('dashboard');
  const dashboard = useDashboard();
  const live = useDashboardRealtime();
  const data = dashboard.data;

  return (
    <section className="w-full max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t('overview.greeting', { name })}</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('overview.description')}</p>
      </div>

      {dashboard.isError ? (
        <Notice
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void dashboard.refetch()}>
              {t('overview.retry')}
            </Button>
          }
        >
          {t('overview.loadFailed')}
          <span className="block text-xs opacity-80">{dashboard.error.message}</span>
        </Notice>
      ) : null}

      {dashboard.isPending ? (
        <div role="status" className="flex justify-center py-16">
          <Spinner className="size-8" />
          <span className="sr-only">{t('overview.loading')}</span>
        </div>
      ) : data ? (
        <>
          <Stats overview={data.overview} />
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="space-y-6 lg:col-span-2">
              <Activity activity={data.activity} />
              <Recent activity={data.activity} />
            </div>
            <div className="space-y-6">
              <SystemPanel status={data.systemStatus} live={live} />
              <nav aria-label={t('overview.shortcutsLabel')} className={card}>
                <ul className="space-y-1">
                  {shortcuts.map(({ to, key, icon: Icon }) => (
                    <li key={key}>
                      <Link to={to} className="group flex items-start gap-3 rounded-lg p-2 transition hover:bg-zinc-50 dark:hover:bg-zinc-800/60">
                        <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-600 dark:text-accent-400" />
                        <span className="min-w-0">
                          <span className="block text-sm font-medium">{t(`overview.shortcuts.${key}.title`)}</span>
                          <span className="block text-xs text-zinc-500 dark:text-zinc-400">{t(`overview.shortcuts.${key}.description`)}</span>
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            </div>
          </div>
        </>
      ) : null}
    </section>
  );
}
