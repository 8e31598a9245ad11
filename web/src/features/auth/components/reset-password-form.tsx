import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useResetPassword } from '@/features/auth/api/password';
import { MESSAGES, passwordField, useFieldMessage } from '@/lib/account-validation';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';

const schema = z
  .object({ newPassword: passwordField, confirmPassword: z.string().min(1, MESSAGES.required) })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MESSAGES.passwordsDiffer, path: ['confirmPassword'] });
type Values = z.infer<typeof schema>;

/** Sets a new password with the token from the emailed link. */
export function ResetPasswordForm({ token, onSuccess }: { token: string; onSuccess: () => void }) {
  const { t } = useTranslation('login');
  const msg = useFieldMessage();
  const [serverError, setServerError] = useState<{ message: string; invalidLink: boolean } | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const mutation = useResetPassword();

  const submit = handleSubmit(({ newPassword }) => {
    setServerError(null);
    mutation.mutate(
      { token, newPassword },
      {
        onSuccess,
        onError: (e) => {
          if (applyServerFieldErrors(e, setError, ['newPassword'])) return;
          const invalidLink = e instanceof ApiError && (e.code === 'invalid_token' || e.errors.some((f) => f.field === 'token'));
          setServerError({ message: invalidLink ? t('resetPassword.invalidLink') : (msg(e.message) ?? e.message), invalidLink });
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {serverError ? (
        <Notice
          tone="error"
          action={
            serverError.invalidLink ? (
              <Link to="/forgot-password" className="font-medium underline">
                {t('resetPassword.requestNew')}
              </Link>
            ) : undefined
          }
        >
          {serverError.message}
        </Notice>
      ) : null}
      <FormField
        label={t('fields.newPassword')}
        type="password"
        autoComplete="new-password"
        error={msg(formState.errors.newPassword?.message)}
        {...register('newPassword')}
      />
      <FormField
        label={t('fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={msg(formState.errors.confirmPassword?.message)}
        {...register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
        {t('resetPassword.submit')}
      </Button>
    </form>
  );
}
