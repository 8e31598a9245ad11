import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Notice } from '@/components/ui/notice';
import { paths } from '@/config/paths';
import type { LoginState } from '@/app/routes/auth/login';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/** The page the emailed reset link opens: `/reset-password?token=...`. */
export function ResetPasswordRoute() {
  const { t } = useTranslation('login');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token')?.trim() ?? '';
  return (
    <AuthCard
      title={t('resetPassword.title')}
      subtitle={t('resetPassword.subtitle')}
      footer={
        <Link to="/login" className="font-medium text-accent-600 hover:underline dark:text-accent-400">
          {t('backToSignIn')}
        </Link>
      }
    >
      {token ? (
        <ResetPasswordForm
          token={token}
          onSuccess={() => navigate(paths.login, { replace: true, state: { notice: 'passwordReset' } satisfies LoginState })}
        />
      ) : (
        <Notice
          tone="error"
          action={
            <Link to="/forgot-password" className="font-medium underline">
              {t('resetPassword.requestNew')}
            </Link>
          }
        >
          {t('resetPassword.missingToken')}
        </Notice>
      )}
    </AuthCard>
  );
}
