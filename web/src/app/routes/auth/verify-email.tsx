import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useVerifyEmail } from '@/features/auth/api/password';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ResendVerificationButton } from '@/components/account/resend-verification';
import { normalizeUser, useAuth } from '@/lib/auth';

/** The page the emailed verification link opens: `/verify-email?token=...`. */
export function VerifyEmailRoute() {
  const { t } = useTranslation('login');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { user, updateUser } = useAuth();
  const query = useVerifyEmail(token);
  const verified = query.data ? normalizeUser(query.data) : null;

  // When the verified account is the signed-in one, its stored copy learns the news.
  useEffect(() => {
    if (verified && user && verified.id === user.id && !user.emailVerified) updateUser({ ...user, emailVerified: true });
  }, [verified, user, updateUser]);

  const failed = !token || query.isError;
  return (
    <AuthCard title={t('verifyEmail.title')} subtitle={t('verifyEmail.subtitle')}>
      {token && query.isPending ? (
        <div role="status" className="flex items-center gap-3 text-sm text-zinc-600 dark:text-zinc-400">
          <Spinner className="size-4" />
          {t('verifyEmail.verifying')}
        </div>
      ) : null}
      {query.isSuccess ? (
        <div className="space-y-4">
          <Notice tone="success">{t('verifyEmail.success')}</Notice>
          <ButtonLink to={user ? paths.dashboard : paths.login} className="w-full">
            {user ? t('verifyEmail.toDashboard') : t('verifyEmail.toSignIn')}
          </ButtonLink>
        </div>
      ) : null}
      {failed ? (
        <div className="space-y-4">
          <Notice tone="error">{t('verifyEmail.invalid')}</Notice>
          {user ? (
            <>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('verifyEmail.resendHint', { email: user.email })}</p>
              <ResendVerificationButton className="w-full" />
            </>
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {t('verifyEmail.signInToResend')}{' '}
              <Link to={paths.login} className="font-medium text-accent-600 hover:underline dark:text-accent-400">
                {t('verifyEmail.toSignIn')}
              </Link>
            </p>
          )}
        </div>
      ) : null}
    </AuthCard>
  );
}
