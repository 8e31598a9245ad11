import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useForgotPassword } from '@/features/auth/api/password';
import { emailField, useFieldMessage } from '@/lib/account-validation';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useMailOutbox } from '@/lib/system';

const schema = z.object({ email: emailField });
type Values = z.infer<typeof schema>;

/** Asks for a reset link and shows the server's answer, which is the same for every address. */
export function ForgotPasswordForm() {
  const { t } = useTranslation('login');
  const msg = useFieldMessage();
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const mutation = useForgotPassword();
  const noMail = useMailOutbox();

  const submit = handleSubmit(({ email }) => {
    setServerError(null);
    mutation.mutate(email, {
      onSuccess: (data) => setSent(data?.message || t('forgotPassword.sent')),
      onError: (e) => {
        if (!applyServerFieldErrors(e, setError, ['email'])) setServerError(msg(e.message) ?? e.message);
      },
    });
  });

  // Without a mail server no reset email goes out: say who can help instead of "check your inbox".
  if (sent && noMail) return <Notice tone="warning">{t('forgotPassword.noMail')}</Notice>;
  if (sent) {
    return (
      <Notice tone="success">
        <p>{sent}</p>
        <p className="mt-1 opacity-80">{t('forgotPassword.checkInbox')}</p>
      </Notice>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {serverError ? <Notice tone="error">{serverError}</Notice> : null}
      <FormField label={t('fields.email')} type="email" autoComplete="email" error={msg(formState.errors.email?.message)} {...register('email')} />
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
        {t('forgotPassword.submit')}
      </Button>
    </form>
  );
}
