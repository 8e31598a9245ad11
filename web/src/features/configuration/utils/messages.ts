import { useTranslation } from 'react-i18next';
import { GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import type { KeyOf } from '@/types/i18n-keys';

type MessageKey = Extract<KeyOf<'admin'>, `configuration.validation.${string}` | `configuration.errors.${string}`>;
/** What a message may name: a range's bounds. */
export type MessageValues = { min?: string; max?: string };

/** The server's field messages we know by their English text (its validation of each section). */
const KNOWN: Record<string, MessageKey> = {
  Required: 'configuration.validation.required',
  'Must be an http:// or https:// URL': 'configuration.validation.url',
  'Must be an address, or a name and <address>': 'configuration.validation.sender',
  'Must start with smtp:// or smtps://': 'configuration.validation.smtpUrl',
  'A Twilio account SID is AC and 32 hexadecimal digits': 'configuration.validation.accountSid',
  'Must be in E.164 form, such as +15551234567': 'configuration.validation.phone',
  'A Stripe secret key starts with sk_ (or rk_ for a restricted key)': 'configuration.validation.stripeSecretKey',
  'A Stripe publishable key starts with pk_': 'configuration.validation.stripePublishableKey',
  'A Stripe webhook signing secret starts with whsec_': 'configuration.validation.stripeWebhookSecret',
  'Must not contain control characters or line breaks': 'configuration.validation.controlChars',
  'Gemini needs an API key': 'configuration.validation.geminiKey',
  'A model needs a name': 'configuration.validation.required',
  'A model name is at most 200 characters, without control characters': 'configuration.validation.modelName',
  'A price per million tokens from 0 to 100000': 'configuration.validation.price',
  [GENERIC_ERROR_MESSAGE]: 'configuration.errors.generic',
};

/**
 * Translates the schema's messages (`configuration.validation.*` keys, with `values` such as a
 * range's bounds) and the server's messages we know; any other message of the server shows as is.
 */
export function useConfigMessage() {
  const { t } = useTranslation('admin');
  return (m?: string | null, values: MessageValues = {}): string | undefined => {
    if (!m) return undefined;
    // The schema's messages are `configuration.validation.*` keys of this namespace.
    const key = m.startsWith('configuration.validation.') ? (m as MessageKey) : KNOWN[m];
    return key ? t(key, values) : m;
  };
}

export const errorMessage = (e: unknown) => (e instanceof Error && e.message ? e.message : GENERIC_ERROR_MESSAGE);
