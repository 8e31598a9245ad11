import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLogin } from '@/features/auth/api/login';
import type { AuthResult } from '@/features/auth/api/auth-response';
import { emailField, passwordField, useFieldMessage } from '@/lib/account-validation';

const schema = z.object({ email: emailField, password: passwordField });
type Values = z.infer<typeof schema>;

export function LoginForm({ onSuccess }: { onSuccess: (result: AuthResult) => void }) {
  const { t } = useTranslation('login');
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '', password: '' } });
  const mutation = useLogin(onSuccess);
  const msg = useFieldMessage();

  const submit = handleSubmit((values) => {
    setServerError(null);
    mutation.mutate(values, {
      onError: (e) => {
        if (!applyServerFieldErrors(e, setError, ['email', 'password'])) setServerError(msg(e.message) ?? e.message);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {serverError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300">
          {serverError}
        </p>
      ) : null}
      <FormField label={t('fields.email')} type="email" autoComplete="email" error={msg(formState.errors.email?.message)} {...register('email')} />
      <FormField label={t('fields.password')} type="password" autoComplete="current-password" error={msg(formState.errors.password?.message)} {...register('password')} />
      <div className="flex justify-end">
        <Link to="/forgot-password" className="text-sm text-accent-600 hover:underline dark:text-accent-400">
          {t('signIn.forgot')}
        </Link>
      </div>
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
        {t('signIn.submit')}
      </Button>
    </form>
  );
}
