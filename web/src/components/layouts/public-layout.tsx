import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { LanguageSwitcher } from '@/components/ui/language-switcher';
import { Logo } from '@/components/ui/logo';
import { ThemeSwitch } from '@/components/ui/theme-switch';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

const mainNav = [
  { to: paths.features, key: 'nav.features' },
  { to: paths.platform, key: 'nav.platform' },
  { to: paths.pricing, key: 'nav.pricing' },
  { to: paths.demo, key: 'nav.demo' },
  { to: paths.blog, key: 'nav.blog' },
  { to: paths.about, key: 'nav.about' },
] as const;

const footerColumns = [
  {
    key: 'footer.product',
    links: [
      { to: '/features', key: 'nav.features' },
      { to: '/platform', key: 'nav.platform' },
      { to: '/pricing', key: 'nav.pricing' },
      { to: '/demo', key: 'nav.demo' },
    ],
  },
  {
    key: 'footer.solutions',
    links: [
      { to: '/automate', key: 'solutions.automate' },
      { to: '/sales', key: 'solutions.sales' },
      { to: '/sdr', key: 'solutions.sdr' },
      { to: '/customer-success', key: 'solutions.customerSuccess' },
      { to: '/ecommerce', key: 'solutions.ecommerce' },
    ],
  },
  {
    key: 'footer.company',
    links: [
      { to: '/about', key: 'nav.about' },
      { to: '/blog', key: 'nav.blog' },
      { to: '/contact', key: 'nav.contact' },
    ],
  },
] as const;

function HeaderActions() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return user ? (
    <ButtonLink to={paths.dashboard} size="sm">
      {t('nav.dashboard')}
    </ButtonLink>
  ) : (
    <>
      <ButtonLink to={paths.login} variant="ghost" size="sm">
        {t('nav.signIn')}
      </ButtonLink>
      <ButtonLink to={paths.signup} size="sm">
        {t('nav.getStarted')}
      </ButtonLink>
    </>
  );
}

export function PublicLayout() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const navClass = ({ isActive }: { isActive: boolean }) =>
    cn('rounded-md px-3 py-2 text-sm transition-colors', isActive ? 'text-zinc-900 dark:text-white' : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white');

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b border-zinc-200/80 bg-white/80 backdrop-blur dark:border-zinc-800/80 dark:bg-zinc-950/80">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6 lg:px-8">
          <Logo />
          <nav aria-label={t('nav.main')} className="hidden items-center gap-1 lg:flex">
            {mainNav.map((item) => (
              <NavLink key={item.to} to={item.to} className={navClass}>
                {t(item.key)}
              </NavLink>
            ))}
          </nav>
          <div className="ms-auto flex items-center gap-2">
            <div className="hidden sm:block">
              <LanguageSwitcher />
            </div>
            <ThemeSwitch />
            <div className="hidden items-center gap-2 sm:flex">
              <HeaderActions />
            </div>
            <button
              type="button"
              className="inline-flex size-9 items-center justify-center rounded-lg hover:bg-zinc-100 lg:hidden dark:hover:bg-zinc-800"
              aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
              aria-expanded={open}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? <X aria-hidden className="size-5" /> : <Menu aria-hidden className="size-5" />}
            </button>
          </div>
        </div>
        {open ? (
          <div className="border-t border-zinc-200 px-4 py-4 lg:hidden dark:border-zinc-800">
            <nav aria-label={t('nav.mobile')} className="flex flex-col gap-1">
              {mainNav.map((item) => (
                <NavLink key={item.to} to={item.to} className={navClass} onClick={() => setOpen(false)}>
                  {t(item.key)}
                </NavLink>
              ))}
            </nav>
            <div className="mt-4 flex flex-wrap items-center gap-2">
              <LanguageSwitcher className="sm:hidden" />
              <div className="flex items-center gap-2 sm:hidden">
                <HeaderActions />
              </div>
            </div>
          </div>
        ) : null}
      </header>

      <main id="main" className="flex-1">
        <Outlet />
      </main>

      <footer className="border-t border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-950">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-5 lg:px-8">
          <div className="md:col-span-2">
            <Logo />
            <p className="mt-3 max-w-xs text-sm text-zinc-600 dark:text-zinc-400">{t('footer.tagline')}</p>
          </div>
          {footerColumns.map((col) => (
            <div key={col.key}>
              <h2 className="text-sm font-semibold">{t(col.key)}</h2>
              <ul className="mt-3 space-y-2">
                {col.links.map((l) => (
                  <li key={l.to}>
                    <Link to={l.to} className="text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white">
                      {t(l.key)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <div className="border-t border-zinc-200 dark:border-zinc-800">
          <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-zinc-500 sm:px-6 lg:px-8 dark:text-zinc-400">{t('footer.rights', { year: new Date().getFullYear() })}</p>
        </div>
      </footer>
    </div>
  );
}
