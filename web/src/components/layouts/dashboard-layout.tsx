import {
  Activity, BarChart3, Blocks, Bot, BookOpen, Code2, GitBranch, Globe, HelpCircle, LayoutDashboard, Menu, MessageSquare,
  MessagesSquare, Mic, Network, Phone, PlusCircle, Puzzle, Radio, Settings, Share2, Shield, Sparkles, Store, Users, Webhook,
  Workflow, X, type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, NavLink, Outlet, useLocation } from 'react-router';
import { cn } from '@/components/ui/cn';
import { LanguageSwitcher } from '@/components/ui/language-switcher';
import { Logo } from '@/components/ui/logo';
import { ThemeSwitch } from '@/components/ui/theme-switch';
import { TeamNotifications } from '@/components/layouts/team-notifications';
import { ConfigurationSync } from '@/components/layouts/configuration-sync';
import { AccountMenu } from '@/components/layouts/account-menu';
import { useAuth } from '@/lib/auth';
import type { KeyOf } from '@/types/i18n-keys';

/**
 * A sidebar entry. It is current on `to` (and below it unless `end`), or, when given, on exactly
 * the paths `match` accepts.
 */
type Item = { to: string; key: KeyOf<'dashboard'>; icon: LucideIcon; end?: boolean; match?: (pathname: string) => boolean; adminOnly?: boolean };

/** The other screens under /dashboard/conversations; any other child is a transcript. */
const CONVERSATION_SCREENS = new Set(['live', 'voice', 'phone']);

/** "All conversations": the list (/dashboard/conversations or /all) and the transcripts it opens. */
function isConversationList(pathname: string): boolean {
  if (matchPath('/dashboard/conversations', pathname)) return true;
  const child = matchPath('/dashboard/conversations/:child', pathname)?.params.child;
  return child !== undefined && !CONVERSATION_SCREENS.has(child);
}

const isCurrent = (item: Item, pathname: string) => (item.match ? item.match(pathname) : matchPath({ path: item.to, end: item.end ?? false }, pathname) !== null);
type Section = { key: KeyOf<'dashboard'>; items: Item[] };

const sections: Section[] = [
  {
    key: 'nav.sections.overview',
    items: [
      { to: '/dashboard', key: 'nav.overview', icon: LayoutDashboard, end: true },
      { to: '/dashboard/analytics', key: 'nav.analytics', icon: BarChart3, adminOnly: true },
    ],
  },
  {
    key: 'nav.sections.agents',
    items: [
      { to: '/dashboard/agents', key: 'nav.agents', icon: Bot, end: true },
      { to: '/dashboard/agents/create', key: 'nav.createAgent', icon: PlusCircle },
      { to: '/dashboard/chat', key: 'nav.chat', icon: MessageSquare },
    ],
  },
  {
    key: 'nav.sections.conversations',
    items: [
      { to: '/dashboard/conversations', key: 'nav.conversations', icon: MessagesSquare, match: isConversationList },
      { to: '/dashboard/conversations/live', key: 'nav.liveConversations', icon: Radio },
      { to: '/dashboard/conversations/voice', key: 'nav.voiceConversations', icon: Mic },
      { to: '/dashboard/conversations/phone', key: 'nav.phoneConversations', icon: Phone },
    ],
  },
  {
    key: 'nav.sections.build',
    items: [
      { to: '/dashboard/flow', key: 'nav.flow', icon: GitBranch },
      { to: '/dashboard/voice-flows', key: 'nav.voiceFlows', icon: Mic },
      { to: '/dashboard/workflows', key: 'nav.workflows', icon: Workflow },
      { to: '/dashboard/orchestration', key: 'nav.orchestration', icon: Activity },
      { to: '/dashboard/mcp', key: 'nav.mcp', icon: Blocks },
    ],
  },
  {
    key: 'nav.sections.connect',
    items: [
      { to: '/dashboard/integrations', key: 'nav.integrations', icon: Puzzle, end: true },
      { to: '/dashboard/webhooks', key: 'nav.webhooks', icon: Webhook },
      { to: '/dashboard/integrations/twilio', key: 'nav.twilio', icon: Phone },
      { to: '/dashboard/integrations/embeddable', key: 'nav.embeddable', icon: Globe },
      { to: '/dashboard/integrations/api-docs', key: 'nav.apiDocs', icon: Code2 },
      { to: '/dashboard/gemini', key: 'nav.gemini', icon: Sparkles },
      { to: '/dashboard/marketplace', key: 'nav.marketplace', icon: Store },
      { to: '/dashboard/collaboration', key: 'nav.collaboration', icon: Share2 },
    ],
  },
  {
    key: 'nav.sections.workspace',
    items: [
      { to: '/dashboard/teams', key: 'nav.teams', icon: Users, adminOnly: true },
      { to: '/dashboard/settings', key: 'nav.settings', icon: Settings, end: true },
      { to: '/dashboard/settings/team', key: 'nav.teamSettings', icon: Network },
      { to: '/dashboard/help', key: 'nav.help', icon: HelpCircle },
    ],
  },
];

