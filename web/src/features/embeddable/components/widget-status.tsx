import { ArrowUpRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import type { Widget } from '@/features/embeddable/api/widget';

/**
 * Whether the widget answers now, as saved: the agent not ready (the server's reason, with a link
 * to the agent), the widget off, no site allowed, or live.
 */
export function WidgetStatus({ agentId, widget }: { agentId: string; widget: Widget }) {
  const { t } = useTranslation('dashboard');
  const { settings } = widget;
  if (!widget.ready) {
    return (
      <Notice
        tone="warning"
        className="px-4 py-3"
        action={
          <ButtonLink to={`/dashboard/agents/${agentId}`} size="sm" variant="secondary">
            {t('embeddable.status.openAgent')}
            <ArrowUpRight aria-hidden className="size-4 rtl:-scale-x-100" />
          </ButtonLink>
        }
      >
        <p className="font-semibold">{t('embeddable.status.notReady')}</p>
        {widget.notReadyReason ? (
          <p className="mt-0.5" data-testid="not-ready-reason">
            {widget.notReadyReason}
          </p>
        ) : null}
      </Notice>
    );
  }
  if (!settings.enabled) return <Notice tone="info">{t('embeddable.status.off')}</Notice>;
  if (settings.allowedOrigins.length === 0) return <Notice tone="warning">{t('embeddable.status.noOrigins')}</Notice>;
  return <Notice tone="success">{t('embeddable.status.live')}</Notice>;
}
