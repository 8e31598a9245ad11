import { useMutation } from '@tanstack/react-query';
import i18n from 'i18next';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { readAuthResult, type AuthResult } from '@/features/auth/api/auth-response';
import type { components } from '@/lib/api-types';
import { currentLanguage } from '@/lib/languages';

/** What the sign-up form gives; the app's language is added when it is sent. */
export type RegisterInput = Required<Omit<components['schemas']['RegisterIn'], 'language'>>;

export const REGISTRATION_FAILED = 'Registration failed';

export async function register(input: RegisterInput): Promise<AuthResult> {
  // The account's email is written in the language its owner signed up in.
  const body = { ...input, language: currentLanguage(i18n.language) };
  const payload = await api.raw('post', '/auth/register', { body, defaultMessage: REGISTRATION_FAILED });
  return readAuthResult(payload);
}

/** Registers with the session's loading flag raised while the call runs. */
export function useRegister(onSuccess: (result: AuthResult) => void) {
  const { track } = useAuth();
  return useMutation({ mutationFn: (input: RegisterInput) => track(register(input)), onSuccess });
}
