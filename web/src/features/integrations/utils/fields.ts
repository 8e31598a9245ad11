import { useTranslation } from 'react-i18next';
import { secretInput, type SecretValue } from '@/components/ui/secret-value';
import type { Integration, IntegrationChanges, IntegrationName } from '@/features/integrations/api/integrations';
import { GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import type { KeyOf } from '@/types/i18n-keys';

// A service's form: one value per field of the service (`fields`, in their order), named by the
// wire name. A plain field holds its text; a secret field holds what to do with the saved secret
// ('' keeps it, null removes it, other text replaces it). A save (or a test) sends only what
// changed: a plain field whose text differs from the saved one, a secret typed or removed.

/** Every field a service may take (IntegrationIn without the team), with its label. */
export type IntegrationField = keyof IntegrationChanges;

const FIELD_LABELS: Record<IntegrationField, KeyOf<'dashboard'>> = {
  apiKey: 'settings.integrations.fields.apiKey',
  baseUrl: 'settings.integrations.fields.baseUrl',
  model: 'settings.integrations.fields.model',
  accountSid: 'settings.integrations.fields.accountSid',
  authToken: 'settings.integrations.fields.authToken',
  phoneNumber: 'settings.integrations.fields.phoneNumber',
  botToken: 'settings.integrations.fields.botToken',
  signingSecret: 'settings.integrations.fields.signingSecret',
  applicationId: 'settings.integrations.fields.applicationId',
  publicKey: 'settings.integrations.fields.publicKey',
  phoneNumberId: 'settings.integrations.fields.phoneNumberId',
  accessToken: 'settings.integrations.fields.accessToken',
  appSecret: 'settings.integrations.fields.appSecret',
  verifyToken: 'settings.integrations.fields.verifyToken',
};

/** A field name the API document knows (a newer server's other fields are not shown). */
export const isIntegrationField = (name: string): name is IntegrationField => Object.hasOwn(FIELD_LABELS, name);

export const fieldLabel = (name: IntegrationField): KeyOf<'dashboard'> => FIELD_LABELS[name];

/** What each service's credentials are for, in one line (a service the document adds fails the type check until it is here). */
export const PURPOSES: Record<IntegrationName, KeyOf<'dashboard'>> = {
  openai: 'settings.integrations.purposes.openai',
  gemini: 'settings.integrations.purposes.gemini',
  elevenlabs: 'settings.integrations.purposes.elevenlabs',
  twilio: 'settings.integrations.purposes.twilio',
  slack: 'settings.integrations.purposes.slack',
  telegram: 'settings.integrations.purposes.telegram',
  discord: 'settings.integrations.purposes.discord',
  whatsapp: 'settings.integrations.purposes.whatsapp',
};

/** A service name the API document knows (a link's `?service=`). */
export const isIntegrationName = (name: string | null | undefined): name is IntegrationName => !!name && Object.hasOwn(PURPOSES, name);

/** A service's row in Settings › Integrations, which a link to it (`?service=<name>#integrations`) brings into view. */
export const serviceRowId = (name: IntegrationName) => `integration-${name}`;

/** The form's values, by field name. */
export type IntegrationValues = Partial<Record<IntegrationField, SecretValue>>;

/** The fields of `integration` the form shows, in its order. */
export const formFields = (integration: Integration) =>
  integration.fields.flatMap((f) => (isIntegrationField(f.name) ? [{ ...f, name: f.name }] : []));

/** The form's values for the service as saved: plain fields as saved, secrets kept. */
export function toForm(integration: Integration): IntegrationValues {
  const values: IntegrationValues = {};
  for (const f of formFields(integration)) values[f.name] = f.secret ? '' : (integration.values[f.name] ?? '');
  return values;
}

/** What a save or a test sends: each plain field whose text changed ("" removes it), each secret typed or removed. */
export function changesOf(integration: Integration, values: IntegrationValues): IntegrationChanges {
  const changes: IntegrationChanges = {};
  for (const f of formFields(integration)) {
    const value = values[f.name];
    if (f.secret) {
      const sent = secretInput(value === undefined ? '' : value);
      if (sent !== undefined) changes[f.name] = sent;
    } else {
      const typed = (value ?? '').trim();
      if (typed !== (integration.values[f.name] ?? '')) changes[f.name] = typed;
    }
  }
  return changes;
}

/** The server's field messages we know by their English text (its checks of each field). */
const KNOWN: Record<string, KeyOf<'dashboard'>> = {
  Required: 'settings.integrations.validation.required',
  'Must be one word, without spaces or line breaks': 'settings.integrations.validation.oneWord',
  'A Slack bot token starts with xoxb-': 'settings.integrations.validation.slackBotToken',
  "A Telegram bot token is the bot's number, a colon and its secret (from @BotFather)": 'settings.integrations.validation.telegramBotToken',
  'Must be an http:// or https:// URL': 'settings.integrations.validation.url',
  'A Twilio account SID is AC and 32 hexadecimal digits': 'settings.integrations.validation.accountSid',
  'Must be in E.164 form, such as +15551234567': 'settings.integrations.validation.phone',
  'Must be a number (digits only)': 'settings.integrations.validation.digits',
  'An Ed25519 public key is 64 hexadecimal digits': 'settings.integrations.validation.publicKey',
};

/** Translates the server's messages we know; any other shows as it is. */
export function useIntegrationMessage() {
  const { t } = useTranslation('dashboard');
  return (m?: string | null): string | undefined => (m ? (KNOWN[m] ? t(KNOWN[m]) : m) : undefined);
}

export const errorMessage = (e: unknown) => (e instanceof Error && e.message ? e.message : GENERIC_ERROR_MESSAGE);
