import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_AFTER_LOGIN } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { SignupForm } from '@/features/auth/components/signup-form';
import { useAuth } from '@/lib/auth';

export function SignupRoute() {
  const { t } = useTranslation('login');
  const { signIn } = useAuth();
  const navigate = useNavigate();
  return (
    <AuthCard
      title={t('signUp.title')}
      subtitle={t('signUp.subtitle')}
      footer={
        <>
          {t('signUp.haveAccount')}{' '}
          <Link to="/login" className="font-medium text-accent-600 hover:underline dark:text-accent-400">
            {t('signUp.signIn')}
          </Link>
        </>
      }
    >
      <SignupForm
        onSuccess={({ token, user, refreshToken, expiresIn }) => {
          signIn(token, user, { refreshToken, expiresIn });
          navigate(DEFAULT_AFTER_LOGIN, { replace: true });
        }}
      />
    </AuthCard>
  );
}
