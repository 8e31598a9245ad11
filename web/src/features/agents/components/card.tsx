import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/** A titled panel of the agent's page; `id` names its heading, so the panel is a labelled region. */
export function Card({ id, title, children, action, className }: { id: string; title: string; children: ReactNode; action?: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className={cn('rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900', className)}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}
