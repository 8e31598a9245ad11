import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Tabs } from '@/components/ui/tabs';
import { CodeBlock } from '@/components/ui/copy-field';
import { retrySchedule } from '@/features/webhooks/utils/endpoint-events';
import { endpointRequest, endpointVerifyNode } from '@/features/webhooks/utils/examples';

const code = <code dir="ltr" className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.8125rem] text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200" />;

/** The three Standard Webhooks headers, each with what it carries. */
const HEADERS = [
  { name: 'webhook-id', key: 'webhooks.endpoints.signing.id' },
  { name: 'webhook-timestamp', key: 'webhooks.endpoints.signing.timestamp' },
  { name: 'webhook-signature', key: 'webhooks.endpoints.signing.signature' },
] as const;

/**
 * How a delivery arrives and how to check it: the body `{type, timestamp, data}`, the Standard
 * Webhooks headers, the retries and the day after which a failing endpoint is disabled, and a
 * receiver in Node that verifies with the `standardwebhooks` package.
 */
export function EndpointSigning() {
  const { t, i18n } = useTranslation('dashboard');
  const [example, setExample] = useState<'node' | 'request'>('node');
  return (
    <section aria-labelledby="endpoint-signing-title" className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex items-start gap-3">
        <span aria-hidden className="grid size-9 shrink-0 place-items-center rounded-xl bg-accent-50 text-accent-700 dark:bg-accent-500/10 dark:text-accent-300">
          <ShieldCheck className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id="endpoint-signing-title" className="text-lg font-semibold">
            {t('webhooks.endpoints.signing.title')}
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            <Trans t={t} i18nKey="webhooks.endpoints.signing.body" components={{ code }} />
          </p>
        </div>
      </div>
      <div className="mt-5 grid gap-6 text-sm text-zinc-700 lg:grid-cols-2 dark:text-zinc-300">
        <dl className="min-w-0 space-y-2">
          {HEADERS.map((h) => (
            <div key={h.name}>
              <dt>
                <code dir="ltr" className="font-mono text-[0.8125rem] font-semibold text-zinc-900 dark:text-zinc-100">
                  {h.name}
                </code>
              </dt>
              <dd className="mt-0.5 text-zinc-600 dark:text-zinc-400">
                <Trans t={t} i18nKey={h.key} components={{ code }} />
              </dd>
            </div>
          ))}
        </dl>
        <div className="min-w-0 space-y-3">
          <p>{t('webhooks.endpoints.signing.retries', { schedule: retrySchedule(i18n.language) })}</p>
          <p>{t('webhooks.endpoints.signing.disable')}</p>
        </div>
      </div>
      <Tabs
        label={t('webhooks.setup.custom.examples')}
        tabs={[
          { id: 'node', title: 'Node.js' },
          { id: 'request', title: t('webhooks.endpoints.signing.requestTab') },
        ]}
        selected={example}
        onSelect={setExample}
        className="mt-6 space-y-3"
      >
        {(id) =>
          id === 'node' ? (
            <CodeBlock label={t('webhooks.endpoints.signing.node')} code={endpointVerifyNode()} testId="endpoint-verify-node" />
          ) : (
            <CodeBlock label={t('webhooks.endpoints.signing.request')} code={endpointRequest()} />
          )
        }
      </Tabs>
    </section>
  );
}