function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('dashboard');
  const { isAdmin } = useAuth();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('nav.label')} className="flex-1 space-y-6 overflow-y-auto px-3 py-4">
      {sections.map((section) => {
        const items = section.items.filter((i) => !i.adminOnly || isAdmin);
        if (items.length === 0) return null;
        return (
          <div key={section.key}>
            <h2 className="px-3 pb-1.5 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{t(section.key)}</h2>
            <ul className="space-y-0.5">
              {items.map((item) => {
                const current = isCurrent(item, pathname);
                return (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      aria-current={current ? 'page' : undefined}
                      onClick={onNavigate}
                      className={cn(
                        'flex items-center gap-2.5 rounded-lg px-3 py-1.5 text-sm transition-colors',
                        current
                          ? 'bg-zinc-100 font-medium text-zinc-900 dark:bg-zinc-800/80 dark:text-white'
                          : 'text-zinc-600 hover:bg-zinc-100/70 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/50 dark:hover:text-white',
                      )}
                    >
                      <item.icon aria-hidden className="size-4 shrink-0" />
                      <span className="truncate">{t(item.key)}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
      {isAdmin ? (
        <div>
          <h2 className="px-3 pb-1.5 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{t('nav.sections.administration')}</h2>
          <NavLink
            to="/admin"
            onClick={onNavigate}
            className="flex items-center gap-2.5 rounded-lg px-3 py-1.5 text-sm text-zinc-600 hover:bg-zinc-100/70 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/50 dark:hover:text-white"
          >
            <Shield aria-hidden className="size-4" />
            {t('nav.adminArea')}
          </NavLink>
        </div>
      ) : null}
      <div>
        <a
          href="/api/docs"
          className="flex items-center gap-2.5 rounded-lg px-3 py-1.5 text-sm text-zinc-600 hover:bg-zinc-100/70 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/50 dark:hover:text-white"
        >
          <BookOpen aria-hidden className="size-4" />
          {t('nav.apiReference')}
        </a>
      </div>
    </nav>
  );
}

export function DashboardLayout() {
  const { t } = useTranslation('dashboard');
  const [open, setOpen] = useState(false);
  return (
    <div className="flex min-h-dvh bg-white dark:bg-zinc-950">
      <TeamNotifications />
      <ConfigurationSync />
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-e border-zinc-200 bg-zinc-50/60 lg:flex dark:border-zinc-800 dark:bg-zinc-900/40">
        <div className="flex h-14 items-center px-5">
          <Logo to="/dashboard" />
        </div>
        <SidebarNav />
      </aside>

      {open ? (
        <div className="fixed inset-0 z-40 lg:hidden">
          <div className="absolute inset-0 bg-zinc-950/40" onClick={() => setOpen(false)} aria-hidden />
          <aside className="absolute inset-y-0 start-0 flex w-72 flex-col bg-white shadow-xl dark:bg-zinc-900">
            <div className="flex h-14 items-center justify-between px-5">
              <Logo to="/dashboard" />
              <button type="button" aria-label={t('nav.closeMenu')} onClick={() => setOpen(false)} className="rounded-lg p-2 hover:bg-zinc-100 dark:hover:bg-zinc-800">
                <X aria-hidden className="size-5" />
              </button>
            </div>
            <SidebarNav onNavigate={() => setOpen(false)} />
          </aside>
        </div>
      ) : null}

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-zinc-200 bg-white/80 px-4 backdrop-blur sm:px-6 dark:border-zinc-800 dark:bg-zinc-950/80">
          <button type="button" aria-label={t('nav.openMenu')} onClick={() => setOpen(true)} className="rounded-lg p-2 hover:bg-zinc-100 lg:hidden dark:hover:bg-zinc-800">
            <Menu aria-hidden className="size-5" />
          </button>
          <div className="ms-auto flex items-center gap-2">
            <LanguageSwitcher />
            <ThemeSwitch />
            <AccountMenu />
          </div>
        </header>
        <main id="main" className="flex-1 px-4 py-8 sm:px-6 lg:px-10">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
