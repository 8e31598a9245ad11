import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { applyServerFieldErrors } from '@/lib/form-errors';
import type { AuthResult } from '@/features/auth/api/auth-response';
import { useRegister } from '@/features/auth/api/register';
import { emailField, MESSAGES, passwordField, useFieldMessage } from '@/lib/account-validation';
import { splitFullName } from '@/features/auth/utils/split-full-name';

const schema = z.object({ fullName: z.string().trim().min(1, MESSAGES.required), email: emailField, password: passwordField });
type Values = z.infer<typeof schema>;

export function SignupForm({ onSuccess }: { onSuccess: (result: AuthResult) => void }) {
  const { t } = useTranslation('login');
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { fullName: '', email: '', password: '' } });
  const mutation = useRegister(onSuccess);
  const msg = useFieldMessage();

  const submit = handleSubmit(({ fullName, email, password }) => {
    setServerError(null);
    mutation.mutate({ email, password, ...splitFullName(fullName) }, {
      onError: (e) => {
        if (!applyServerFieldErrors(e, setError, ['fullName', 'email', 'password'], { firstName: 'fullName', lastName: 'fullName' })) setServerError(msg(e.message) ?? e.message);
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
      <FormField label={t('fields.fullName')} autoComplete="name" error={msg(formState.errors.fullName?.message)} {...register('fullName')} />
      <FormField label={t('fields.email')} type="email" autoComplete="email" error={msg(formState.errors.email?.message)} {...register('email')} />
      <FormField label={t('fields.password')} type="password" autoComplete="new-password" error={msg(formState.errors.password?.message)} {...register('password')} />
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
        {t('signUp.submit')}
      </Button>
    </form>
  );
}
