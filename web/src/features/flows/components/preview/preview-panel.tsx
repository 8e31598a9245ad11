import { MapPin, RotateCcw, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatComposer } from '@/components/chat/chat-composer';
import { ChatLog } from '@/components/chat/chat-log';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import type { useChat } from '@/lib/chat';

export type PreviewChat = ReturnType<typeof useChat>;

/** What the chat log shows of the preview's conversation (its flow's buttons, hand-off and end included). */
const logOf = ({ messages, busy, streaming, loadingHistory, historyError, retry, flow }: PreviewChat) => ({ messages, busy, streaming, loading: loadingHistory, failed: historyError, onRetry: retry, flow });

/**
 * The preview beside the canvas: a test conversation with the agent's saved draft (POST
 * /agents/{id}/test, which no list shows), its answers with the flow's buttons, where the flow
 * stopped (lit on the canvas too), a hand-off or an end, and Restart for a fresh conversation.
 * `controls` (the voice preview's) go above the message box.
 */
export function PreviewPanel({
  title,
  chat,
  greeting,
  dirty,
  at,
  controls,
  onClose,
}: {
  title: string;
  chat: PreviewChat;
  greeting: string;
  /** There are unsaved changes the draft does not have. */
  dirty: boolean;
  /** The label of the node the conversation stopped at. */
  at: string | null;
  controls?: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const lastFlow = chat.messages.findLast((m) => m.role === 'assistant')?.flow ?? null;
  return (
    <aside aria-labelledby="flow-preview-title" data-testid="flow-preview" className="flex w-80 shrink-0 flex-col border-s border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
      <div className="flex items-center gap-1 border-b border-zinc-200 px-3 py-2 dark:border-zinc-800">
        <h2 id="flow-preview-title" className="min-w-0 flex-1 truncate text-sm font-semibold">
          {title}
        </h2>
        <Button variant="ghost" size="sm" onClick={chat.startOver} disabled={chat.busy}>
          <RotateCcw aria-hidden className="size-4 rtl:-scale-x-100" />
          {t('flowBuilder.preview.restart')}
        </Button>
        <Button variant="ghost" size="sm" className="px-2" aria-label={t('flowBuilder.preview.close')} title={t('flowBuilder.preview.close')} onClick={onClose}>
          <X aria-hidden className="size-4" />
        </Button>
      </div>
      <div className="space-y-2 px-3 pt-3">
        {dirty ? <Notice tone="warning">{t('flowBuilder.preview.unsaved')}</Notice> : <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('flowBuilder.preview.hint')}</p>}
        {at ? (
          <p data-testid="preview-at" className="flex items-center gap-1.5 text-xs font-medium text-sky-700 dark:text-sky-300">
            <MapPin aria-hidden className="size-3.5 shrink-0" />
            <span className="truncate">{t('flowBuilder.preview.at', { node: at })}</span>
          </p>
        ) : null}
        {lastFlow?.ending === 'handoff' ? <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('flowBuilder.preview.handoff')}</p> : null}
      </div>
      <ChatLog greeting={greeting} className="p-3" {...logOf(chat)} />
      {chat.messages.length === 0 ? <p className="px-3 pb-2 text-xs text-zinc-500 dark:text-zinc-400">{t('flowBuilder.preview.start')}</p> : null}
      {controls}
      <ChatComposer compact busy={chat.busy} onSend={(text) => void chat.send(text)} onStop={chat.stop} />
    </aside>
  );
}
