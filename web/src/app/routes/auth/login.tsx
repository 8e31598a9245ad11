import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Notice } from '@/components/ui/notice';
import { DEFAULT_AFTER_LOGIN } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { useAuth } from '@/lib/auth';

/** `from`: where a guard sent the visitor away from; `notice`: a success to confirm (a password reset). */
export type LoginState = { from?: { pathname?: string; search?: string; hash?: string }; notice?: 'passwordReset' } | null;

export function LoginRoute() {
  const { t } = useTranslation('login');
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const state = location.state as LoginState;
  const from = state?.from;
  const target = from?.pathname ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : DEFAULT_AFTER_LOGIN;

  return (
    <AuthCard
      title={t('signIn.title')}
      subtitle={t('signIn.subtitle')}
      footer={
        <>
          {t('signIn.noAccount')}{' '}
          <Link to="/signup" className="font-medium text-accent-600 hover:underline dark:text-accent-400">
            {t('signIn.createAccount')}
          </Link>
        </>
      }
    >
      {params.get('expired') === 'true' ? (
        <Notice tone="expired" className="mb-4">
          {t('signIn.sessionExpired')}
        </Notice>
      ) : null}
      {state?.notice ? (
        <Notice tone="success" className="mb-4">
          {t(`signIn.notices.${state.notice}`)}
        </Notice>
      ) : null}
      <LoginForm
        onSuccess={({ token, user, refreshToken, expiresIn }) => {
          signIn(token, user, { refreshToken, expiresIn });
          navigate(target, { replace: true });
        }}
      />
    </AuthCard>
  );
}
