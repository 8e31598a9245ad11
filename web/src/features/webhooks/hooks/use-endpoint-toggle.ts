import { useTranslation } from 'react-i18next';
import { useUpdateEndpoint, type Endpoint } from '@/features/webhooks/api/endpoints';
import { shortUrl } from '@/features/webhooks/utils/endpoint-events';
import { errorMessage, useWebhookMessage } from '@/features/webhooks/utils/messages';
import { toast } from '@/lib/toast';

/** Switches an endpoint on or off (on again, one the server disabled forgets its failures), saying so in a toast. */
export function useEndpointToggle() {
  const { t } = useTranslation('dashboard');
  const msg = useWebhookMessage();
  const update = useUpdateEndpoint();
  return (endpoint: Endpoint, enabled: boolean) =>
    update.mutate(
      { id: endpoint.id, changes: { enabled } },
      {
        onSuccess: (e) =>
          toast({
            id: `endpoint-enabled-${e.id}`,
            title: enabled ? t('webhooks.endpoints.enabledToast', { url: shortUrl(e.url) }) : t('webhooks.endpoints.disabledToast', { url: shortUrl(e.url) }),
            status: 'success',
          }),
        onError: (err) => toast({ title: t('webhooks.endpoints.toggleFailed'), description: msg(errorMessage(err)), status: 'error' }),
      },
    );
}
