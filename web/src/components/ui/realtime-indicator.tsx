import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import type { RealtimeStatus } from '@/lib/realtime';

const dots: Record<RealtimeStatus, string> = {
  open: 'bg-emerald-500',
  connecting: 'bg-amber-400 animate-pulse',
  closed: 'bg-zinc-400',
};

/** "Live" while the realtime socket is open, "Connecting…" or "Reconnecting…" otherwise. */
export function RealtimeIndicator({ status, className }: { status: RealtimeStatus; className?: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <span
      role="status"
      data-testid="live-status"
      data-state={status}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium',
        status === 'open'
          ? 'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-300'
          : 'border-zinc-200 bg-zinc-50 text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400',
        className,
      )}
    >
      <span aria-hidden className={cn('size-2 rounded-full', dots[status])} />
      {t(`live.status.${status}`)}
    </span>
  );
}
