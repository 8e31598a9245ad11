import { z } from 'zod';

/**
 * Generic validation messages of the specification. They are message keys too: the form
 * shows t(`validation.${message}`) with the English text as the key's value.
 */
export const MESSAGES = {
  required: 'Required',
  invalidEmail: 'Invalid email',
  min8: 'String must contain at least 8 character(s)',
} as const;

export const MESSAGE_KEYS: Record<string, string> = {
  [MESSAGES.required]: 'validation.required',
  [MESSAGES.invalidEmail]: 'validation.invalidEmail',
  [MESSAGES.min8]: 'validation.min8',
};

export const emailField = z.string().trim().min(1, MESSAGES.required).pipe(z.email(MESSAGES.invalidEmail));
export const passwordField = z.string().min(1, MESSAGES.required).min(8, MESSAGES.min8);
