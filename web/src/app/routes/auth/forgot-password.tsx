import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export function ForgotPasswordRoute() {
  const { t } = useTranslation('login');
  return (
    <AuthCard
      title={t('forgotPassword.title')}
      subtitle={t('forgotPassword.subtitle')}
      footer={
        <Link to="/login" className="font-medium text-accent-600 hover:underline dark:text-accent-400">
          {t('backToSignIn')}
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
