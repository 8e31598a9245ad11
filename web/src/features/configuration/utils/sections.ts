import type { FieldValues, Path } from 'react-hook-form';
import { z } from 'zod';
import { secretInput, type SecretValue } from '@/components/ui/secret-value';
import type { Integration, SavedSettings, SectionName, Settings } from '@/features/configuration/api/configuration';
import { bytesToMb, MB, mbToBytes } from '@/features/configuration/utils/format';
import type { ModelProvider } from '@/lib/api-enums';

// Each section's form: its values (text as typed, numbers as text, megabytes for sizes), checked
// with the server's own rules, read from the settings in force and turned back into what a save
// sends. A secret's form value says what to do with it: '' keeps the one in force (it is left out
// of the request), null removes it (""), any other text replaces it.

/** The sections in the order the screen shows them; each is also the anchor of its card (`#model`). */
export const SECTION_ORDER = ['general', 'model', 'pricing', 'mail', 'twilio', 'elevenlabs', 'transcription', 'gemini', 'stripe', 'limits', 'features'] as const satisfies readonly SectionName[];

/** The integration a section's "Test connection" tries, if it has one. */
export const INTEGRATION_OF: Record<SectionName, Integration | null> = {
  general: null,
  model: 'model',
  mail: 'mail',
  twilio: 'twilio',
  elevenlabs: 'elevenlabs',
  transcription: 'transcription',
  gemini: 'gemini',
  stripe: 'stripe',
  limits: null,
  features: null,
  pricing: null,
};

/** The schema's messages: keys of the `admin` namespace. */
export const V = {
  required: 'configuration.validation.required',
  url: 'configuration.validation.url',
  email: 'configuration.validation.email',
  sender: 'configuration.validation.sender',
  smtpUrl: 'configuration.validation.smtpUrl',
  accountSid: 'configuration.validation.accountSid',
  phone: 'configuration.validation.phone',
  stripeSecretKey: 'configuration.validation.stripeSecretKey',
  stripePublishableKey: 'configuration.validation.stripePublishableKey',
  stripeWebhookSecret: 'configuration.validation.stripeWebhookSecret',
  number: 'configuration.validation.number',
  integer: 'configuration.validation.integer',
  range: 'configuration.validation.range',
  tooLong: 'configuration.validation.tooLong',
  controlChars: 'configuration.validation.controlChars',
  price: 'configuration.validation.price',
  duplicateModel: 'configuration.validation.duplicateModel',
  modelName: 'configuration.validation.modelName',
  tooManyModels: 'configuration.validation.tooManyModels',
} as const;

