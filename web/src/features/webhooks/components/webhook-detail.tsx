import { Pause, Play, RotateCw, Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { useDeleteWebhook, useRegenerateWebhook, useUpdateWebhook, useWebhook, type Webhook, type WebhookWithSecret } from '@/features/webhooks/api/webhooks';
import { CopyField } from '@/components/ui/copy-field';
import { IntegrationLink } from '@/features/webhooks/components/credential-fields';
import { credentialLabel } from '@/features/webhooks/utils/labels';
import { EventsTable } from '@/features/webhooks/components/events-table';
import { PlatformBadge } from '@/features/webhooks/components/platform-badge';
import { SettingsForm } from '@/features/webhooks/components/settings-form';
import { SetupSteps } from '@/features/webhooks/components/setup-steps';
import { WebhookStatusBadge } from '@/features/webhooks/components/status-badge';
import { TestPanel } from '@/features/webhooks/components/test-panel';
import { useWebhookFormat } from '@/features/webhooks/hooks/use-webhook-format';
import { DETAIL_ID } from '@/features/webhooks/utils/ids';
import { errorMessage, useWebhookMessage } from '@/features/webhooks/utils/messages';
import { CREDENTIAL_FIELDS, PLATFORM_TITLES, hasIntegration, isStandard, type CredentialField } from '@/features/webhooks/utils/platforms';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

type Tab = 'setup' | 'settings' | 'test' | 'events';

const isField = (name: string): name is CredentialField => (CREDENTIAL_FIELDS as readonly string[]).includes(name);

/** Why a failing webhook is failing, and how it gets well again. */
function FailingNotice({ webhook, onResume, busy }: { webhook: Webhook; onResume: () => void; busy: boolean }) {
  const { t } = useTranslation('dashboard');
  const f = useWebhookFormat();
  return (
    <Notice
      tone="error"
      action={
        <Button size="sm" variant="secondary" onClick={onResume} disabled={busy}>
          {t('webhooks.detail.markActive')}
        </Button>
      }
    >
      <p className="font-medium">{t('webhooks.detail.failingTitle', { value: f.count(webhook.failuresInRow) })}</p>
      <p className="mt-0.5">{t('webhooks.detail.failingBody')}</p>
      {webhook.lastError ? (
        <p className="mt-1 [overflow-wrap:anywhere]" data-testid="webhook-last-error">
          <span className="font-medium">{t('webhooks.detail.lastError')}</span> <span dir="auto">{webhook.lastError}</span>
        </p>
      ) : null}
    </Notice>
  );
}

/** The opened webhook's panel: its URL, how to connect it, its settings, a test, and its events. */
function Detail({ webhook, onClose, onSecret }: { webhook: Webhook; onClose: () => void; onSecret: (made: WebhookWithSecret, regenerated: boolean) => void }) {
  const { t } = useTranslation('dashboard');
  const msg = useWebhookMessage();
  const f = useWebhookFormat();
  const update = useUpdateWebhook();
  const regenerate = useRegenerateWebhook();
  const remove = useDeleteWebhook();
  const [tab, setTab] = useState<Tab>('setup');
  const platform = PLATFORM_TITLES[webhook.platform];

  const setStatus = (status: 'active' | 'paused') =>
    update.mutate(
      { id: webhook.id, changes: { status } },
      {
        onSuccess: (w) => toast({ id: `webhook-status-${w.id}`, title: status === 'paused' ? t('webhooks.detail.paused', { name: w.name }) : t('webhooks.detail.resumed', { name: w.name }), status: 'success' }),
        onError: (e) => toast({ title: t('webhooks.detail.statusFailed', { name: webhook.name }), description: msg(errorMessage(e)), status: 'error' }),
      },
    );

  const confirmRegenerate = useConfirmAction<Webhook, WebhookWithSecret>({
    act: (w) => regenerate.mutateAsync(w.id),
    title: (w) => t('webhooks.regenerate.title', { name: w.name }),
    body: () => t('webhooks.regenerate.body'),
    confirmLabel: t('webhooks.regenerate.confirm'),
    tone: 'danger',
    success: () => null,
    error: (e) => ({ title: t('webhooks.regenerate.failed'), description: msg(errorMessage(e)) }),
    onSuccess: (made) => onSecret(made, true),
  });

  const confirmDelete = useConfirmAction<Webhook>({
    act: (w) => remove.mutateAsync(w.id),
    title: (w) => t('webhooks.delete.title', { name: w.name }),
    body: () => t('webhooks.delete.body'),
    confirmLabel: t('webhooks.delete.confirm'),
    success: (_r, w) => t('webhooks.delete.done', { name: w.name }),
    error: (e) => msg(errorMessage(e)),
    onSuccess: onClose,
  });

  const missing = webhook.credentials.missing.map((m) => (isField(m) ? t(credentialLabel(m)) : m));
  const paused = webhook.status === 'paused';
  const tabs: Array<{ id: Tab; title: string }> = [
    { id: 'setup', title: t('webhooks.detail.tabs.setup') },
    { id: 'settings', title: t('webhooks.detail.tabs.settings') },
    { id: 'test', title: t('webhooks.detail.tabs.test') },
    { id: 'events', title: t('webhooks.detail.tabs.events') },
  ];

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <PlatformBadge platform={webhook.platform} />
        <WebhookStatusBadge status={webhook.status} />
        <span>
          {t('webhooks.detail.agent')}{' '}
          <span dir="auto" className="font-medium text-zinc-900 dark:text-zinc-100">
            {webhook.agentName}
          </span>
        </span>
        <span aria-hidden>·</span>
        <span title={f.dateTime(webhook.createdAt)}>{t('webhooks.detail.created', { value: f.ago(webhook.createdAt) })}</span>
      </div>

      <div className="flex flex-wrap gap-2">
        {paused ? (
          <Button size="sm" variant="secondary" onClick={() => setStatus('active')} disabled={update.isPending}>
            {update.isPending ? <Spinner className="size-4" /> : <Play aria-hidden className="size-4" />}
            {t('webhooks.detail.resume')}
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => setStatus('paused')} disabled={update.isPending}>
            {update.isPending ? <Spinner className="size-4" /> : <Pause aria-hidden className="size-4" />}
            {t('webhooks.detail.pause')}
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={() => confirmRegenerate.ask(webhook)}>
          <RotateCw aria-hidden className="size-4" />
          {t('webhooks.regenerate.button')}
        </Button>
        <Button size="sm" variant="ghost" className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40" onClick={() => confirmDelete.ask(webhook)}>
          <Trash2 aria-hidden className="size-4" />
          {t('webhooks.delete.button')}
        </Button>
      </div>

      {webhook.status === 'failing' ? <FailingNotice webhook={webhook} onResume={() => setStatus('active')} busy={update.isPending} /> : null}
      {webhook.status !== 'failing' && webhook.failuresInRow > 0 && webhook.lastError ? (
        <Notice tone="warning">
          <span className="font-medium">{t('webhooks.detail.lastError')}</span> <span dir="auto">{webhook.lastError}</span>
        </Notice>
      ) : null}
      {paused ? <Notice tone="info">{t('webhooks.detail.pausedNotice')}</Notice> : null}
      {missing.length > 0 ? (
        <Notice tone="warning">
          <p className="font-medium">{t('webhooks.detail.missingTitle', { fields: missing.join(', ') })}</p>
          <p className="mt-0.5">
            {t('webhooks.detail.missingBody')} {hasIntegration(webhook.platform) ? <IntegrationLink platform={webhook.platform}>{t('webhooks.credentials.settingsLink')}</IntegrationLink> : null}
          </p>
        </Notice>
      ) : null}

      <CopyField label={t('webhooks.url.label')} value={webhook.url} hint={isStandard(webhook.platform) ? t('webhooks.url.hintSender') : t('webhooks.url.hint', { platform })} testId="webhook-url" />
      <p className="-mt-2 text-xs text-zinc-600 dark:text-zinc-400">
        {webhook.secret.set ? (
          // The hint (the secret's end) reads left to right in every language.
          <Trans t={t} i18nKey="webhooks.detail.secretSet" values={{ hint: webhook.secret.hint ?? '••••' }} components={[<bdi key="hint" dir="ltr" className="font-mono" />]} />
        ) : (
          t('webhooks.detail.noSecret', { platform })
        )}
      </p>

      <Tabs label={t('webhooks.detail.tabs.label')} tabs={tabs} selected={tab} onSelect={setTab}>
        {(id) =>
          id === 'setup' ? <SetupSteps webhook={webhook} /> : id === 'settings' ? <SettingsForm webhook={webhook} /> : id === 'test' ? <TestPanel webhook={webhook} /> : <EventsTable webhook={webhook} />
        }
      </Tabs>
      {confirmRegenerate.dialog}
      {confirmDelete.dialog}
    </div>
  );
}

/**
 * The panel of the webhook the address names (`?webhook=<id>`, as the failing webhook's email
 * links to it): read on its own, so a filter that hides it from the list does not hide it here.
 * It takes the focus and scrolls into view when it opens.
 */
export function WebhookDetail({ id, onClose, onSecret }: { id: string; onClose: () => void; onSecret: (made: WebhookWithSecret, regenerated: boolean) => void }) {
  const { t } = useTranslation('dashboard');
  const msg = useWebhookMessage();
  const webhook = useWebhook(id);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = webhook.data?.id;

  useEffect(() => {
    if (!loaded) return;
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [loaded]);

  const notFound = webhook.error instanceof ApiError && webhook.error.status === 404;
  return (
    <section id={DETAIL_ID} aria-labelledby={`${DETAIL_ID}-title`} data-testid="webhook-detail" className="scroll-mt-6 rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex items-start justify-between gap-3">
        <h2 id={`${DETAIL_ID}-title`} ref={heading} tabIndex={-1} dir="auto" className="min-w-0 break-words text-lg font-semibold outline-none">
          {webhook.data?.name ?? t('webhooks.detail.title')}
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label={t('webhooks.detail.close')} className="-me-2 px-2">
          <X aria-hidden className="size-4" />
        </Button>
      </div>
      <div className="mt-4">
        {webhook.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        ) : webhook.isError ? (
          <Notice tone="error">{notFound ? t('webhooks.detail.notFound') : msg(errorMessage(webhook.error))}</Notice>
        ) : (
          <Detail key={webhook.data.id} webhook={webhook.data} onClose={onClose} onSecret={onSecret} />
        )}
      </div>
    </section>
  );
}
