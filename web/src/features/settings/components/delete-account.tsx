import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { MESSAGES, useFieldMessage } from '@/lib/account-validation';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';

const schema = z.object({ password: z.string().min(1, MESSAGES.required) });
type Values = z.infer<typeof schema>;

/** A confirmation (the shared Dialog, as an alertdialog) that asks for the password; on success the session ends locally. */
function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const { t: tLogin } = useTranslation('login');
  const msg = useFieldMessage();
  const { deleteAccount, loading } = useAuth();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, setFocus } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { password: '' } });

  useEffect(() => setFocus('password'), [setFocus]);

  const submit = handleSubmit(async ({ password }) => {
    setServerError(null);
    try {
      await deleteAccount(password);
      // A toast, not a notice in the login page's state: the signed-out guard may redirect first.
      toast({ title: tLogin('signIn.notices.accountDeleted'), status: 'success' });
      navigate(paths.login, { replace: true });
    } catch (e) {
      if (!applyServerFieldErrors(e, setError, ['password'])) setServerError(e instanceof Error ? (msg(e.message) ?? e.message) : String(e));
    }
  });

  return (
    <Dialog role="alertdialog" title={t('settings.danger.dialogTitle')} description={t('settings.danger.dialogBody')} onClose={onClose} dismissable={!loading} className="max-w-md">
      <form onSubmit={submit} noValidate className="space-y-4">
        {serverError ? <Notice tone="error">{serverError}</Notice> : null}
        <FormField
          label={t('settings.danger.passwordLabel')}
          type="password"
          autoComplete="current-password"
          error={msg(formState.errors.password?.message)}
          {...register('password')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={loading}>
            {t('settings.danger.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={loading}>
            {loading ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
            {t('settings.danger.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function DeleteAccount() {
  const { t } = useTranslation('dashboard');
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('settings.danger.description')}</p>
      <Button variant="danger" className="shrink-0" onClick={() => setOpen(true)}>
        {t('settings.danger.delete')}
      </Button>
      {open ? <DeleteAccountDialog onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
