import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Section } from '@/components/ui/section';
import { IntegrationsCard } from '@/features/integrations/components/integrations-card';
import { DeleteAccount } from '@/features/settings/components/delete-account';
import { PasswordForm } from '@/features/settings/components/password-form';
import { ProfileForm } from '@/features/settings/components/profile-form';
import { useAuth } from '@/lib/auth';

/** /dashboard/settings: profile, password, integrations (`#integrations`) and the danger zone. */
export function SettingsRoute() {
  const { t } = useTranslation('dashboard');
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="w-full max-w-3xl space-y-8">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.settings.title')}</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('settings.intro')}</p>
        <Link to="/dashboard/settings/team" className="mt-2 inline-block text-sm font-medium text-accent-600 hover:underline dark:text-accent-400">
          {t('settings.teamLink')}
        </Link>
      </header>
      <Section id="profile" title={t('settings.profile.title')} description={t('settings.profile.description')}>
        {/* Keyed by id and email so a changed account re-seeds the form. */}
        <ProfileForm key={`${user.id}:${user.email}`} user={user} />
      </Section>
      <Section id="password" title={t('settings.password.title')} description={t('settings.password.description')}>
        <PasswordForm />
      </Section>
      <IntegrationsCard />
      <Section id="danger" tone="danger" title={t('settings.danger.title')}>
        <DeleteAccount />
      </Section>
    </div>
  );
}
