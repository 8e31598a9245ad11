import { ArrowLeft, CreditCard, KeyRound, LayoutDashboard, ScrollText, SlidersHorizontal, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { cn } from '@/components/ui/cn';
import { LanguageSwitcher } from '@/components/ui/language-switcher';
import { LogoMark } from '@/components/ui/logo';
import { ThemeSwitch } from '@/components/ui/theme-switch';
import { AccountMenu } from '@/components/layouts/account-menu';
import { ConfigurationSync } from '@/components/layouts/configuration-sync';
import type { KeyOf } from '@/types/i18n-keys';

const items: Array<{ to: string; key: KeyOf<'admin'>; icon: typeof Users; end?: boolean }> = [
  { to: '/admin', key: 'nav.overview', icon: LayoutDashboard, end: true },
  { to: '/admin/users', key: 'nav.users', icon: Users },
  { to: '/admin/api-keys', key: 'nav.apiKeys', icon: KeyRound },
  { to: '/admin/audit-logs', key: 'nav.auditLogs', icon: ScrollText },
  { to: '/admin/configuration', key: 'nav.configuration', icon: SlidersHorizontal },
  { to: '/admin/subscriptions', key: 'nav.subscriptions', icon: CreditCard },
];

export function AdminLayout() {
  const { t } = useTranslation('admin');
  return (
    <div className="min-h-dvh bg-white dark:bg-zinc-950">
      <ConfigurationSync />
      <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white/80 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/80">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
          <Link to="/admin" className="flex items-center gap-2 font-semibold">
            <LogoMark />
            <span>{t('title')}</span>
          </Link>
          <span className="hidden rounded-full bg-accent-50 px-2 py-0.5 text-xs font-medium text-accent-700 sm:inline dark:bg-accent-500/15 dark:text-accent-400">
            {t('badge')}
          </span>
          <div className="ms-auto flex items-center gap-2">
            <Link to="/dashboard" className="hidden items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm text-zinc-600 hover:bg-zinc-100 md:flex dark:text-zinc-400 dark:hover:bg-zinc-800">
              <ArrowLeft aria-hidden className="size-4 rtl:-scale-x-100" />
              {t('backToDashboard')}
            </Link>
            <LanguageSwitcher />
            <ThemeSwitch />
            <AccountMenu />
          </div>
        </div>
        <nav aria-label={t('nav.label')} className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 sm:px-6 lg:px-8">
          {items.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                cn(
                  'flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-sm transition-colors',
                  isActive
                    ? 'border-accent-600 font-medium text-zinc-900 dark:border-accent-400 dark:text-white'
                    : 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white',
                )
              }
            >
              <item.icon aria-hidden className="size-4" />
              {t(item.key)}
            </NavLink>
          ))}
        </nav>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <Outlet />
      </main>
    </div>
  );
}
