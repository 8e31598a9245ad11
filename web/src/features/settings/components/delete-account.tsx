import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { MESSAGES, useFieldMessage } from '@/features/auth/components/validation';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';

const schema = z.object({ password: z.string().min(1, MESSAGES.required) });
type Values = z.infer<typeof schema>;

/** A confirmation dialog that asks for the password; on success the session ends locally. */
function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const { t: tLogin } = useTranslation('login');
  const msg = useFieldMessage();
  const { deleteAccount, loading } = useAuth();
  const navigate = useNavigate();
  const titleId = useId();
  const descId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, setFocus } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { password: '' } });

  useEffect(() => setFocus('password'), [setFocus]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !loading) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose, loading]);

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
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div className="absolute inset-0 bg-zinc-950/50" aria-hidden onClick={loading ? undefined : onClose} />
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descId}
        className="relative w-full max-w-md rounded-2xl border border-zinc-200 bg-white p-6 shadow-xl dark:border-zinc-800 dark:bg-zinc-900"
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {t('settings.danger.dialogTitle')}
        </h2>
        <p id={descId} className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          {t('settings.danger.dialogBody')}
        </p>
        <form onSubmit={submit} noValidate className="mt-5 space-y-4">
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
      </div>
    </div>
  );
}

export function DeleteAccount() {
  const { t } = useTranslation('dashboard');
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    triggerRef.current?.focus();
  }, []);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('settings.danger.description')}</p>
      <Button ref={triggerRef} variant="danger" className="shrink-0" onClick={() => setOpen(true)}>
        {t('settings.danger.delete')}
      </Button>
      {open ? <DeleteAccountDialog onClose={close} /> : null}
    </div>
  );
}
