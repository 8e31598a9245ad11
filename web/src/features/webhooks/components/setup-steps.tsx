import { useState, type ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Tabs } from '@/components/ui/tabs';
import type { Webhook, WebhookPlatform } from '@/features/webhooks/api/webhooks';
import { CodeBlock } from '@/components/ui/copy-field';
import { customCurl, customNode, discordCommand, telegramSetWebhook, zapierAction } from '@/features/webhooks/utils/examples';
import { PLATFORM_TITLES } from '@/features/webhooks/utils/platforms';
import type { KeyOf } from '@/types/i18n-keys';

// `as const`: the keys' own union, small enough for Trans's types (a whole namespace's is not).
const STEPS = {
  slack: ['webhooks.setup.slack.step1', 'webhooks.setup.slack.step2', 'webhooks.setup.slack.step3', 'webhooks.setup.slack.step4', 'webhooks.setup.slack.step5', 'webhooks.setup.slack.step6'],
  telegram: ['webhooks.setup.telegram.step1', 'webhooks.setup.telegram.step2', 'webhooks.setup.telegram.step3', 'webhooks.setup.telegram.step4'],
  discord: ['webhooks.setup.discord.step1', 'webhooks.setup.discord.step2', 'webhooks.setup.discord.step3', 'webhooks.setup.discord.step4', 'webhooks.setup.discord.step5'],
  whatsapp: ['webhooks.setup.whatsapp.step1', 'webhooks.setup.whatsapp.step2', 'webhooks.setup.whatsapp.step3', 'webhooks.setup.whatsapp.step4'],
  zapier: ['webhooks.setup.zapier.step1', 'webhooks.setup.zapier.step2', 'webhooks.setup.zapier.step3', 'webhooks.setup.zapier.step4'],
  custom: ['webhooks.setup.custom.step1', 'webhooks.setup.custom.step2', 'webhooks.setup.custom.step3', 'webhooks.setup.custom.step4'],
} as const satisfies Record<WebhookPlatform, readonly KeyOf<'dashboard'>[]>;

const link = (href: string) => <a href={href} target="_blank" rel="noreferrer noopener" className="font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800 dark:text-accent-300 dark:hover:text-accent-200" />;

/** The elements the steps' words may hold: emphasis for the platforms' own screen names, code, and links to their consoles. */
const COMPONENTS: Record<string, ReactElement> = {
  // The platforms' own screen names, in their language (Latin in every translation): isolated, so
  // "OAuth2 › URL Generator" reads left to right inside Arabic.
  b: <strong dir="auto" className="font-semibold text-zinc-900 dark:text-zinc-100" />,
  code: <code dir="ltr" className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.8125rem] text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200" />,
  apps: link('https://api.slack.com/apps'),
  botfather: link('https://t.me/BotFather'),
  portal: link('https://discord.com/developers/applications'),
  meta: link('https://developers.facebook.com/apps'),
};

function CustomExamples({ url }: { url: string }) {
  const { t } = useTranslation('dashboard');
  const [kind, setKind] = useState<'curl' | 'node'>('curl');
  return (
    <Tabs label={t('webhooks.setup.custom.examples')} tabs={[{ id: 'curl', title: 'curl' }, { id: 'node', title: 'Node.js' }]} selected={kind} onSelect={setKind} className="space-y-3">
      {(id) => (id === 'curl' ? <CodeBlock label={t('webhooks.setup.custom.curl')} code={customCurl(url)} /> : <CodeBlock label={t('webhooks.setup.custom.node')} code={customNode(url)} />)}
    </Tabs>
  );
}

/** What a step shows under its words: the command or snippet it speaks of, filled with this webhook's URL. */
function stepCode(webhook: Webhook, step: number, t: (k: KeyOf<'dashboard'>) => string) {
  const { platform, url } = webhook;
  if (platform === 'telegram' && step === 3) return <CodeBlock label={t('webhooks.setup.telegram.command')} code={telegramSetWebhook(url)} testId="telegram-command" />;
  if (platform === 'discord' && step === 4) return <CodeBlock label={t('webhooks.setup.discord.command')} code={discordCommand(webhook.credentials.values.applicationId)} />;
  if (platform === 'zapier' && step === 3) return <CodeBlock label={t('webhooks.setup.zapier.action')} code={zapierAction(url)} />;
  if (platform === 'custom' && step === 2) return <CustomExamples url={url} />;
  return null;
}

/** How to connect the webhook's platform to it, step by step, with its URL in the commands. */
export function SetupSteps({ webhook }: { webhook: Webhook }) {
  const { t, i18n } = useTranslation('dashboard');
  const platform = webhook.platform;
  return (
    <div className="space-y-3">
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{t('webhooks.setup.title', { platform: PLATFORM_TITLES[platform] })}</h3>
      <ol className="space-y-4">
        {STEPS[platform].map((key, i) => (
          <li key={key} className="flex gap-3">
            <span aria-hidden className="flex size-6 shrink-0 items-center justify-center rounded-full bg-accent-50 text-xs font-semibold text-accent-700 dark:bg-accent-500/15 dark:text-accent-300">
              {new Intl.NumberFormat(i18n.language).format(i + 1)}
            </span>
            <div className="min-w-0 flex-1 space-y-2 pt-0.5 text-sm leading-relaxed text-zinc-700 dark:text-zinc-300">
              <p>
                <Trans t={t} i18nKey={key} components={COMPONENTS} />
              </p>
              {stepCode(webhook, i + 1, t)}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
