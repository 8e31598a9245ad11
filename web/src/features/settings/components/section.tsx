import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/** One titled block of the settings page. */
export function SettingsSection({ id, title, description, children, tone = 'default' }: { id: string; title: string; description?: string; children: ReactNode; tone?: 'default' | 'danger' }) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn(
        'rounded-2xl border bg-white p-6 shadow-sm dark:bg-zinc-900',
        tone === 'danger' ? 'border-red-200 dark:border-red-900/70' : 'border-zinc-200 dark:border-zinc-800',
      )}
    >
      <h2 id={`${id}-title`} className={cn('text-lg font-semibold', tone === 'danger' && 'text-red-700 dark:text-red-400')}>
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}
