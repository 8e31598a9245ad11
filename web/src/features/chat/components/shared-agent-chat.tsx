import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { usePublicAgent } from '@/features/chat/api/public-agent';
import { ChatWindow } from '@/features/chat/components/chat-window';
import { ApiError } from '@/lib/api-client';
import type { AgentStatus } from '@/lib/api-enums';

/** The agent statuses that refuse chat turns (409 `agent_inactive`). */
const INACTIVE: ReadonlySet<AgentStatus> = new Set<AgentStatus>(['paused', 'archived']);

/**
 * A chat through the agent's public link (or the owner's own, without a token): the agent's
 * name, description and greeting, then the chat. A link that does not work (wrong token, sharing
 * turned off, no such agent) says so and offers no chat box.
 */
export function SharedAgentChat({ agentId, shareToken, className }: { agentId: string; shareToken: string | null; className?: string }) {
  const { t } = useTranslation('agents');
  const agent = usePublicAgent(agentId, shareToken);

  if (agent.isPending) {
    return (
      <>
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.userChat.title')}</h1>
        <div role="status" className="flex justify-center py-16">
          <Spinner className="size-8" />
          <span className="sr-only">{t('loading')}</span>
        </div>
      </>
    );
  }

  if (agent.isError) {
    if (agent.error instanceof ApiError && agent.error.status === 404) {
      return (
        <div className="max-w-2xl space-y-4">
          <h1 className="text-2xl font-semibold tracking-tight">{t('pages.userChat.unavailable')}</h1>
          <Notice tone="error">{t('pages.userChat.invalidLink')}</Notice>
        </div>
      );
    }
    return (
      <div className="max-w-2xl space-y-4">
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.userChat.title')}</h1>
        <Notice
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void agent.refetch()} disabled={agent.isFetching}>
              <RotateCcw aria-hidden className="size-4" />
              {t('chat.retry')}
            </Button>
          }
        >
          {t('pages.userChat.loadFailed')}
          {agent.error.message ? <span className="block text-xs opacity-80">{agent.error.message}</span> : null}
        </Notice>
      </div>
    );
  }

  const a = agent.data;
  return (
    <>
      <div>
        <h1 dir="auto" className="text-2xl font-semibold tracking-tight">
          {a.name}
        </h1>
        {a.description ? (
          <p dir="auto" lang={a.language || undefined} className="mt-1 max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">
            {a.description}
          </p>
        ) : null}
      </div>
      {INACTIVE.has(a.status) ? (
        <Notice tone="warning">{t('pages.userChat.inactive')}</Notice>
      ) : (
        // The greeting opens a new conversation on screen only; it is not stored.
        <ChatWindow agentId={agentId} shareToken={shareToken} greeting={a.greeting} className={className} />
      )}
    </>
  );
}
