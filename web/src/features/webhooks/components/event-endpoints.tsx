import { Plus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ENDPOINT_ERRORS, useEndpoints, useRefreshEndpoints, type EndpointWithSecret } from '@/features/webhooks/api/endpoints';
import { EndpointDetail } from '@/features/webhooks/components/endpoint-detail';
import { EndpointFormDialog } from '@/features/webhooks/components/endpoint-form-dialog';
import { EndpointSecretDialog } from '@/features/webhooks/components/endpoint-secret-dialog';
import { EndpointSigning } from '@/features/webhooks/components/endpoint-signing';
import { EndpointsTable } from '@/features/webhooks/components/endpoints-table';
import { useWebhookParams } from '@/features/webhooks/hooks/use-webhook-params';
import { errorMessage, useWebhookMessage } from '@/features/webhooks/utils/messages';

/**
 * The event endpoints tab (`?tab=endpoints`): my URLs that my agents' events are posted to, a new
 * one (also opened by a link's `?new`) with its secret shown once, the opened one's panel
 * (`?endpoint=<id>`) with its delivery log, and how deliveries are signed and retried.
 */
export function EventEndpoints() {
  const { t } = useTranslation('dashboard');
  const msg = useWebhookMessage();
  const { endpoint: selected, requested, selectEndpoint, clearRequest } = useWebhookParams();
  const endpoints = useEndpoints();
  const refresh = useRefreshEndpoints();
  const [creating, setCreating] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  // The secret of an endpoint just made or rotated: shown once, then forgotten.
  const [made, setMade] = useState<{ made: EndpointWithSecret; rotated: boolean } | null>(null);
  const open = creating || requested !== null;

  const stopCreating = () => {
    setCreating(false);
    if (requested !== null) clearRequest();
  };

  /** Closes the panel and gives the focus back to its row (when the row is still there). */
  const closeDetail = () => {
    const id = selected;
    selectEndpoint(null);
    requestAnimationFrame(() => [...document.querySelectorAll<HTMLElement>('[data-endpoint-toggle]')].find((b) => b.dataset.endpointToggle === id)?.focus());
  };

  const onRefresh = async () => {
    setRefreshing(true);
    try {
      await refresh();
    } finally {
      setRefreshing(false);
    }
  };

  const listError = endpoints.isError ? (
    <div className="space-y-2">
      <p className="font-medium">{t('webhooks.endpoints.errors.list')}</p>
      {errorMessage(endpoints.error) !== ENDPOINT_ERRORS.list ? (
        <p className="text-xs opacity-90" dir="auto">
          {msg(errorMessage(endpoints.error))}
        </p>
      ) : null}
      <Button size="sm" variant="secondary" onClick={() => void endpoints.refetch()}>
        {t('webhooks.retry')}
      </Button>
    </div>
  ) : null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <p className="max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{t('webhooks.endpoints.intro')}</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void onRefresh()} disabled={refreshing}>
            <RefreshCw aria-hidden className={refreshing ? 'size-4 animate-spin' : 'size-4'} />
            {t('webhooks.refresh')}
          </Button>
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden className="size-4" />
            {t('webhooks.endpoints.new')}
          </Button>
        </div>
      </div>

      <EndpointsTable
        endpoints={endpoints.data}
        loading={endpoints.isPending}
        error={listError}
        selected={selected}
        onSelect={(id) => (id === selected ? closeDetail() : selectEndpoint(id))}
        onCreate={() => setCreating(true)}
      />

      {selected ? <EndpointDetail id={selected} onClose={closeDetail} onSecret={(m, rotated) => setMade({ made: m, rotated })} /> : null}

      <EndpointSigning />

      {open ? (
        <EndpointFormDialog
          onClose={stopCreating}
          onCreated={(m) => {
            stopCreating();
            setMade({ made: m, rotated: false });
          }}
        />
      ) : null}
      {made ? (
        <EndpointSecretDialog
          made={made.made}
          rotated={made.rotated}
          onDone={() => {
            const id = made.made.endpoint.id;
            setMade(null);
            selectEndpoint(id);
          }}
        />
      ) : null}
    </div>
  );
}
