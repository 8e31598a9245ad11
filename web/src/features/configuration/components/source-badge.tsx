import { Database, Server } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

/** Where a section's values come from: saved on this screen, or the server's environment. */
export function SourceBadge({ saved }: { saved: boolean }) {
  const { t } = useTranslation('admin');
  const Icon = saved ? Database : Server;
  return (
    <span
      title={saved ? t('configuration.source.savedHint') : t('configuration.source.environmentHint')}
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium',
        saved
          ? 'bg-accent-50 text-accent-700 ring-1 ring-accent-200 ring-inset dark:bg-accent-500/15 dark:text-accent-300 dark:ring-accent-500/30'
          : 'bg-zinc-100 text-zinc-700 ring-1 ring-zinc-200 ring-inset dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700',
      )}
    >
      <Icon aria-hidden className="size-3.5" />
      {saved ? t('configuration.source.saved') : t('configuration.source.environment')}
    </span>
  );
}
