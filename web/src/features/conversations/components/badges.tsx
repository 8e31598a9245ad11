import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

const tones: Record<string, string> = {
  active: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/30',
  ended: 'bg-zinc-100 text-zinc-600 ring-zinc-500/20 dark:bg-zinc-500/10 dark:text-zinc-300 dark:ring-zinc-400/30',
  handed_off: 'bg-sky-50 text-sky-700 ring-sky-600/20 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-400/30',
};

export function ConversationStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <span className={cn('inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', tones[status] ?? tones.ended)}>
      <span aria-hidden className={cn('size-1.5 rounded-full', status === 'active' ? 'bg-emerald-500' : status === 'handed_off' ? 'bg-sky-500' : 'bg-zinc-400')} />
      {t(`conversations.statuses.${status}`, { defaultValue: status })}
    </span>
  );
}

export function ChannelTag({ channel }: { channel: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <span className="inline-flex shrink-0 items-center whitespace-nowrap rounded-md bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
      {t(`conversations.channels.${channel}`, { defaultValue: channel })}
    </span>
  );
}
