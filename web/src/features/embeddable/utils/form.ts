import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { WidgetIcon, WidgetPosition, WidgetSettings } from '@/features/embeddable/api/widget';
import { enumValues } from '@/lib/api-enums';
import type { KeyOf } from '@/types/i18n-keys';

// The widget's form: the settings document with its lists as rows ({ value }) for useFieldArray,
// and the avatar's URL as text. Messages are keys of the `dashboard` namespace; the limits are the
// server's (crates/domain/src/widget.rs).

export const POSITIONS = enumValues<WidgetPosition>({ 'bottom-right': true, 'bottom-left': true });
export const ICONS = enumValues<WidgetIcon>({ chat: true, help: true, sparkle: true });

export const ORIGINS_MAX = 50;
export const QUESTIONS_MAX = 5;
export const QUESTION_MAX_CHARS = 120;
export const TITLE_MAX_CHARS = 60;
export const GREETING_MAX_CHARS = 500;
export const RATE_MAX = 600;

/**
 * Whether `text` is an origin as browsers send it: http(s), a host, a port if needed, and no path,
 * query, fragment or credentials (a trailing `/` is allowed: the server drops it).
 */
export function isOrigin(text: string): boolean {
  if (!/^https?:\/\/[^/?#\s]+\/?$/i.test(text)) return false;
  try {
    const url = new URL(text);
    return url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

const rate = z
  .number({ error: 'embeddable.validation.rate' })
  .int('embeddable.validation.rate')
  .min(1, 'embeddable.validation.rate')
  .max(RATE_MAX, 'embeddable.validation.rate');

export const widgetSchema = z.object({
  enabled: z.boolean(),
  allowedOrigins: z
    .array(z.object({ value: z.string().trim().refine((v) => v === '' || isOrigin(v), 'embeddable.validation.origin') }))
    .max(ORIGINS_MAX, 'embeddable.validation.tooManyOrigins'),
  color: z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, 'embeddable.validation.color'),
  position: z.enum(POSITIONS),
  icon: z.enum(ICONS),
  title: z.string().trim().max(TITLE_MAX_CHARS, 'embeddable.validation.titleTooLong'),
  avatarUrl: z
    .string()
    .trim()
    .refine((v) => v === '' || /^https:\/\/[^\s/?#]+[^\s]*$/i.test(v), 'embeddable.validation.avatarUrl'),
  greeting: z.string().trim().max(GREETING_MAX_CHARS, 'embeddable.validation.greetingTooLong'),
  suggestedQuestions: z
    .array(z.object({ value: z.string().trim().max(QUESTION_MAX_CHARS, 'embeddable.validation.questionTooLong') }))
    .max(QUESTIONS_MAX, 'embeddable.validation.tooManyQuestions'),
  visitorMessagesPerMinute: rate,
  ipMessagesPerMinute: rate,
});
export type WidgetValues = z.infer<typeof widgetSchema>;

/** The form's values for the settings as saved. */
export function toForm(s: WidgetSettings): WidgetValues {
  return {
    enabled: s.enabled,
    allowedOrigins: s.allowedOrigins.map((value) => ({ value })),
    color: s.color,
    position: s.position,
    icon: s.icon,
    title: s.title,
    avatarUrl: s.avatarUrl ?? '',
    greeting: s.greeting,
    suggestedQuestions: s.suggestedQuestions.map((value) => ({ value })),
    visitorMessagesPerMinute: s.visitorMessagesPerMinute,
    ipMessagesPerMinute: s.ipMessagesPerMinute,
  };
}

/** The fields the server may name outside the lists. */
const PLAIN_FIELDS = ['enabled', 'allowedOrigins', 'color', 'position', 'icon', 'title', 'avatarUrl', 'greeting', 'suggestedQuestions', 'visitorMessagesPerMinute', 'ipMessagesPerMinute'] as const;

/**
 * What a save sends (the whole document; empty rows left out) and where the server's field errors
 * go: its `allowedOrigins.2` is the third origin sent, which is the form's row it came from.
 */
export function toSettings(v: WidgetValues): { settings: WidgetSettings; fieldMap: Record<string, Path<WidgetValues>>; fields: Path<WidgetValues>[] } {
  const fieldMap: Record<string, Path<WidgetValues>> = {};
  const rows = (list: { value: string }[], name: 'allowedOrigins' | 'suggestedQuestions') =>
    list
      .map((row, i) => ({ text: row.value.trim(), i }))
      .filter((row) => row.text !== '')
      .map((row, sent) => {
        fieldMap[`${name}.${sent}`] = `${name}.${row.i}.value`;
        return row.text;
      });
  const settings: WidgetSettings = {
    enabled: v.enabled,
    allowedOrigins: rows(v.allowedOrigins, 'allowedOrigins'),
    color: v.color.trim().toLowerCase(),
    position: v.position,
    icon: v.icon,
    title: v.title.trim(),
    avatarUrl: v.avatarUrl.trim() || null,
    greeting: v.greeting.trim(),
    suggestedQuestions: rows(v.suggestedQuestions, 'suggestedQuestions'),
    visitorMessagesPerMinute: v.visitorMessagesPerMinute,
    ipMessagesPerMinute: v.ipMessagesPerMinute,
  };
  return { settings, fieldMap, fields: [...PLAIN_FIELDS, ...Object.values(fieldMap)] };
}

/** The server's field messages we know, by their English text (crates/domain/src/widget.rs). */
const KNOWN: Record<string, KeyOf<'dashboard'>> = {
  'An origin is a scheme and a host, with a port if needed: https://shop.example.com': 'embeddable.validation.origin',
  'A colour is # and six hexadecimal digits, such as #4f46e5': 'embeddable.validation.color',
  'Must be an https:// image URL': 'embeddable.validation.avatarUrl',
  'From 1 to 600': 'embeddable.validation.rate',
  'At most 50 origins': 'embeddable.validation.tooManyOrigins',
  'At most 5 suggested questions': 'embeddable.validation.tooManyQuestions',
};

/** Translates our own messages (`embeddable.validation.*`) and the server's we know; any other shows as it is. */
export function useWidgetMessage() {
  const { t } = useTranslation('dashboard');
  return (m?: string): string | undefined => {
    if (!m) return undefined;
    if (m.startsWith('embeddable.validation.')) return t(m as KeyOf<'dashboard'>, { max: maxOf(m) });
    return KNOWN[m] ? t(KNOWN[m], { max: maxOf(KNOWN[m]) }) : m;
  };
}

/** The limit a "too long" or "too many" message names. */
function maxOf(key: string): number | undefined {
  if (key.endsWith('titleTooLong')) return TITLE_MAX_CHARS;
  if (key.endsWith('greetingTooLong')) return GREETING_MAX_CHARS;
  if (key.endsWith('questionTooLong')) return QUESTION_MAX_CHARS;
  if (key.endsWith('tooManyOrigins')) return ORIGINS_MAX;
  if (key.endsWith('tooManyQuestions')) return QUESTIONS_MAX;
  if (key.endsWith('.rate')) return RATE_MAX;
  return undefined;
}

/** The dashboard's own origin, as the preview's page sends it (its `Origin`). */
export const dashboardOrigin = () => window.location.origin;
