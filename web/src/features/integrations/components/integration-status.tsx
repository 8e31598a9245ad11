import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

/** Whether a service is connected (saved, with every required field), as a badge. */
export function IntegrationStatus({ connected }: { connected: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        connected
          ? 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/30'
          : 'bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-500/10 dark:text-zinc-300 dark:ring-zinc-400/30',
      )}
    >
      <span aria-hidden className={cn('size-1.5 rounded-full', connected ? 'bg-emerald-500' : 'bg-zinc-400')} />
      {connected ? t('settings.integrations.status.connected') : t('settings.integrations.status.notConnected')}
    </span>
  );
}
