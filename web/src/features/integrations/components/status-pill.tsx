import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/**
 * What a status badge says by its colour: `on` (connected, in use), `server` (the server's own
 * connection stands in), `warn` (in use, but some of it failing), `off` (nothing yet) and
 * `unknown` (still loading, or not readable).
 */
export type PillTone = 'on' | 'server' | 'warn' | 'off' | 'unknown';

const tones: Record<PillTone, { className: string; dot: string }> = {
  on: { className: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/30', dot: 'bg-emerald-500' },
  server: { className: 'bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-400/30', dot: 'bg-sky-500' },
  warn: { className: 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/30', dot: 'bg-amber-500' },
  off: { className: 'bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-500/10 dark:text-zinc-300 dark:ring-zinc-400/30', dot: 'bg-zinc-400' },
  unknown: { className: 'bg-white text-zinc-600 ring-zinc-300 dark:bg-transparent dark:text-zinc-400 dark:ring-zinc-700', dot: 'bg-zinc-300 dark:bg-zinc-600' },
};

/** A status as a small round badge with a dot of its colour. */
export function StatusPill({ tone, children }: { tone: PillTone; children: ReactNode }) {
  const s = tones[tone];
  return (
    <span data-tone={tone} className={cn('inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', s.className)}>
      <span aria-hidden className={cn('size-1.5 shrink-0 rounded-full', s.dot)} />
      {children}
    </span>
  );
}
