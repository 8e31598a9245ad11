import { ArrowRight, MessagesSquare, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminOverview } from '@/features/admin-overview/api/admin-overview';

function Tile({ icon: Icon, label, value, details, action, testId }: { icon: LucideIcon; label: string; value: string; details: ReactNode[]; action?: ReactNode; testId: string }) {
  return (
    <div data-testid={testId} className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm text-zinc-500 dark:text-zinc-400">
          <Icon aria-hidden className="size-4 text-accent-600 dark:text-accent-400" />
          {label}
        </p>
        {action}
      </div>
      <p className="mt-2 text-3xl font-semibold tracking-tight tabular-nums">{value}</p>
      <div className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
        {details.map((d, i) => (
          <span key={i} className="tabular-nums">
            {d}
          </span>
        ))}
      </div>
    </div>
  );
}

/** Accounts (new this week, active today) and today's conversations (messages, active now). */
export function OverviewStats({ overview }: { overview: AdminOverview }) {
  const { t, i18n } = useTranslation('admin');
  const nf = new Intl.NumberFormat(i18n.language);
  const n = (v: number) => nf.format(v);
  const { accounts, conversations } = overview;
  return (
    <div role="group" aria-label={t('overview.stats.label')} className="grid gap-4 sm:grid-cols-2">
      <Tile
        testId="stat-accounts"
        icon={Users}
        label={t('overview.stats.accounts')}
        value={n(accounts.total)}
        details={[
          <span key="new" className={accounts.newThisWeek > 0 ? 'font-medium text-emerald-700 dark:text-emerald-400' : undefined}>
            {t('overview.stats.newThisWeek', { value: n(accounts.newThisWeek) })}
          </span>,
          t('overview.stats.activeToday', { value: n(accounts.activeToday) }),
        ]}
        action={
          <Link to="/admin/users" className="inline-flex items-center gap-1 text-xs font-medium text-accent-700 hover:underline dark:text-accent-300">
            {t('overview.stats.manageUsers')}
            <ArrowRight aria-hidden className="size-3.5 rtl:-scale-x-100" />
          </Link>
        }
      />
      <Tile
        testId="stat-conversations"
        icon={MessagesSquare}
        label={t('overview.stats.conversationsToday')}
        value={n(conversations.today)}
        details={[t('overview.stats.messagesToday', { value: n(conversations.messagesToday) }), t('overview.stats.activeNow', { value: n(conversations.active) })]}
      />
    </div>
  );
}
