import { Pencil, RotateCw, Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { useDeleteEndpoint, useEndpoint, useRotateEndpointSecret, type Endpoint, type EndpointWithSecret } from '@/features/webhooks/api/endpoints';
import { CopyField } from '@/components/ui/copy-field';
import { DeliveriesTable } from '@/features/webhooks/components/deliveries-table';
import { EndpointFormDialog } from '@/features/webhooks/components/endpoint-form-dialog';
import { EndpointStateBadge } from '@/features/webhooks/components/status-badge';
import { useEndpointToggle } from '@/features/webhooks/hooks/use-endpoint-toggle';
import { useWebhookFormat } from '@/features/webhooks/hooks/use-webhook-format';
import { endpointState, shortUrl } from '@/features/webhooks/utils/endpoint-events';
import { ENDPOINT_DETAIL_ID } from '@/features/webhooks/utils/ids';
import { errorMessage, useWebhookMessage } from '@/features/webhooks/utils/messages';
import { ApiError } from '@/lib/api-client';

/** The opened endpoint: how it stands (disabled, failing), its switch, edit, rotate and delete, the events it takes, and its delivery log. */
function Detail({ endpoint, onClose, onSecret }: { endpoint: Endpoint; onClose: () => void; onSecret: (made: EndpointWithSecret, rotated: boolean) => void }) {
  const { t } = useTranslation('dashboard');
  const msg = useWebhookMessage();
  const f = useWebhookFormat();
  const rotate = useRotateEndpointSecret();
  const remove = useDeleteEndpoint();
  const toggle = useEndpointToggle();
  const [editing, setEditing] = useState(false);
  const state = endpointState(endpoint);

  const confirmRotate = useConfirmAction<Endpoint, EndpointWithSecret>({
    act: (e) => rotate.mutateAsync(e.id),
    title: () => t('webhooks.endpoints.rotate.title'),
    body: (e) => t('webhooks.endpoints.rotate.body', { url: e.url }),
    confirmLabel: t('webhooks.endpoints.rotate.confirm'),
    tone: 'danger',
    success: () => null,
    error: (e) => ({ title: t('webhooks.endpoints.rotate.failed'), description: msg(errorMessage(e)) }),
    onSuccess: (made) => onSecret(made, true),
  });

  const confirmDelete = useConfirmAction<Endpoint>({
    act: (e) => remove.mutateAsync(e.id),
    title: () => t('webhooks.endpoints.delete.title'),
    body: (e) => t('webhooks.endpoints.delete.body', { url: e.url }),
    confirmLabel: t('webhooks.endpoints.delete.confirm'),
    success: () => t('webhooks.endpoints.delete.done'),
    error: (e) => msg(errorMessage(e)),
    onSuccess: onClose,
  });

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <EndpointStateBadge state={state} />
        <span aria-hidden>·</span>
        <span title={f.dateTime(endpoint.createdAt)}>{t('webhooks.detail.created', { value: f.ago(endpoint.createdAt) })}</span>
      </div>

      {state === 'disabledByServer' ? (
        <Notice
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => toggle(endpoint, true)}>
              {t('webhooks.endpoints.detail.enableAgain')}
            </Button>
          }
        >
          <p className="font-medium">{t('webhooks.endpoints.detail.disabledTitle')}</p>
          {endpoint.disabledReason ? (
            <p className="mt-1 [overflow-wrap:anywhere]" data-testid="endpoint-disabled-reason">
              <span className="font-medium">{t('webhooks.endpoints.detail.reason')}</span> <span dir="auto">{endpoint.disabledReason}</span>
            </p>
          ) : null}
          <p className="mt-1">{t('webhooks.endpoints.detail.disabledBody')}</p>
        </Notice>
      ) : null}
      {state === 'disabled' ? <Notice tone="info">{t('webhooks.endpoints.detail.disabledNotice')}</Notice> : null}
      {state === 'failing' && endpoint.failingSince ? (
        <Notice tone="warning">
          <p className="font-medium">{t('webhooks.endpoints.detail.failingTitle', { value: f.dateTime(endpoint.failingSince) })}</p>
          <p className="mt-0.5">{t('webhooks.endpoints.detail.failingBody')}</p>
        </Notice>
      ) : null}

      <div className="rounded-xl border border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <Switch label={t('webhooks.endpoints.detail.enabled')} description={t('webhooks.endpoints.detail.enabledHint')} checked={endpoint.enabled} onChange={(next) => toggle(endpoint, next)} />
      </div>

      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
          <Pencil aria-hidden className="size-4" />
          {t('webhooks.endpoints.detail.edit')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => confirmRotate.ask(endpoint)}>
          <RotateCw aria-hidden className="size-4" />
          {t('webhooks.endpoints.rotate.button')}
        </Button>
        <Button size="sm" variant="ghost" className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40" onClick={() => confirmDelete.ask(endpoint)}>
          <Trash2 aria-hidden className="size-4" />
          {t('webhooks.delete.button')}
        </Button>
      </div>

      <CopyField label={t('webhooks.endpoints.fields.url')} value={endpoint.url} testId="endpoint-url" />
      <p className="-mt-2 text-xs text-zinc-600 dark:text-zinc-400">
        {/* The hint (the secret's end) reads left to right in every language. */}
        <Trans t={t} i18nKey="webhooks.endpoints.detail.secretSet" values={{ hint: endpoint.secret.hint ?? '••••' }} components={[<bdi key="hint" dir="ltr" className="font-mono" />]} />
      </p>

      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{t('webhooks.endpoints.detail.events')}</h3>
        <ul className="flex flex-wrap gap-1.5" aria-label={t('webhooks.endpoints.detail.events')}>
          {endpoint.events.map((e) => (
            <li key={e}>
              <code dir="ltr" className="rounded-md bg-zinc-100 px-2 py-0.5 font-mono text-xs text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">
                {e}
              </code>
            </li>
          ))}
        </ul>
      </div>

      <DeliveriesTable endpoint={endpoint} />

      {editing ? <EndpointFormDialog endpoint={endpoint} onClose={() => setEditing(false)} /> : null}
      {confirmRotate.dialog}
      {confirmDelete.dialog}
    </div>
  );
}

