import { History } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import type { Integration } from '@/features/integrations/api/integrations';
import { formatAgo, formatDateTime } from '@/lib/format';

/** Who saved a service's credentials last, and when ("Saved by ada@example.com 5 minutes ago"). */
export function SavedBy({ integration, className }: { integration: Integration; className?: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const when = formatAgo(integration.updatedAt, i18n.language);
  if (!integration.updatedAt || !when) return null;
  return (
    <p className={cn('mt-1 flex items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400', className)} title={formatDateTime(integration.updatedAt, i18n.language)}>
      <History aria-hidden className="size-3.5 shrink-0" />
      <span className="[overflow-wrap:anywhere]">
        {integration.updatedBy ? (
          <Trans t={t} i18nKey="settings.integrations.savedBy" values={{ email: integration.updatedBy, when }} components={[<bdi key="email" />]} />
        ) : (
          t('settings.integrations.savedWhen', { when })
        )}
      </span>
    </p>
  );
}
