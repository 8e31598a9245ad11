import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { readAuthResult, type AuthResult } from '@/features/auth/api/auth-response';
import type { components } from '@/lib/api-types';

export type RegisterInput = Required<components['schemas']['RegisterIn']>;

export const REGISTRATION_FAILED = 'Registration failed';

export async function register(input: RegisterInput): Promise<AuthResult> {
  const payload = await api.raw('post', '/auth/register', { body: input, defaultMessage: REGISTRATION_FAILED });
  return readAuthResult(payload);
}

/** Registers with the session's loading flag raised while the call runs. */
export function useRegister(onSuccess: (result: AuthResult) => void) {
  const { track } = useAuth();
  return useMutation({ mutationFn: (input: RegisterInput) => track(register(input)), onSuccess });
}
