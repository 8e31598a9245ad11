import { Bot, Blocks, MessagesSquare, Workflow } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SystemStatusCard } from '@/features/system/components/system-status-card';
import { useAuth } from '@/lib/auth';

const shortcuts = [
  { to: '/dashboard/agents/create', key: 'createAgent', icon: Bot },
  { to: '/dashboard/conversations', key: 'conversations', icon: MessagesSquare },
  { to: '/dashboard/mcp', key: 'tools', icon: Blocks },
  { to: '/dashboard/workflows', key: 'workflows', icon: Workflow },
] as const;

export function DashboardOverviewRoute() {
  const { t } = useTranslation('dashboard');
  const { user } = useAuth();
  return (
    <section className="w-full max-w-5xl">
      <h1 className="text-2xl font-semibold tracking-tight">{t('overview.greeting', { name: user?.firstName || user?.email })}</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('overview.description')}</p>
      <div className="mt-8 grid gap-4 md:grid-cols-3">
        <ul className="grid gap-4 sm:grid-cols-2 md:col-span-2">
          {shortcuts.map(({ to, key, icon: Icon }) => (
            <li key={key}>
              <Link to={to} className="group flex h-full flex-col rounded-xl border border-zinc-200 p-5 transition hover:border-accent-300 hover:shadow-sm dark:border-zinc-800 dark:hover:border-accent-500/50">
                <Icon aria-hidden className="size-5 text-accent-600 dark:text-accent-400" />
                <span className="mt-3 font-medium">{t(`overview.shortcuts.${key}.title`)}</span>
                <span className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t(`overview.shortcuts.${key}.description`)}</span>
              </Link>
            </li>
          ))}
        </ul>
        <SystemStatusCard />
      </div>
    </section>
  );
}
