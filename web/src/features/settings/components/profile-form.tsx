import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { ResendVerificationButton } from '@/components/account/resend-verification';
import { emailField, MESSAGES, useFieldMessage } from '@/lib/account-validation';
import { useUpdateProfile, type ProfilePatch } from '@/features/settings/api/profile';
import { normalizeUser, useAuth, type User } from '@/lib/auth';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useMailOutbox } from '@/lib/system';
import { toast } from '@/lib/toast';

const schema = z.object({
  firstName: z.string().trim().min(1, MESSAGES.required),
  lastName: z.string().trim(),
  email: emailField,
  currentPassword: z.string(),
});
type Values = z.infer<typeof schema>;
const FIELDS = ['firstName', 'lastName', 'email', 'currentPassword'] as const;

/** Names and email; a new email asks for the current password. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation('dashboard');
  const msg = useFieldMessage();
  const { updateUser } = useAuth();
  // No mail server: the link never reached the user, so the notice says who can help instead.
  const noMail = useMailOutbox();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, control, reset } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { firstName: user.firstName ?? '', lastName: user.lastName ?? '', email: user.email, currentPassword: '' },
  });
  const mutation = useUpdateProfile();
  const email = useWatch({ control, name: 'email' });
  const emailChanged = email.trim().toLowerCase() !== user.email.toLowerCase();

  const submit = handleSubmit((values) => {
    setServerError(null);
    if (emailChanged && !values.currentPassword) {
      setError('currentPassword', { type: 'required', message: MESSAGES.required }, { shouldFocus: true });
      return;
    }
    const patch: ProfilePatch = { firstName: values.firstName, lastName: values.lastName };
    if (emailChanged) {
      patch.email = values.email;
      patch.currentPassword = values.currentPassword;
    }
    mutation.mutate(patch, {
      onSuccess: (out) => {
        const next = normalizeUser(out.user);
        if (next) {
          updateUser(next);
          reset({ firstName: next.firstName ?? '', lastName: next.lastName ?? '', email: next.email, currentPassword: '' });
        }
        toast({ title: t('settings.profile.saved'), status: 'success' });
      },
      onError: (e) => {
        if (!applyServerFieldErrors(e, setError, FIELDS)) setServerError(msg(e.message) ?? e.message);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {user.emailVerified === false ? (
        <Notice tone="warning" action={<ResendVerificationButton variant="secondary" />}>
          {noMail ? t('settings.profile.notVerifiedNoMail', { email: user.email }) : t('settings.profile.notVerified', { email: user.email })}
        </Notice>
      ) : null}
      {serverError ? <Notice tone="error">{serverError}</Notice> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('settings.fields.firstName')} autoComplete="given-name" error={msg(formState.errors.firstName?.message)} {...register('firstName')} />
        <FormField label={t('settings.fields.lastName')} autoComplete="family-name" error={msg(formState.errors.lastName?.message)} {...register('lastName')} />
      </div>
      <FormField label={t('settings.fields.email')} type="email" autoComplete="email" error={msg(formState.errors.email?.message)} {...register('email')} />
      {emailChanged ? (
        <FormField
          label={t('settings.fields.currentPassword')}
          type="password"
          autoComplete="current-password"
          error={msg(formState.errors.currentPassword?.message)}
          {...register('currentPassword')}
        />
      ) : null}
      {emailChanged ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('settings.profile.emailChangeHint')}</p> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
          {t('settings.profile.save')}
        </Button>
      </div>
    </form>
  );
}