/**
 * The panel of the endpoint the address names (`?tab=endpoints&endpoint=<id>`, as the disabled
 * endpoint's email links to it), read on its own. It takes the focus and scrolls into view when it
 * opens.
 */
export function EndpointDetail({ id, onClose, onSecret }: { id: string; onClose: () => void; onSecret: (made: EndpointWithSecret, rotated: boolean) => void }) {
  const { t } = useTranslation('dashboard');
  const msg = useWebhookMessage();
  const endpoint = useEndpoint(id);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = endpoint.data?.id;

  useEffect(() => {
    if (!loaded) return;
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [loaded]);

  const notFound = endpoint.error instanceof ApiError && endpoint.error.status === 404;
  const title = endpoint.data ? endpoint.data.description || shortUrl(endpoint.data.url) : t('webhooks.endpoints.detail.title');
  return (
    <section
      id={ENDPOINT_DETAIL_ID}
      aria-labelledby={`${ENDPOINT_DETAIL_ID}-title`}
      data-testid="endpoint-detail"
      className="scroll-mt-6 rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={`${ENDPOINT_DETAIL_ID}-title`} ref={heading} tabIndex={-1} dir="auto" className="min-w-0 break-words text-lg font-semibold outline-none [overflow-wrap:anywhere]">
          {title}
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label={t('webhooks.endpoints.detail.close')} className="-me-2 px-2">
          <X aria-hidden className="size-4" />
        </Button>
      </div>
      <div className="mt-4">
        {endpoint.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        ) : endpoint.isError ? (
          <Notice tone="error">{notFound ? t('webhooks.endpoints.detail.notFound') : msg(errorMessage(endpoint.error))}</Notice>
        ) : (
          <Detail key={endpoint.data.id} endpoint={endpoint.data} onClose={onClose} onSecret={onSecret} />
        )}
      </div>
    </section>
  );
}
