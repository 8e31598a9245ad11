import { ArrowRight, CheckCircle2, Circle, ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import type { SetupStep } from '@/features/admin-overview/api/admin-overview';

/** Each step of setting up, and the card of Admin › Configuration where it is done. */
const STEP_SECTIONS = { model: 'model', mail: 'mail', publicUrl: 'general', features: 'features' } as const;
type Step = keyof typeof STEP_SECTIONS;
type KnownStep = SetupStep & { step: Step };

const isKnown = (s: SetupStep): s is KnownStep => Object.hasOwn(STEP_SECTIONS, s.step);

/**
 * "Finish setting up": the steps of a new installation, each with why it matters, the ones left
 * linking to their card of the configuration, the done ones ticked. Gone once every step is done.
 */
export function SetupChecklist({ steps }: { steps: SetupStep[] }) {
  const { t, i18n } = useTranslation('admin');
  const known = steps.filter(isKnown);
  if (known.every((s) => s.done)) return null;
  const n = (v: number) => new Intl.NumberFormat(i18n.language).format(v);
  const done = known.filter((s) => s.done).length;
  return (
    <section aria-labelledby="setup-title" data-testid="setup-checklist" className="rounded-2xl border border-accent-200 bg-white p-5 shadow-sm dark:border-accent-500/30 dark:bg-zinc-900">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-50 text-accent-600 dark:bg-accent-500/15 dark:text-accent-400">
            <ListChecks aria-hidden className="size-5" />
          </span>
          <div className="min-w-0">
            <h2 id="setup-title" className="text-base font-semibold">
              {t('overview.setup.title')}
            </h2>
            <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{t('overview.setup.description')}</p>
          </div>
        </div>
        <div className="flex items-center gap-3 text-sm text-zinc-600 dark:text-zinc-400">
          <span>{t('overview.setup.progress', { done: n(done), total: n(known.length) })}</span>
          <span aria-hidden className="h-1.5 w-24 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800">
            <span className="block h-full rounded-full bg-accent-500" style={{ width: `${(done / known.length) * 100}%` }} />
          </span>
        </div>
      </div>
      <ol className="mt-4 divide-y divide-zinc-100 border-t border-zinc-100 dark:divide-zinc-800 dark:border-zinc-800">
        {known.map(({ step, done: ticked }) => (
          <li key={step} data-testid="setup-step" data-step={step} data-done={ticked} className="flex items-start gap-3 py-3">
            {ticked ? (
              <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
            ) : (
              <Circle aria-hidden className="mt-0.5 size-5 shrink-0 text-zinc-300 dark:text-zinc-600" />
            )}
            <div className="min-w-0 flex-1">
              <p className={cn('text-sm font-medium', ticked && 'text-zinc-500 dark:text-zinc-400')}>
                {ticked ? (
                  <>
                    {t(`overview.setup.steps.${step}.title`)}
                    <span className="sr-only"> ({t('overview.setup.done')})</span>
                  </>
                ) : (
                  <Link to={`/admin/configuration#${STEP_SECTIONS[step]}`} className="rounded hover:text-accent-700 hover:underline focus-visible:ring-2 focus-visible:ring-accent-500/40 focus-visible:outline-none dark:hover:text-accent-300">
                    {t(`overview.setup.steps.${step}.title`)}
                  </Link>
                )}
              </p>
              <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{t(`overview.setup.steps.${step}.why`)}</p>
            </div>
            {ticked ? (
              <span aria-hidden className="shrink-0 pt-0.5 text-xs font-medium text-emerald-700 dark:text-emerald-400">
                {t('overview.setup.done')}
              </span>
            ) : (
              // The same link as the title's, for the pointer: kept out of the tab order and of the accessibility tree.
              <Link
                to={`/admin/configuration#${STEP_SECTIONS[step]}`}
                aria-hidden
                tabIndex={-1}
                className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-accent-700 hover:underline dark:text-accent-300"
              >
                {t('overview.setup.action')}
                <ArrowRight aria-hidden className="size-4 rtl:-scale-x-100" />
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
