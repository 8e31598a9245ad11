import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { readAuthResult, type AuthResult } from '@/features/auth/api/auth-response';

export type RegisterInput = { email: string; password: string; firstName: string; lastName: string };

export const REGISTRATION_FAILED = 'Registration failed';

export async function register(input: RegisterInput): Promise<AuthResult> {
  const payload = await api.raw('POST', '/auth/register', input, { defaultMessage: REGISTRATION_FAILED });
  return readAuthResult(payload);
}

export function useRegister(onSuccess: (result: AuthResult) => void) {
  return useMutation({ mutationFn: register, onSuccess });
}
