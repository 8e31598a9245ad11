import { useTranslation } from 'react-i18next';
import { z } from 'zod';

// The account forms' fields and messages, shared by the `auth` forms (sign-in, sign-up, password
// reset) and the `settings` forms (profile, password, account deletion).

/**
 * Generic validation messages of the specification. They are message keys too: the form
 * shows t(`validation.${message}`) with the English text as the key's value.
 */
export const MESSAGES = {
  required: 'Required',
  invalidEmail: 'Invalid email',
  min8: 'String must contain at least 8 character(s)',
  passwordsDiffer: 'Passwords do not match',
} as const;

/** Messages (ours, and the server's known field messages) and their keys in the `login` namespace. */
export const MESSAGE_KEYS: Record<string, string> = {
  [MESSAGES.required]: 'validation.required',
  [MESSAGES.invalidEmail]: 'validation.invalidEmail',
  [MESSAGES.min8]: 'validation.min8',
  [MESSAGES.passwordsDiffer]: 'validation.passwordsDiffer',
  'An account with this email already exists': 'validation.emailTaken',
  'Current password is incorrect': 'validation.currentPasswordIncorrect',
  'Password is incorrect': 'validation.passwordIncorrect',
  'This link is invalid or has expired': 'validation.invalidLink',
  'Invalid email or password': 'validation.invalidCredentials',
  'Login failed': 'errors.loginFailed',
  'Registration failed': 'errors.registrationFailed',
  'Failed to send reset email': 'errors.forgotFailed',
  'Failed to reset password': 'errors.resetFailed',
  'An unexpected error occurred': 'errors.generic',
};

/** Translates a known message; anything else (a server message we do not know) shows as is. */
export function useFieldMessage() {
  const { t } = useTranslation('login');
  return (m?: string) => (m ? t(MESSAGE_KEYS[m] ?? '', { defaultValue: m }) : undefined);
}

export const emailField = z.string().trim().min(1, MESSAGES.required).pipe(z.email(MESSAGES.invalidEmail));
export const passwordField = z.string().min(1, MESSAGES.required).min(8, MESSAGES.min8);
