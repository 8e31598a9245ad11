import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { MESSAGES, passwordField, useFieldMessage } from '@/lib/account-validation';
import { useUpdateProfile } from '@/features/settings/api/profile';
import { normalizeUser, useAuth } from '@/lib/auth';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';

const schema = z
  .object({ currentPassword: z.string().min(1, MESSAGES.required), newPassword: passwordField, confirmPassword: z.string().min(1, MESSAGES.required) })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MESSAGES.passwordsDiffer, path: ['confirmPassword'] });
type Values = z.infer<typeof schema>;
const FIELDS = ['currentPassword', 'newPassword'] as const;

/** Changes the password; the server signs out every other session and hands this one a new pair. */
export function PasswordForm() {
  const { t } = useTranslation('dashboard');
  const msg = useFieldMessage();
  const { setSession } = useAuth();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const mutation = useUpdateProfile();

  const submit = handleSubmit(({ currentPassword, newPassword }) => {
    setServerError(null);
    mutation.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (out) => {
          const session = out.session;
          const user = normalizeUser(session?.user ?? out.user);
          if (session && user) setSession({ token: session.token, refreshToken: session.refreshToken, expiresIn: session.expiresIn, user });
          reset();
          toast({ title: t('settings.password.changed'), description: t('settings.password.otherSessions'), status: 'success' });
        },
        onError: (e) => {
          if (!applyServerFieldErrors(e, setError, FIELDS)) setServerError(msg(e.message) ?? e.message);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {serverError ? <Notice tone="error">{serverError}</Notice> : null}
      <FormField
        label={t('settings.fields.currentPassword')}
        type="password"
        autoComplete="current-password"
        error={msg(formState.errors.currentPassword?.message)}
        {...register('currentPassword')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('settings.fields.newPassword')} type="password" autoComplete="new-password" error={msg(formState.errors.newPassword?.message)} {...register('newPassword')} />
        <FormField
          label={t('settings.fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={msg(formState.errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
          {t('settings.password.submit')}
        </Button>
      </div>
    </form>
  );
}
