import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import { Section } from '@/components/ui/section';
import type { ComponentHealth, HealthComponent, HealthStatus } from '@/features/admin-overview/api/admin-overview';

const DOTS: Record<HealthStatus, string> = {
  ok: 'bg-emerald-500',
  fallback: 'bg-amber-500',
  not_configured: 'bg-zinc-300 dark:bg-zinc-600',
  down: 'bg-red-500',
};

const WORDS: Record<HealthStatus, string> = {
  ok: 'text-emerald-700 dark:text-emerald-400',
  fallback: 'text-amber-700 dark:text-amber-300',
  not_configured: 'text-zinc-500 dark:text-zinc-400',
  down: 'text-red-700 dark:text-red-400',
};

/** The card of Admin › Configuration each part is set in (the database is set by the environment only). */
const SECTION: Record<HealthComponent, string | null> = {
  database: null,
  mail: 'mail',
  model: 'model',
  twilio: 'twilio',
  elevenlabs: 'elevenlabs',
  gemini: 'gemini',
  stripe: 'stripe',
};

/** One row per part of the installation: a coloured dot, its name and state, the server's words, a link to its settings. */
export function HealthPanel({ health }: { health: ComponentHealth[] }) {
  const { t } = useTranslation('admin');
  const down = health.some((h) => h.status === 'down');
  return (
    <Section
      id="overview-health"
      title={t('overview.health.title')}
      description={t('overview.health.description')}
      action={
        <span
          data-testid="health-summary"
          className={cn(
            'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
            down
              ? 'bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-950/40 dark:text-red-300 dark:ring-red-400/30'
              : 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950/40 dark:text-emerald-300 dark:ring-emerald-400/30',
          )}
        >
          <span aria-hidden className={cn('size-1.5 rounded-full', down ? 'bg-red-500' : 'bg-emerald-500')} />
          {down ? t('overview.health.attention') : t('overview.health.operational')}
        </span>
      }
    >
      <ul className="-my-2 divide-y divide-zinc-100 dark:divide-zinc-800">
        {health.map((h) => {
          const name = t(`overview.health.components.${h.name}`, { defaultValue: h.name });
          const section = SECTION[h.name] ?? null;
          return (
            <li key={h.name} data-testid="health-row" data-component={h.name} data-status={h.status} className="flex items-start gap-3 py-2.5">
              <span aria-hidden className={cn('mt-1.5 size-2 shrink-0 rounded-full', DOTS[h.status])} />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  <span className="font-medium">{name}</span>
                  <span className={cn('text-xs font-medium', WORDS[h.status])}>{t(`overview.health.statuses.${h.status}`)}</span>
                </p>
                {h.detail ? (
                  <p className="mt-0.5 text-xs break-words text-zinc-500 dark:text-zinc-400">
                    {/* The server's words are English: kept left to right inside a right-to-left page. */}
                    <span lang="en" dir="ltr">
                      {h.detail}
                    </span>
                  </p>
                ) : null}
              </div>
              {section ? (
                <Link
                  to={`/admin/configuration#${section}`}
                  aria-label={t('overview.health.settings', { name })}
                  title={t('overview.health.settings', { name })}
                  className="-me-1 shrink-0 rounded-md p-1 text-zinc-400 hover:bg-zinc-100 hover:text-zinc-700 focus-visible:ring-2 focus-visible:ring-accent-500/40 focus-visible:outline-none dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
                >
                  <ChevronRight aria-hidden className="size-4 rtl:rotate-180" />
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
