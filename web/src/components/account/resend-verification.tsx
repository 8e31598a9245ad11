import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { api, ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useMailOutbox } from '@/lib/system';
import { toast } from '@/lib/toast';

// Shown by two features (the verify-email page of `auth`, the profile of `settings`), so it
// lives here, with its one call.

/** POST /auth/resend-verification: a new link to the signed-in user's address. */
const resendVerification = () => api.post('/auth/resend-verification');

/** Sends a new verification link to the signed-in user; answers with a toast. */
export function ResendVerificationButton({ className, variant = 'secondary' }: { className?: string; variant?: 'secondary' | 'ghost' | 'primary' }) {
  const { t } = useTranslation('login');
  const { user, updateUser } = useAuth();
  const noMail = useMailOutbox();
  const mutation = useMutation({ mutationFn: resendVerification });
  const resend = () =>
    mutation.mutate(undefined, {
      // Without a mail server the link is only kept in the outbox: say so rather than "sent".
      onSuccess: () =>
        toast(noMail ? { title: t('verifyEmail.resentNoMail'), status: 'info' } : { title: t('verifyEmail.resent', { email: user?.email ?? '' }), status: 'success' }),
      onError: (e) => {
        if (e instanceof ApiError && e.code === 'already_verified') {
          if (user) updateUser({ ...user, emailVerified: true });
          toast({ title: t('verifyEmail.alreadyVerified'), status: 'info' });
        } else {
          toast({ title: t('verifyEmail.resendFailed'), description: e.message, status: 'error' });
        }
      },
    });
  return (
    <Button variant={variant} className={className} disabled={mutation.isPending} onClick={resend}>
      {mutation.isPending ? <Spinner className="size-4" /> : null}
      {t('verifyEmail.resend')}
    </Button>
  );
}
