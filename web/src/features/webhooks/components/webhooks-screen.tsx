import { Send, Webhook } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '@/components/ui/tabs';
import { EventEndpoints } from '@/features/webhooks/components/event-endpoints';
import { InboundWebhooks } from '@/features/webhooks/components/inbound-webhooks';
import { useWebhookParams, type WebhooksTab } from '@/features/webhooks/hooks/use-webhook-params';

/**
 * /dashboard/webhooks (and /dashboard/integrations/webhooks), in two tabs: the inbound webhooks
 * (platforms and programs sending my agents messages, which they answer) and, at
 * `?tab=endpoints`, my event endpoints (my URLs, which my agents' events are posted to).
 */
export function WebhooksScreen() {
  const { t } = useTranslation('dashboard');
  const { tab, setTab } = useWebhookParams();
  const tabs: Array<{ id: WebhooksTab; title: string; icon: ReactNode }> = [
    { id: 'inbound', title: t('webhooks.tabs.inbound'), icon: <Webhook aria-hidden className="size-4" /> },
    { id: 'endpoints', title: t('webhooks.tabs.endpoints'), icon: <Send aria-hidden className="size-4 rtl:-scale-x-100" /> },
  ];
  return (
    <div className="w-full max-w-6xl space-y-6">
      <header className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.webhooks.title')}</h1>
        <p className="mt-2 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{t('pages.webhooks.description')}</p>
      </header>
      <Tabs label={t('webhooks.tabs.label')} tabs={tabs} selected={tab} onSelect={setTab}>
        {(id) => (id === 'inbound' ? <InboundWebhooks /> : <EventEndpoints />)}
      </Tabs>
    </div>
  );
}
