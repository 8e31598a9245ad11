import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_AFTER_LOGIN } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { useAuth } from '@/lib/auth';

type FromState = { from?: { pathname?: string; search?: string; hash?: string } } | null;

export function LoginRoute() {
  const { t } = useTranslation('login');
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const from = (location.state as FromState)?.from;
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
        <div role="status" className="mb-4 flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
          <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('signIn.sessionExpired')}
        </div>
      ) : null}
      <LoginForm
        onSuccess={({ token, user }) => {
          signIn(token, user);
          navigate(target, { replace: true });
        }}
      />
    </AuthCard>
  );
}
