import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAgent } from '@/features/agents/api/agents';
import { StatusBadge } from '@/features/agents/components/status-badge';
import { ChatWindow } from '@/features/chat/components/chat-window';

/** /dashboard/agents/:agentId/chat: the owner tries the agent out. */
export function AgentChatRoute() {
  const { t } = useTranslation('agents');
  const { agentId = '' } = useParams();
  const agent = useAgent(agentId);
  return (
    <section className="flex w-full max-w-6xl flex-col gap-4">
      <div>
        <Link to={`/dashboard/agents/${agentId}`} className="inline-flex items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white">
          <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
          {agent.data ? <span dir="auto">{agent.data.name}</span> : t('chat.backToAgent')}
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight">{t('pages.chat.title')}</h1>
          {agent.data ? <StatusBadge status={agent.data.status} /> : null}
        </div>
      </div>
      {/* Keyed so another agent's chat starts fresh. */}
      <ChatWindow key={agentId} agentId={agentId} greeting={agent.data?.greeting} className="h-[calc(100dvh-15rem)]" />
    </section>
  );
}
