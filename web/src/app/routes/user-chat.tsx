import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { LanguageSwitcher } from '@/components/ui/language-switcher';
import { Logo } from '@/components/ui/logo';
import { ThemeSwitch } from '@/components/ui/theme-switch';
import { SharedAgentChat } from '@/features/chat/components/shared-agent-chat';

/** /user/chat/:agentId(?share=TOKEN): an end user chats with an agent through its public link. */
export function UserChatRoute() {
  const { t } = useTranslation('agents');
  const { agentId = '' } = useParams();
  const [search] = useSearchParams();
  const shareToken = search.get('share');
  return (
    <div className="flex h-dvh flex-col">
      <header className="flex h-14 shrink-0 items-center gap-3 border-b border-zinc-200 px-4 dark:border-zinc-800">
        <Logo />
        <div className="ms-auto flex items-center gap-2">
          <LanguageSwitcher />
          <ThemeSwitch />
          <Link to="/dashboard" className="text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white">
            {t('pages.userChat.back')}
          </Link>
        </div>
      </header>
      <main className="mx-auto flex min-h-0 w-full max-w-5xl flex-1 flex-col gap-4 px-4 py-6">
        {/* Keyed so another agent or link starts fresh. */}
        <SharedAgentChat key={`${agentId}:${shareToken ?? ''}`} agentId={agentId} shareToken={shareToken} className="min-h-0 flex-1" />
      </main>
    </div>
  );
}
