import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { readAuthResult, type AuthResult } from '@/features/auth/api/auth-response';
import type { components } from '@/lib/api-types';

export type LoginInput = Required<components['schemas']['LoginIn']>;

export const LOGIN_FAILED = 'Login failed';

export async function login(input: LoginInput): Promise<AuthResult> {
  const payload = await api.raw('post', '/auth/login', { body: input, defaultMessage: LOGIN_FAILED });
  return readAuthResult(payload);
}

/** Signs in with the session's loading flag raised while the call runs. */
export function useLogin(onSuccess: (result: AuthResult) => void) {
  const { track } = useAuth();
  return useMutation({ mutationFn: (input: LoginInput) => track(login(input)), onSuccess });
}
