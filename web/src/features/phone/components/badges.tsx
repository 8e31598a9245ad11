import { FlaskConical, PhoneIncoming, PhoneOutgoing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import type { CallDirection, CallStatus } from '@/lib/api-enums';
import type { KeyOf } from '@/types/i18n-keys';

type Look = { label: KeyOf<'dashboard'>; className: string; dot: string; pulse?: boolean };

const green = 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/30';
const grey = 'bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-500/10 dark:text-zinc-300 dark:ring-zinc-400/30';
const red = 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/30';
const amber = 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/30';
const blue = 'bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-400/30';

/** Every call status of the API document (Twilio's own), with its words and colours. */
const statuses: Record<CallStatus, Look> = {
  queued: { label: 'phone.status.queued', className: blue, dot: 'bg-sky-500', pulse: true },
  ringing: { label: 'phone.status.ringing', className: blue, dot: 'bg-sky-500', pulse: true },
  'in-progress': { label: 'phone.status.in-progress', className: green, dot: 'bg-emerald-500', pulse: true },
  completed: { label: 'phone.status.completed', className: green, dot: 'bg-emerald-500' },
  busy: { label: 'phone.status.busy', className: amber, dot: 'bg-amber-500' },
  failed: { label: 'phone.status.failed', className: red, dot: 'bg-red-500' },
  'no-answer': { label: 'phone.status.no-answer', className: amber, dot: 'bg-amber-500' },
  canceled: { label: 'phone.status.canceled', className: grey, dot: 'bg-zinc-400' },
};

/** A call's status; one still going pulses. `title` says more on hover (why it failed). */
export function CallStatusBadge({ status, title }: { status: CallStatus; title?: string }) {
  const { t } = useTranslation('dashboard');
  const look = statuses[status];
  return (
    <span
      title={title}
      data-testid="call-status"
      data-status={status}
      className={cn('inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', look.className)}
    >
      <span aria-hidden className={cn('size-1.5 rounded-full', look.dot, look.pulse && 'animate-pulse')} />
      {t(look.label)}
    </span>
  );
}

/** Inbound or outbound, and whether it was the browser's simulator. */
export function CallDirectionTag({ direction, simulated }: { direction: CallDirection; simulated: boolean }) {
  const { t } = useTranslation('dashboard');
  const Icon = direction === 'inbound' ? PhoneIncoming : PhoneOutgoing;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <span className="inline-flex items-center gap-1.5 whitespace-nowrap text-zinc-700 dark:text-zinc-300">
        <Icon aria-hidden className="size-4 shrink-0 text-zinc-500 rtl:-scale-x-100 dark:text-zinc-400" />
        {t(`phone.direction.${direction}`)}
      </span>
      {simulated ? (
        <span className="inline-flex items-center gap-1 whitespace-nowrap rounded-md bg-violet-50 px-1.5 py-0.5 text-xs font-medium text-violet-700 dark:bg-violet-500/10 dark:text-violet-300">
          <FlaskConical aria-hidden className="size-3" />
          {t('phone.simulated')}
        </span>
      ) : null}
    </span>
  );
}
