import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LanguageSwitcher } from '@/components/ui/language-switcher';
import { Logo } from '@/components/ui/logo';
import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { ThemeSwitch } from '@/components/ui/theme-switch';

export function UserChatRoute() {
  const { t } = useTranslation('agents');
  const { agentId } = useParams();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-14 items-center gap-3 border-b border-zinc-200 px-4 dark:border-zinc-800">
        <Logo />
        <div className="ms-auto flex items-center gap-2">
          <LanguageSwitcher />
          <ThemeSwitch />
          <Link to="/dashboard" className="text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white">
            {t('pages.userChat.back')}
          </Link>
        </div>
      </header>
      <main className="flex-1 px-4 py-8">
        <PagePlaceholder title={t('pages.userChat.title')} description={t('pages.userChat.description', { agentId })} />
      </main>
    </div>
  );
}
