import { FlaskConical, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ChatComposer } from '@/components/chat/chat-composer';
import { ChatLog } from '@/components/chat/chat-log';
import { Button } from '@/components/ui/button';
import type { Agent } from '@/features/agents/api/agents';
import { Card } from '@/features/agents/components/card';
import { useChat } from '@/lib/chat';

/**
 * A compact chat with the agent's current draft (POST /agents/{id}/test), for anyone who may see
 * the agent. Its conversation is a test one: no list, live view or analytics shows it. "Start
 * over" leaves it for a new one.
 */
export function TestPanel({ agent }: { agent: Agent }) {
  const { t } = useTranslation('agents');
  const chat = useChat({ agentId: agent.id, mode: 'test' });
  const started = chat.conversationId !== null || chat.messages.length > 0;
  return (
    <Card
      id="test"
      title={t('test.title')}
      action={
        <Button size="sm" variant="ghost" className="h-8 px-2" disabled={!started || chat.busy} onClick={chat.startOver}>
          <RotateCcw aria-hidden className="size-4" />
          {t('test.startOver')}
        </Button>
      }
    >
      <p className="flex items-start gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <FlaskConical aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-600 dark:text-accent-400" />
        <span>{t('test.description', { version: agent.currentVersion })}</span>
      </p>
      <section
        aria-label={t('test.messagesLabel')}
        data-testid="agent-test-panel"
        className="mt-4 flex h-[26rem] flex-col overflow-hidden rounded-xl border border-zinc-200 bg-zinc-50/60 dark:border-zinc-800 dark:bg-zinc-950/40"
      >
        <ChatLog
          messages={chat.messages}
          greeting={chat.isNew ? agent.greeting : null}
          busy={chat.busy}
          streaming={chat.streaming}
          loading={chat.loadingHistory}
          failed={chat.historyError}
          onRetry={chat.retry}
          flow={chat.flow}
          className="p-3"
        />
        <ChatComposer busy={chat.busy} disabled={chat.flow.ended} onSend={(text) => void chat.send(text)} onStop={chat.stop} compact />
      </section>
    </Card>
  );
}
