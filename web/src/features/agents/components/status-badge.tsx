import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

const tones: Record<string, string> = {
  active: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/30',
  draft: 'bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-500/10 dark:text-zinc-300 dark:ring-zinc-400/30',
  paused: 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/30',
  archived: 'bg-zinc-100 text-zinc-500 ring-zinc-400/20 dark:bg-zinc-800 dark:text-zinc-400 dark:ring-zinc-600/30',
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('agents');
  return (
    <span className={cn('inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', tones[status] ?? tones.draft)}>
      <span aria-hidden className={cn('size-1.5 rounded-full', status === 'active' ? 'bg-emerald-500' : status === 'paused' ? 'bg-amber-500' : 'bg-zinc-400')} />
      {t(`statuses.${status}`, { defaultValue: status })}
    </span>
  );
}

/** A small, neutral label (type, version…). */
export function Tag({ children }: { children: ReactNode }) {
  return <span className="inline-flex shrink-0 items-center whitespace-nowrap rounded-md bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">{children}</span>;
}
