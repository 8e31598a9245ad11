import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';

/** Forgot and reset password screens; their forms arrive with the accounts release. */
export function PasswordPageRoute({ page }: { page: 'forgotPassword' | 'resetPassword' }) {
  const { t } = useTranslation('login');
  return (
    <AuthCard title={t(`${page}.title`)} subtitle={t(`${page}.subtitle`)}>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t(`${page}.comingSoon`)}</p>
      <Link to="/login" className="mt-4 inline-block text-sm font-medium text-accent-600 hover:underline dark:text-accent-400">
        {t('backToSignIn')}
      </Link>
    </AuthCard>
  );
}
