import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/** A titled block of a page (settings, team settings); `id` names its heading, so it is a labelled region. */
export function Section({
  id,
  title,
  description,
  children,
  action,
  tone = 'default',
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
  action?: ReactNode;
  tone?: 'default' | 'danger';
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn(
        'rounded-2xl border bg-white p-6 shadow-sm dark:bg-zinc-900',
        tone === 'danger' ? 'border-red-200 dark:border-red-900/70' : 'border-zinc-200 dark:border-zinc-800',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className={cn('text-lg font-semibold', tone === 'danger' && 'text-red-700 dark:text-red-400')}>
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</p> : null}
        </div>
        {action}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}
