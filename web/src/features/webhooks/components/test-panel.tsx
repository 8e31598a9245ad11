import { FlaskConical, MessageSquare } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { TextareaField } from '@/components/ui/textarea-field';
import { useTestWebhook, type TestData, type Webhook, type WebhookTestAnswer, type WebhookTestResult } from '@/features/webhooks/api/webhooks';
import { CodeBlock } from '@/components/ui/copy-field';
import { credentialLabel } from '@/features/webhooks/utils/labels';
import { errorMessage, useWebhookMessage } from '@/features/webhooks/utils/messages';
import { CREDENTIAL_FIELDS, PLATFORM_SAMPLES, PLATFORM_TITLES, SIMPLE_SAMPLE, sampleText, type CredentialField } from '@/features/webhooks/utils/platforms';

type Sample = 'simple' | 'platform';

/** The typed JSON as an object, or why it is not one. */
function parse(text: string): { data: TestData } | { problem: 'webhooks.test.invalidJson' | 'webhooks.test.notObject' } {
  try {
    const data: unknown = JSON.parse(text);
    if (data === null || typeof data !== 'object' || Array.isArray(data)) return { problem: 'webhooks.test.notObject' };
    return { data: data as TestData };
  } catch {
    return { problem: 'webhooks.test.invalidJson' };
  }
}

const isField = (name: string): name is CredentialField => (CREDENTIAL_FIELDS as readonly string[]).includes(name);

function Answer({ answer, index }: { answer: WebhookTestAnswer; index: number }) {
  const { t } = useTranslation('dashboard');
  return (
    <li data-testid="webhook-test-answer" className="space-y-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="text-sm font-semibold">{t('webhooks.test.answerTitle', { value: index + 1 })}</h4>
        <span dir="ltr" className="truncate font-mono text-xs text-zinc-500 dark:text-zinc-400">
          {answer.sender}
        </span>
      </div>
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{t('webhooks.test.message')}</dt>
          <dd dir="auto" className="whitespace-pre-wrap">
            {answer.message}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{t('webhooks.test.answer')}</dt>
          <dd dir="auto" className="whitespace-pre-wrap rounded-lg bg-zinc-50 px-3 py-2 dark:bg-zinc-800/50" data-testid="webhook-test-answer-text">
            {answer.answer}
          </dd>
        </div>
      </dl>
      <Link
        to={`/dashboard/conversations/${answer.conversationId}`}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-accent-700 hover:underline dark:text-accent-300"
      >
        <MessageSquare aria-hidden className="size-4" />
        {t('webhooks.test.openConversation')}
      </Link>
      {answer.post ? (
        <CodeBlock label={t('webhooks.test.post')} code={`${answer.post.method} ${answer.post.url}\n\n${JSON.stringify(answer.post.body, null, 2)}`} testId="webhook-test-post" />
      ) : (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('webhooks.test.inResponse')}</p>
      )}
    </li>
  );
}

function Result({ result }: { result: WebhookTestResult }) {
  const { t } = useTranslation('dashboard');
  const missing = result.missingCredentials.map((f) => (isField(f) ? t(credentialLabel(f)) : f));
  return (
    <div className="space-y-4" data-testid="webhook-test-result">
      <h3 className="text-sm font-semibold">{t('webhooks.test.resultTitle')}</h3>
      {missing.length > 0 ? <Notice tone="warning">{t('webhooks.test.missing', { fields: missing.join(', ') })}</Notice> : null}
      {result.answers.length === 0 ? (
        <Notice tone="info">{t('webhooks.test.nothing')}</Notice>
      ) : (
        <ol className="space-y-3">
          {result.answers.map((a, i) => (
            <Answer key={`${a.conversationId}-${i}`} answer={a} index={i} />
          ))}
        </ol>
      )}
      <CodeBlock label={t('webhooks.test.response', { platform: PLATFORM_TITLES[result.platform] })} code={JSON.stringify(result.response, null, 2)} testId="webhook-test-response" />
    </div>
  );
}

/**
 * Sample data run through the webhook's own path (read as the platform's event, answered by the
 * agent's production deployment in a test conversation), with what would be posted, without
 * posting anything.
 */
export function TestPanel({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation('dashboard');
  const msg = useWebhookMessage();
  const test = useTestWebhook(webhook.id);
  const [sample, setSample] = useState<Sample>('simple');
  const [text, setText] = useState(() => sampleText(SIMPLE_SAMPLE));
  const [problem, setProblem] = useState<string | null>(null);
  const name = useId();

  const choose = (next: Sample) => {
    setSample(next);
    setText(sampleText(next === 'simple' ? SIMPLE_SAMPLE : PLATFORM_SAMPLES[webhook.platform]));
    setProblem(null);
    test.reset();
  };

  const run = () => {
    const parsed = parse(text);
    if ('problem' in parsed) {
      setProblem(t(parsed.problem));
      return;
    }
    setProblem(null);
    test.mutate(parsed.data);
  };

  return (
    <div className="space-y-5">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('webhooks.test.description')}</p>
      <fieldset>
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('webhooks.test.sample')}</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {(['simple', 'platform'] as const).map((s) => (
            <label key={s} className="flex items-center gap-2 text-sm">
              <input type="radio" name={name} value={s} checked={sample === s} onChange={() => choose(s)} className="size-4 accent-accent-600" />
              {s === 'simple' ? t('webhooks.test.simple') : t('webhooks.test.platformEvent', { platform: PLATFORM_TITLES[webhook.platform] })}
            </label>
          ))}
        </div>
      </fieldset>
      <TextareaField
        label={t('webhooks.test.data')}
        hint={t('webhooks.test.dataHint')}
        rows={Math.min(18, Math.max(5, text.split('\n').length + 1))}
        dir="ltr"
        spellCheck={false}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
        }}
        error={problem ?? undefined}
        className="[&_textarea]:font-mono [&_textarea]:text-xs"
      />
      <div>
        <Button onClick={run} disabled={test.isPending}>
          {test.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : <FlaskConical aria-hidden className="size-4" />}
          {test.isPending ? t('webhooks.test.running') : t('webhooks.test.run')}
        </Button>
      </div>
      <div aria-live="polite">
        {test.isError ? (
          <Notice tone="error">
            <p className="font-medium">{t('webhooks.test.failed')}</p>
            <p className="mt-0.5 [overflow-wrap:anywhere]" dir="auto">
              {msg(errorMessage(test.error))}
            </p>
          </Notice>
        ) : null}
        {test.data ? <Result result={test.data} /> : null}
      </div>
    </div>
  );
}
