import { WebhooksScreen } from '@/features/webhooks/components/webhooks-screen';

/** /dashboard/webhooks and /dashboard/integrations/webhooks: my agents' platform webhooks and, at `?tab=endpoints`, my event endpoints. */
export function WebhooksRoute() {
  return <WebhooksScreen />;
}
