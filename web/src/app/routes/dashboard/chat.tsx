import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AgentPicker } from '@/features/agents/components/agent-picker';
import { ChatWindow } from '@/features/chat/components/chat-window';

/** /dashboard/chat: pick an agent (remembered in `?agent=`), then chat with it. */
export function ChatRoute() {
  const { t } = useTranslation('dashboard');
  const [search, setSearch] = useSearchParams();
  return (
    <section className="flex w-full max-w-6xl flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.chat.title')}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('pages.chat.description')}</p>
      </div>
      <AgentPicker value={search.get('agent')} onChange={(id) => setSearch({ agent: id }, { replace: true })}>
        {(agent) => <ChatWindow key={agent.id} agentId={agent.id} greeting={agent.greeting} className="h-[calc(100dvh-17rem)]" />}
      </AgentPicker>
    </section>
  );
}
