import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

type NoticeOut = components['schemas']['NoticeOut'];
type UserOut = components['schemas']['UserOut'];

export const FORGOT_PASSWORD_FAILED = 'Failed to send reset email';
export const RESET_PASSWORD_FAILED = 'Failed to reset password';

/** Asks for a reset link; the server answers the same for every address. */
export function forgotPassword(email: string): Promise<NoticeOut> {
  return api.post('/auth/forgot-password', { body: { email }, defaultMessage: FORGOT_PASSWORD_FAILED });
}

export function resetPassword(input: Required<components['schemas']['ResetPasswordIn']>): Promise<NoticeOut> {
  return api.post('/auth/reset-password', { body: input, defaultMessage: RESET_PASSWORD_FAILED });
}

export function verifyEmail(token: string): Promise<UserOut> {
  return api.post('/auth/verify-email', { body: { token } });
}

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

/**
 * Verifies the link's token once: a query (not an effect) so a remount or React's development
 * double-render does not spend the single-use token twice.
 */
export function useVerifyEmail(token: string) {
  return useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
