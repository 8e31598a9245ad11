import { useTranslation } from 'react-i18next';
import type { WebhookPlatform, WebhookWithSecret } from '@/features/webhooks/api/webhooks';
import { CodeBlock, CopyField } from '@/components/ui/copy-field';
import { OnceSecretDialog } from '@/features/webhooks/components/once-secret-dialog';
import { telegramSetWebhook, zapierAction } from '@/features/webhooks/utils/examples';
import { PLATFORM_TITLES, isStandard } from '@/features/webhooks/utils/platforms';
import type { KeyOf } from '@/types/i18n-keys';

/** What the secret is called on each platform that has one of ours. */
const SECRET_LABELS: Record<WebhookPlatform, KeyOf<'dashboard'>> = {
  custom: 'webhooks.secret.signingSecret',
  zapier: 'webhooks.secret.signingSecret',
  telegram: 'webhooks.secret.secretToken',
  whatsapp: 'webhooks.secret.verifyToken',
  slack: 'webhooks.secret.signingSecret',
  discord: 'webhooks.secret.signingSecret',
};

const SECRET_USES: Record<WebhookPlatform, KeyOf<'dashboard'>> = {
  custom: 'webhooks.secret.useCustom',
  zapier: 'webhooks.secret.useZapier',
  telegram: 'webhooks.secret.useTelegram',
  whatsapp: 'webhooks.secret.useWhatsapp',
  slack: 'webhooks.secret.noSecret',
  discord: 'webhooks.secret.noSecret',
};

/**
 * A webhook just made or regenerated: its URL and, this once, its secret, each to copy, with the
 * next step filled in with them.
 */
export function SecretDialog({ made, regenerated, onDone }: { made: WebhookWithSecret; regenerated?: boolean; onDone: () => void }) {
  const { t } = useTranslation('dashboard');
  const { webhook, secret } = made;
  const platform = webhook.platform;
  return (
    <OnceSecretDialog
      title={regenerated ? t('webhooks.secret.regeneratedTitle', { name: webhook.name }) : t('webhooks.secret.createdTitle', { name: webhook.name })}
      warning={secret ? t('webhooks.secret.warning') : undefined}
      onDone={onDone}
    >
      <CopyField label={t('webhooks.url.label')} value={webhook.url} hint={isStandard(platform) ? t('webhooks.url.hintSender') : t('webhooks.url.hint', { platform: PLATFORM_TITLES[platform] })} testId="webhook-new-url" />
      {secret ? (
        <CopyField label={t(SECRET_LABELS[platform])} value={secret} testId="webhook-secret" hint={t(SECRET_USES[platform])} />
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('webhooks.secret.noSecret', { platform: PLATFORM_TITLES[platform] })}</p>
      )}
      {secret && platform === 'telegram' ? <CodeBlock label={t('webhooks.setup.telegram.command')} code={telegramSetWebhook(webhook.url, secret)} /> : null}
      {secret && platform === 'zapier' ? <CodeBlock label={t('webhooks.setup.zapier.action')} code={zapierAction(webhook.url, secret)} /> : null}
    </OnceSecretDialog>
  );
}
