import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import type { Delivery, DeliveryAttempt } from '@/features/webhooks/api/endpoints';
import { CodeBlock } from '@/components/ui/copy-field';
import { useWebhookFormat } from '@/features/webhooks/hooks/use-webhook-format';

function Attempt({ attempt }: { attempt: DeliveryAttempt }) {
  const { t } = useTranslation('dashboard');
  const f = useWebhookFormat();
  const code = attempt.status ?? null;
  const ok = code !== null && code >= 200 && code < 300;
  return (
    <li data-testid="delivery-attempt" className="space-y-1.5 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900">
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-xs">
        <span className="font-semibold text-zinc-900 dark:text-zinc-100">{t('webhooks.endpoints.deliveries.attempt', { value: f.count(attempt.attempt) })}</span>
        <span className={cn('font-medium tabular-nums', ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400')}>
          {code !== null ? t('webhooks.endpoints.deliveries.http', { value: code }) : t('webhooks.endpoints.deliveries.noAnswer')}
        </span>
        <span className="tabular-nums text-zinc-600 dark:text-zinc-400">{f.ms(attempt.durationMs)}</span>
        <span className="text-zinc-600 dark:text-zinc-400" title={f.dateTime(attempt.attemptedAt)}>
          {f.ago(attempt.attemptedAt)}
        </span>
      </p>
      {attempt.error ? (
        <p dir="auto" className="text-xs text-red-700 [overflow-wrap:anywhere] dark:text-red-400">
          <span className="font-medium">{t('webhooks.events.error')}</span> {attempt.error}
        </p>
      ) : null}
      {attempt.response ? (
        <div className="space-y-1">
          <p className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{t('webhooks.endpoints.deliveries.response')}</p>
          {/* Focusable: a long answer scrolls, and the keyboard must reach it. */}
          <pre tabIndex={0} dir="ltr" className="max-h-40 overflow-auto whitespace-pre-wrap rounded-md bg-zinc-50 p-2 text-left font-mono text-xs text-zinc-800 outline-none [overflow-wrap:anywhere] focus-visible:ring-2 focus-visible:ring-accent-500/40 dark:bg-zinc-800/60 dark:text-zinc-200">
            {attempt.response}
          </pre>
        </div>
      ) : null}
    </li>
  );
}

/** One delivery opened: its `webhook-id`, the body sent (as sent, formatted), and each attempt with its answer. */
export function DeliveryDetails({ delivery }: { delivery: Delivery }) {
  const { t } = useTranslation('dashboard');
  const f = useWebhookFormat();
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="delivery-details">
      <div className="min-w-0 space-y-3">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
          <dt className="text-zinc-600 dark:text-zinc-400">{t('webhooks.endpoints.deliveries.eventId')}</dt>
          <dd className="min-w-0">
            <code dir="ltr" className="font-mono [overflow-wrap:anywhere]">
              {delivery.eventId}
            </code>
          </dd>
          <dt className="text-zinc-600 dark:text-zinc-400">{t('webhooks.endpoints.deliveries.createdAt')}</dt>
          <dd>{f.dateTime(delivery.createdAt)}</dd>
          {delivery.deliveredAt ? (
            <>
              <dt className="text-zinc-600 dark:text-zinc-400">{t('webhooks.endpoints.deliveries.deliveredAt')}</dt>
              <dd>{f.dateTime(delivery.deliveredAt)}</dd>
            </>
          ) : null}
        </dl>
        <CodeBlock label={t('webhooks.endpoints.deliveries.payload')} code={JSON.stringify(delivery.payload, null, 2)} testId="delivery-payload" />
      </div>
      <div className="min-w-0 space-y-2">
        <h4 className="text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">{t('webhooks.endpoints.deliveries.attemptsTitle')}</h4>
        {delivery.attemptLog.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('webhooks.endpoints.deliveries.notTried')}</p>
        ) : (
          <ol className="space-y-2">
            {delivery.attemptLog.map((a) => (
              <Attempt key={a.attempt} attempt={a} />
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
