import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { FormField } from '@/components/ui/form-field';
import { SecretField } from '@/components/ui/secret-field';
import type { Masked } from '@/components/ui/secret-value';
import type { WebhookPlatform } from '@/features/webhooks/api/webhooks';
import type { WebhookFormValues } from '@/features/webhooks/utils/form';
import { credentialLabel } from '@/features/webhooks/utils/labels';
import { useWebhookMessage } from '@/features/webhooks/utils/messages';
import { CREDENTIALS, DEFAULT_BASE_URLS, PLATFORM_TITLES, type CredentialField, type CredentialSpec } from '@/features/webhooks/utils/platforms';
import type { KeyOf } from '@/types/i18n-keys';


/** Where a field's value comes from on the platform's side, where it helps to say. */
const HINTS: Partial<Record<`${WebhookPlatform}.${CredentialField}`, KeyOf<'dashboard'>>> = {
  'slack.botToken': 'webhooks.hints.slackBotToken',
  'slack.signingSecret': 'webhooks.hints.slackSigningSecret',
  'telegram.botToken': 'webhooks.hints.telegramBotToken',
  'discord.applicationId': 'webhooks.hints.discordApplicationId',
  'discord.publicKey': 'webhooks.hints.discordPublicKey',
  'discord.botToken': 'webhooks.hints.discordBotToken',
  'whatsapp.phoneNumberId': 'webhooks.hints.whatsappPhoneNumberId',
  'whatsapp.accessToken': 'webhooks.hints.whatsappAccessToken',
  'whatsapp.appSecret': 'webhooks.hints.whatsappAppSecret',
  'whatsapp.verifyToken': 'webhooks.hints.whatsappVerifyToken',
};

/** A link to the platform's entry in Settings › Integrations, whose credentials fill in what a webhook leaves empty. */
export function IntegrationLink({ platform, children }: { platform: WebhookPlatform; children: ReactNode }) {
  return (
    <Link to={`/dashboard/settings?service=${platform}#integrations`} className="font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800 dark:text-accent-300 dark:hover:text-accent-200">
      {children}
    </Link>
  );
}

/**
 * A platform's credential fields. On creation (`masked` absent) each is typed text; in an edit the
 * secrets show as set or not with their hint (typing replaces, "Remove" clears) and a field the
 * webhook leaves to Settings › Integrations says so. The base URL sits under "Advanced".
 */
export function CredentialFields({
  platform,
  control,
  errors,
  masked,
  inherited = [],
  missing = [],
  disabled,
}: {
  platform: WebhookPlatform;
  control: Control<WebhookFormValues>;
  errors: FieldErrors<WebhookFormValues>;
  /** The stored secrets (an edit); absent on creation. */
  masked?: Record<string, Masked>;
  inherited?: string[];
  missing?: string[];
  disabled?: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const msg = useWebhookMessage();
  const specs = CREDENTIALS[platform];
  const editing = masked !== undefined;
  const error = (f: CredentialField) => msg(errors.credentials?.[f]?.message);

  const hintOf = (f: CredentialSpec) => {
    const parts: string[] = [];
    const hint = HINTS[`${platform}.${f.name}`];
    if (hint) parts.push(t(hint));
    if (f.name === 'baseUrl') parts.push(t('webhooks.hints.baseUrl', { url: DEFAULT_BASE_URLS[platform] ?? '' }));
    if (editing && inherited.includes(f.name)) parts.push(t('webhooks.credentials.inherited'));
    if (editing && missing.includes(f.name)) parts.push(t('webhooks.credentials.missingField'));
    return parts.join(' ') || undefined;
  };

  const field = (f: CredentialSpec) => (
    <Controller
      key={f.name}
      control={control}
      name={`credentials.${f.name}`}
      render={({ field: c }) =>
        f.secret && editing ? (
          <SecretField
            label={t(credentialLabel(f.name))}
            masked={masked?.[f.name] ?? { set: false }}
            value={c.value === undefined ? '' : c.value}
            onChange={c.onChange}
            onBlur={c.onBlur}
            name={c.name}
            inputRef={c.ref}
            hint={hintOf(f)}
            error={error(f.name)}
            disabled={disabled}
          />
        ) : (
          <FormField
            label={t(credentialLabel(f.name))}
            type={f.secret ? 'password' : f.name === 'baseUrl' ? 'url' : 'text'}
            dir="ltr"
            autoComplete={f.secret ? 'new-password' : 'off'}
            spellCheck={false}
            placeholder={f.name === 'baseUrl' ? DEFAULT_BASE_URLS[platform] : undefined}
            hint={hintOf(f)}
            error={error(f.name)}
            disabled={disabled}
            name={c.name}
            ref={c.ref}
            value={c.value ?? ''}
            onChange={c.onChange}
            onBlur={c.onBlur}
          />
        )
      }
    />
  );

  if (specs.length === 0) return null;
  const main = specs.filter((f) => !f.advanced);
  const advanced = specs.filter((f) => f.advanced);
  const advancedOpen = advanced.some((f) => !!errors.credentials?.[f.name]);
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{t('webhooks.credentials.legend', { platform: PLATFORM_TITLES[platform] })}</legend>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {t('webhooks.credentials.fallback', { platform: PLATFORM_TITLES[platform] })}{' '}
        <IntegrationLink platform={platform}>{t('webhooks.credentials.settingsLink')}</IntegrationLink>
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {main.map((f) => (
          <div key={f.name} className={cn((f.secret && editing) || main.length === 1 ? 'sm:col-span-2' : undefined)}>
            {field(f)}
          </div>
        ))}
      </div>
      {advanced.length > 0 ? (
        <details open={advancedOpen || undefined} className="group rounded-lg border border-zinc-200 px-3 py-2 dark:border-zinc-800">
          <summary className="cursor-pointer rounded text-sm font-medium text-zinc-700 outline-none focus-visible:ring-2 focus-visible:ring-accent-500/40 dark:text-zinc-300">
            {t('webhooks.credentials.advanced')}
          </summary>
          <div className="mt-3 space-y-4">{advanced.map(field)}</div>
        </details>
      ) : null}
    </fieldset>
  );
}