/** The longest text the server takes in a setting. */
const TEXT_MAX = 2048;

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
};
const ADDRESS = /^[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+$/;
const isSender = (v: string) => ADDRESS.test(v) || /^[^<>]*<\s*[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+\s*>$/.test(v);
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

const text = z.string().trim().max(TEXT_MAX, V.tooLong);
const optionalUrl = text.refine((v) => v === '' || isHttpUrl(v), V.url);
/** A secret as typed: checked only when something was typed (`check`: what a value must look like). */
const secret = (check?: { test: (v: string) => boolean; message: string }) =>
  z
    .string()
    .nullable()
    .refine((v) => !v?.trim() || v.trim().length <= TEXT_MAX, V.tooLong)
    .refine((v) => !v?.trim() || !CONTROL.test(v.trim()), V.controlChars)
    .refine((v) => !v?.trim() || !check || check.test(v.trim()), check?.message ?? V.required);

/** `out` with each secret that changes: typed (its new value) or removed (""); the others are left out, so they are kept. */
function withSecrets<T extends object, K extends string>(out: T, secrets: Record<K, SecretValue>): T & Partial<Record<K, string>> {
  const sent: Partial<Record<K, string>> = {};
  for (const key of Object.keys(secrets) as K[]) {
    const value = secretInput(secrets[key]);
    if (value !== undefined) sent[key] = value;
  }
  return { ...out, ...sent };
}
const orNull = (v: string) => v.trim() || null;

/** A section's form: its schema, its values from the settings in force and what a save sends. */
export type SectionForm<N extends SectionName, Values extends FieldValues> = {
  schema: z.ZodType<Values, Values>;
  toForm: (current: Settings[N]) => Values;
  toInput: (values: Values, current: Settings[N]) => NonNullable<SavedSettings[N]>;
  /** The form's fields; the server's `section.field` names them, unless `fieldMap` renames them. */
  fields: readonly Path<Values>[];
  fieldMap?: Partial<Record<string, Path<Values>>>;
  /** Server field names that depend on the values (a row named by its model: `pricing.models.gpt-4o.inputPerMillion`). */
  serverFields?: (values: Values) => Partial<Record<string, Path<Values>>>;
};

/** The request body that saves (or tests) one section. */
export function sectionBody<N extends SectionName>(name: N, input: NonNullable<SavedSettings[N]>): SavedSettings {
  // A computed key loses its link to the value's type; `input` is that section's by the signature.
  return { [name]: input } as SavedSettings;
}

/** The server's field names (`model.baseUrl`) as the form's. */
export function serverFieldMap<Values extends FieldValues>(name: SectionName, form: Pick<SectionForm<SectionName, Values>, 'fields' | 'fieldMap'>) {
  const map: Partial<Record<string, Path<Values>>> = {};
  for (const f of form.fields) map[`${name}.${f}`] = f;
  return { ...map, ...form.fieldMap };
}

// ---------------------------------------------------------------------------------------------

export type GeneralValues = { publicUrl: string; signupOpen: boolean; operatorEmail: string };
export const GENERAL: SectionForm<'general', GeneralValues> = {
  schema: z.object({
    publicUrl: text.min(1, V.required).refine(isHttpUrl, V.url),
    signupOpen: z.boolean(),
    operatorEmail: text.refine((v) => v === '' || ADDRESS.test(v), V.email),
  }),
  toForm: (s) => ({ publicUrl: s.publicUrl, signupOpen: s.signupOpen, operatorEmail: s.operatorEmail ?? '' }),
  toInput: (v) => ({ publicUrl: v.publicUrl.trim(), signupOpen: v.signupOpen, operatorEmail: orNull(v.operatorEmail) }),
  fields: ['publicUrl', 'signupOpen', 'operatorEmail'],
};

export type ModelValues = { provider: ModelProvider; baseUrl: string; apiKey: SecretValue; model: string };
export const MODEL: SectionForm<'model', ModelValues> = {
  schema: z.object({
    provider: z.enum(['builtin', 'openai', 'gemini']),
    baseUrl: optionalUrl,
    apiKey: secret(),
    model: z.string().trim().max(200, V.tooLong),
  }),
  toForm: (s) => ({ provider: s.provider, baseUrl: s.baseUrl ?? '', apiKey: '', model: s.model ?? '' }),
  toInput: (v) => withSecrets({ provider: v.provider, baseUrl: orNull(v.baseUrl), model: orNull(v.model) }, { apiKey: v.apiKey }),
  fields: ['provider', 'baseUrl', 'apiKey', 'model'],
};

export type MailValues = { smtpUrl: SecretValue; from: string };
export const MAIL: SectionForm<'mail', MailValues> = {
  schema: z.object({
    smtpUrl: secret({ test: (v) => /^smtps?:\/\/\S+$/.test(v), message: V.smtpUrl }),
    from: text.min(1, V.required).refine(isSender, V.sender),
  }),
  toForm: (s) => ({ smtpUrl: '', from: s.from }),
  toInput: (v) => withSecrets({ from: v.from.trim() }, { smtpUrl: v.smtpUrl }),
  fields: ['smtpUrl', 'from'],
};

export type TwilioValues = { accountSid: string; authToken: SecretValue; phoneNumber: string; baseUrl: string };
export const TWILIO: SectionForm<'twilio', TwilioValues> = {
  schema: z.object({
    accountSid: text.refine((v) => v === '' || /^AC[0-9a-fA-F]{32}$/.test(v), V.accountSid),
    authToken: secret(),
    phoneNumber: text.refine((v) => v === '' || /^\+[1-9]\d{6,14}$/.test(v), V.phone),
    baseUrl: optionalUrl,
  }),
  toForm: (s) => ({ accountSid: s.accountSid ?? '', authToken: '', phoneNumber: s.phoneNumber ?? '', baseUrl: s.baseUrl ?? '' }),
  toInput: (v) => withSecrets({ accountSid: orNull(v.accountSid), phoneNumber: orNull(v.phoneNumber), baseUrl: orNull(v.baseUrl) }, { authToken: v.authToken }),
  fields: ['accountSid', 'authToken', 'phoneNumber', 'baseUrl'],
};

export type KeyValues = { apiKey: SecretValue; baseUrl: string };
/** ElevenLabs and Gemini: an API key and the service's address. */
export const KEY_SECTION: SectionForm<'elevenlabs' | 'gemini', KeyValues> = {
  schema: z.object({ apiKey: secret(), baseUrl: optionalUrl }),
  toForm: (s) => ({ apiKey: '', baseUrl: s.baseUrl ?? '' }),
  toInput: (v) => withSecrets({ baseUrl: orNull(v.baseUrl) }, { apiKey: v.apiKey }),
  fields: ['apiKey', 'baseUrl'],
};

export type TranscriptionValues = { apiKey: SecretValue; baseUrl: string; model: string };
/** Speech to text for voice messages: any OpenAI-compatible `/audio/transcriptions` endpoint, its key and model. */
export const TRANSCRIPTION: SectionForm<'transcription', TranscriptionValues> = {
  schema: z.object({ apiKey: secret(), baseUrl: optionalUrl, model: z.string().trim().max(200, V.tooLong) }),
  toForm: (s) => ({ apiKey: '', baseUrl: s.baseUrl ?? '', model: s.model ?? '' }),
  toInput: (v) => withSecrets({ baseUrl: orNull(v.baseUrl), model: orNull(v.model) }, { apiKey: v.apiKey }),
  fields: ['apiKey', 'baseUrl', 'model'],
};

export type StripeValues = { secretKey: SecretValue; publishableKey: string; webhookSecret: SecretValue; baseUrl: string };
export const STRIPE: SectionForm<'stripe', StripeValues> = {
  schema: z.object({
    secretKey: secret({ test: (v) => v.startsWith('sk_') || v.startsWith('rk_'), message: V.stripeSecretKey }),
    publishableKey: z
      .string()
      .trim()
      .max(256, V.tooLong)
      .refine((v) => v === '' || v.startsWith('pk_'), V.stripePublishableKey),
    webhookSecret: secret({ test: (v) => v.startsWith('whsec_'), message: V.stripeWebhookSecret }),
    baseUrl: optionalUrl,
  }),
  toForm: (s) => ({ secretKey: '', publishableKey: s.publishableKey ?? '', webhookSecret: '', baseUrl: s.baseUrl ?? '' }),
  toInput: (v) =>
    withSecrets({ publishableKey: orNull(v.publishableKey), baseUrl: orNull(v.baseUrl) }, { secretKey: v.secretKey, webhookSecret: v.webhookSecret }),
  fields: ['secretKey', 'publishableKey', 'webhookSecret', 'baseUrl'],
};

/** A limit's bounds, in the unit the server counts (bytes, requests, characters). */
export type Bounds = { min: number; max: number };
export const LIMIT_BOUNDS = {
  uploadMaxBytes: { min: 1024, max: 1024 * MB },
  knowledgeQuotaBytes: { min: MB, max: 16 * 1024 * 1024 * MB },
  rateLimitAuthPerIp: { min: 1, max: 1_000_000 },
  rateLimitAuthPerEmail: { min: 1, max: 1_000_000 },
  rateLimitApiKeyPerMinute: { min: 1, max: 1_000_000 },
  messageMaxChars: { min: 100, max: 32_000 },
} as const satisfies Record<keyof Settings['limits'], Bounds>;

export type LimitsValues = {
  uploadMaxMb: string;
  knowledgeQuotaMb: string;
  rateLimitAuthPerIp: string;
  rateLimitAuthPerEmail: string;
  rateLimitApiKeyPerMinute: string;
  messageMaxChars: string;
};
const isNumber = (v: string) => v.trim() !== '' && Number.isFinite(Number(v));
/** A size typed in megabytes, checked in bytes against the server's bounds. */
const megabytes = ({ min, max }: Bounds) =>
  z
    .string()
    .trim()
    .min(1, V.required)
    .refine(isNumber, V.number)
    .refine((v) => !isNumber(v) || (mbToBytes(v) >= min && mbToBytes(v) <= max), V.range);
const whole = ({ min, max }: Bounds) =>
  z
    .string()
    .trim()
    .min(1, V.required)
    .refine(isNumber, V.number)
    .refine((v) => !isNumber(v) || Number.isInteger(Number(v)), V.integer)
    .refine((v) => !isNumber(v) || (Number(v) >= min && Number(v) <= max), V.range);
/** A size as sent: unchanged text keeps the exact bytes in force (a megabyte field rounds). */
const sizeInput = (typed: string, current: number) => (typed.trim() === bytesToMb(current) ? current : mbToBytes(typed));

export const LIMITS: SectionForm<'limits', LimitsValues> = {
  schema: z.object({
    uploadMaxMb: megabytes(LIMIT_BOUNDS.uploadMaxBytes),
    knowledgeQuotaMb: megabytes(LIMIT_BOUNDS.knowledgeQuotaBytes),
    rateLimitAuthPerIp: whole(LIMIT_BOUNDS.rateLimitAuthPerIp),
    rateLimitAuthPerEmail: whole(LIMIT_BOUNDS.rateLimitAuthPerEmail),
    rateLimitApiKeyPerMinute: whole(LIMIT_BOUNDS.rateLimitApiKeyPerMinute),
    messageMaxChars: whole(LIMIT_BOUNDS.messageMaxChars),
  }),
  toForm: (s) => ({
    uploadMaxMb: bytesToMb(s.uploadMaxBytes),
    knowledgeQuotaMb: bytesToMb(s.knowledgeQuotaBytes),
    rateLimitAuthPerIp: String(s.rateLimitAuthPerIp),
    rateLimitAuthPerEmail: String(s.rateLimitAuthPerEmail),
    rateLimitApiKeyPerMinute: String(s.rateLimitApiKeyPerMinute),
    messageMaxChars: String(s.messageMaxChars),
  }),
  toInput: (v, current) => ({
    uploadMaxBytes: sizeInput(v.uploadMaxMb, current.uploadMaxBytes),
    knowledgeQuotaBytes: sizeInput(v.knowledgeQuotaMb, current.knowledgeQuotaBytes),
    rateLimitAuthPerIp: Number(v.rateLimitAuthPerIp),
    rateLimitAuthPerEmail: Number(v.rateLimitAuthPerEmail),
    rateLimitApiKeyPerMinute: Number(v.rateLimitApiKeyPerMinute),
    messageMaxChars: Number(v.messageMaxChars),
  }),
  fields: ['uploadMaxMb', 'knowledgeQuotaMb', 'rateLimitAuthPerIp', 'rateLimitAuthPerEmail', 'rateLimitApiKeyPerMinute', 'messageMaxChars'],
  fieldMap: { 'limits.uploadMaxBytes': 'uploadMaxMb', 'limits.knowledgeQuotaBytes': 'knowledgeQuotaMb' },
};

export type FeaturesValues = Settings['features'];
export const FEATURES: SectionForm<'features', FeaturesValues> = {
  schema: z.object({ fileUpload: z.boolean(), collaboration: z.boolean(), voiceProvider: z.boolean() }),
  toForm: (s) => ({ fileUpload: s.fileUpload, collaboration: s.collaboration, voiceProvider: s.voiceProvider }),
  toInput: (v) => ({ fileUpload: v.fileUpload, collaboration: v.collaboration, voiceProvider: v.voiceProvider }),
  fields: ['fileUpload', 'collaboration', 'voiceProvider'],
};

// ---------------------------------------------------------------------------------------------

/** The price table's bounds, as the server checks them. */
export const PRICING_BOUNDS = { maxModels: 200, maxPrice: 100_000, maxName: 200 } as const;

export type PriceRow = { name: string; inputPerMillion: string; outputPerMillion: string };
export type PricingValues = { models: PriceRow[] };

/** A price as typed: a dot or a comma for the decimals ("2.50", "2,50"). */
export const parsePrice = (v: string) => Number(v.trim().replace(',', '.'));
const price = z
  .string()
  .trim()
  .min(1, V.required)
  .refine((v) => Number.isFinite(parsePrice(v)), V.number)
  .refine((v) => !Number.isFinite(parsePrice(v)) || (parsePrice(v) >= 0 && parsePrice(v) <= PRICING_BOUNDS.maxPrice), V.price);

/** A price as the form shows it: as the server keeps it ("0.15", "10"). */
const priceText = (v: number) => String(v);

export const PRICING: SectionForm<'pricing', PricingValues> = {
  schema: z.object({
    models: z
      .array(
        z.object({
          name: z
            .string()
            .trim()
            .min(1, V.required)
            .max(PRICING_BOUNDS.maxName, V.modelName)
            .refine((v) => !CONTROL.test(v), V.modelName),
          inputPerMillion: price,
          outputPerMillion: price,
        }),
      )
      .max(PRICING_BOUNDS.maxModels, V.tooManyModels)
      .superRefine((rows, ctx) => {
        // Each model once: the table is keyed by name.
        const seen = new Set<string>();
        rows.forEach((row, i) => {
          const name = row.name.trim();
          if (name && seen.has(name)) ctx.addIssue({ code: 'custom', message: V.duplicateModel, path: [i, 'name'] });
          seen.add(name);
        });
      }),
  }),
  toForm: (s) => ({
    models: Object.entries(s.models).map(([name, p]) => ({ name, inputPerMillion: priceText(p.inputPerMillion), outputPerMillion: priceText(p.outputPerMillion) })),
  }),
  toInput: (v) => ({
    models: Object.fromEntries(v.models.map((r) => [r.name.trim(), { inputPerMillion: parsePrice(r.inputPerMillion), outputPerMillion: parsePrice(r.outputPerMillion) }])),
  }),
  fields: ['models'],
  fieldMap: { 'pricing.models': 'models' },
  // The server names a row by its model: `pricing.models.<name>` and `.inputPerMillion` / `.outputPerMillion` under it.
  serverFields: (v) => {
    const map: Partial<Record<string, Path<PricingValues>>> = {};
    v.models.forEach((row, i) => {
      const base = `pricing.models.${row.name.trim()}`;
      map[base] = `models.${i}.name`;
      map[`${base}.inputPerMillion`] = `models.${i}.inputPerMillion`;
      map[`${base}.outputPerMillion`] = `models.${i}.outputPerMillion`;
    });
    return map;
  },
};
