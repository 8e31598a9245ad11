import { Plus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useRefreshWebhooks, useWebhooks, useWebhookStats, WEBHOOK_ERRORS, type WebhookPlatform, type WebhookWithSecret } from '@/features/webhooks/api/webhooks';
import { CreateWebhookDialog } from '@/features/webhooks/components/create-webhook-dialog';
import { SecretDialog } from '@/features/webhooks/components/secret-dialog';
import { WebhookActivity } from '@/features/webhooks/components/webhook-activity';
import { WebhookDetail } from '@/features/webhooks/components/webhook-detail';
import { WebhookFilters } from '@/features/webhooks/components/webhook-filters';
import { WebhookStatsTiles } from '@/features/webhooks/components/webhook-stats';
import { WebhooksTable } from '@/features/webhooks/components/webhooks-table';
import { useWebhookParams } from '@/features/webhooks/hooks/use-webhook-params';
import { filtering } from '@/features/webhooks/utils/filters';
import { errorMessage, useWebhookMessage } from '@/features/webhooks/utils/messages';
import { PLATFORMS } from '@/features/webhooks/utils/platforms';
import { useAgentOptions } from '@/lib/agent-options';
import { oneOf } from '@/lib/api-enums';

/**
 * The inbound tab: my agents' webhooks on Slack, Discord, Telegram, WhatsApp, Zapier or my own
 * systems: their totals and last 14 days, the list (filtered by platform, status and agent), a new
 * one (also opened by a link's `?new=<platform>`, that platform chosen), and the opened one's
 * panel (`?webhook=`).
 */
export function InboundWebhooks() {
  const { t } = useTranslation('dashboard');
  const msg = useWebhookMessage();
  const { filters, selected, requested, setFilter, clearFilters, select, clearRequest } = useWebhookParams();
  const webhooks = useWebhooks(filters);
  const stats = useWebhookStats(filters);
  const agents = useAgentOptions();
  const refresh = useRefreshWebhooks();
  // The platform of the "New webhook" dialog opened here; a link's `?new=` opens it too, until it is closed.
  const [creating, setCreating] = useState<WebhookPlatform | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  // The secret of a webhook just made or regenerated: shown once, then forgotten.
  const [made, setMade] = useState<{ made: WebhookWithSecret; regenerated: boolean } | null>(null);
  const creatingPlatform = creating ?? (requested !== null ? oneOf(PLATFORMS, requested, 'custom' as const) : null);

  const stopCreating = () => {
    setCreating(null);
    if (requested !== null) clearRequest();
  };

  /** Closes the panel and gives the focus back to its row's name (when the row is still there). */
  const closeDetail = () => {
    const id = selected;
    select(null);
    requestAnimationFrame(() => [...document.querySelectorAll<HTMLElement>('[data-webhook-toggle]')].find((b) => b.dataset.webhookToggle === id)?.focus());
  };

  const onRefresh = async () => {
    setRefreshing(true);
    try {
      await refresh();
    } finally {
      setRefreshing(false);
    }
  };

  const listError = webhooks.isError ? (
    <div className="space-y-2">
      <p className="font-medium">{t('webhooks.errors.list')}</p>
      {errorMessage(webhooks.error) !== WEBHOOK_ERRORS.list ? (
        <p className="text-xs opacity-90" dir="auto">
          {msg(errorMessage(webhooks.error))}
        </p>
      ) : null}
      <Button size="sm" variant="secondary" onClick={() => void webhooks.refetch()}>
        {t('webhooks.retry')}
      </Button>
    </div>
  ) : null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <p className="max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{t('webhooks.tabs.inboundIntro')}</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void onRefresh()} disabled={refreshing}>
            <RefreshCw aria-hidden className={refreshing ? 'size-4 animate-spin' : 'size-4'} />
            {t('webhooks.refresh')}
          </Button>
          <Button onClick={() => setCreating('custom')}>
            <Plus aria-hidden className="size-4" />
            {t('webhooks.create.button')}
          </Button>
        </div>
      </div>

      <WebhookStatsTiles stats={stats.data} loading={stats.isPending} />
      {stats.isError ? null : <WebhookActivity daily={stats.data?.daily} loading={stats.isPending} />}

      <WebhooksTable
        webhooks={webhooks.data}
        loading={webhooks.isPending}
        error={listError}
        filtered={filtering(filters)}
        selected={selected}
        onSelect={(id) => (id === selected ? closeDetail() : select(id))}
        onCreate={() => setCreating('custom')}
        filters={<WebhookFilters filters={filters} agents={agents.data ?? []} onChange={setFilter} onClear={clearFilters} />}
      />

      {selected ? <WebhookDetail id={selected} onClose={closeDetail} onSecret={(m, regenerated) => setMade({ made: m, regenerated })} /> : null}

      {/* Opened by a link, it waits for the agents: its form starts with the first one chosen. */}
      {creatingPlatform && !agents.isPending ? (
        <CreateWebhookDialog
          // A link asking for another platform while the dialog is open starts it again with that one.
          key={creatingPlatform}
          agents={agents.data ?? []}
          defaultAgentId={filters.agentId !== 'all' ? filters.agentId : undefined}
          defaultPlatform={creatingPlatform}
          onClose={stopCreating}
          onCreated={(m) => {
            stopCreating();
            setMade({ made: m, regenerated: false });
          }}
        />
      ) : null}
      {made ? (
        <SecretDialog
          made={made.made}
          regenerated={made.regenerated}
          onDone={() => {
            const id = made.made.webhook.id;
            setMade(null);
            select(id);
          }}
        />
      ) : null}
    </div>
  );
}
