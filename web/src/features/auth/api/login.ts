import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { readAuthResult, type AuthResult } from '@/features/auth/api/auth-response';

export type LoginInput = { email: string; password: string };

export const LOGIN_FAILED = 'Login failed';

export async function login(input: LoginInput): Promise<AuthResult> {
  const payload = await api.raw('POST', '/auth/login', input, { defaultMessage: LOGIN_FAILED });
  return readAuthResult(payload);
}

export function useLogin(onSuccess: (result: AuthResult) => void) {
  return useMutation({ mutationFn: login, onSuccess });
}
