import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { charCount, unsafeName } from '@/lib/text';
import type { KeyOf } from '@/types/i18n-keys';

// The contact form's fields. Messages are keys of the `home` namespace; the limits are the
// server's (crates/server/src/contact.rs), counted as it counts them (Unicode characters, trimmed).

export const CONTACT_LIMITS = { name: 100, email: 254, company: 100, subject: 200, message: 5000 } as const;
export type LimitedField = keyof typeof CONTACT_LIMITS;

const REQUIRED = 'contact.validation.required';
const TOO_LONG = 'contact.validation.tooLong';

const text = (max: number) => z.string().trim().refine((v) => charCount(v) <= max, TOO_LONG);
const requiredText = (max: number) => z.string().trim().min(1, REQUIRED).refine((v) => charCount(v) <= max, TOO_LONG);

export const contactSchema = z.object({
  name: requiredText(CONTACT_LIMITS.name).refine((v) => !unsafeName(v), 'contact.validation.nameCharacters'),
  email: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .pipe(z.email('contact.validation.invalidEmail').max(CONTACT_LIMITS.email, 'contact.validation.invalidEmail')),
  company: text(CONTACT_LIMITS.company),
  subject: requiredText(CONTACT_LIMITS.subject),
  message: requiredText(CONTACT_LIMITS.message),
  // The hidden field people leave empty; whatever is in it is sent as it is.
  website: z.string(),
});
export type ContactValues = z.infer<typeof contactSchema>;
export const CONTACT_FIELDS = ['name', 'email', 'company', 'subject', 'message'] as const;

/** The server's field messages we know (crates/domain), by their English text. */
const SERVER_TOO_LONG = /^String must contain at most (\d+) character\(s\)$/;
const KNOWN: Record<string, KeyOf<'home'>> = {
  Required: REQUIRED,
  'Invalid email': 'contact.validation.invalidEmail',
  'Names cannot contain control or text-direction characters': 'contact.validation.nameCharacters',
};

/**
 * Translates a field's message: our schema's keys (`contact.validation.*`, "too long" with the
 * field's limit) and the server's known messages; any other message of the server shows as it is.
 */
export function useContactMessage() {
  const { t } = useTranslation('home');
  return (field: LimitedField, m?: string): string | undefined => {
    if (!m) return undefined;
    if (m === TOO_LONG) return t(TOO_LONG, { count: CONTACT_LIMITS[field] });
    if (m.startsWith('contact.validation.')) return t(m as KeyOf<'home'>);
    const tooLong = SERVER_TOO_LONG.exec(m);
    if (tooLong) return t(TOO_LONG, { count: Number(tooLong[1]) });
    return KNOWN[m] ? t(KNOWN[m]) : m;
  };
}
