import { useTranslation } from 'react-i18next';
import { ENDPOINT_ERRORS } from '@/features/webhooks/api/endpoints';
import { WEBHOOK_ERRORS } from '@/features/webhooks/api/webhooks';
import { GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import type { KeyOf } from '@/types/i18n-keys';

/** Messages we know by their English text: the catalogue's, and the server's checks of names and credentials. */
const KNOWN: Record<string, KeyOf<'dashboard'>> = {
  [WEBHOOK_ERRORS.list]: 'webhooks.errors.list',
  [GENERIC_ERROR_MESSAGE]: 'webhooks.errors.generic',
  Required: 'webhooks.validation.required',
  'Must be one word, without spaces or line breaks': 'webhooks.validation.oneWord',
  'A Slack bot token starts with xoxb-': 'webhooks.validation.slackBotToken',
  "A Telegram bot token is the bot's number, a colon and its secret (from @BotFather)": 'webhooks.validation.telegramBotToken',
  'Must be an http:// or https:// URL': 'webhooks.validation.url',
  'Must be a number (digits only)': 'webhooks.validation.digits',
  'An Ed25519 public key is 64 hexadecimal digits': 'webhooks.validation.publicKey',
  'Names cannot contain control or text-direction characters': 'webhooks.validation.nameCharacters',
  'This agent has as many webhooks as it may have (20)': 'webhooks.errors.tooMany',
  // Event endpoints.
  [ENDPOINT_ERRORS.list]: 'webhooks.endpoints.errors.list',
  'Choose at least one event': 'webhooks.endpoints.validation.events',
  'String must contain at most 500 character(s)': 'webhooks.endpoints.validation.descriptionTooLong',
  'String must contain at most 2000 character(s)': 'webhooks.endpoints.validation.urlTooLong',
  'Text must not contain NUL characters': 'webhooks.endpoints.validation.nul',
  'You have as many webhook endpoints as you may have (50)': 'webhooks.endpoints.errors.tooMany',
  'This endpoint is disabled: enable it first': 'webhooks.endpoints.errors.disabled',
};

/** The start of the server's refusal of a URL by the outbound guard; the rest names the address. */
const URL_REFUSED = 'This URL cannot be used: ';

/**
 * Translates our own messages (the form's `webhooks.validation.*` keys) and the server's we know;
 * any other message of the server (why a test failed, why an agent cannot answer) shows as it is.
 */
export function useWebhookMessage() {
  const { t } = useTranslation('dashboard');
  return (m?: string | null): string | undefined => {
    if (!m) return undefined;
    if (m.startsWith('webhooks.validation.') || m.startsWith('webhooks.endpoints.validation.')) return t(m as KeyOf<'dashboard'>);
    // A private, loopback or link-local address (the guard's words name it and the setting that allows it).
    if (m.startsWith(URL_REFUSED) && m.includes('private')) return t('webhooks.endpoints.validation.private');
    return KNOWN[m] ? t(KNOWN[m]) : m;
  };
}

export const errorMessage = (e: unknown) => (e instanceof Error && e.message ? e.message : GENERIC_ERROR_MESSAGE);
