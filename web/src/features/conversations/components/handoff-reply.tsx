import { SendHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { useReply } from '@/features/conversations/api/handoff';
import { toast } from '@/lib/toast';

/** The server refuses longer messages (docs/chat.md). */
const MAX_REPLY_LENGTH = 32_000;

/**
 * The team member's answer in a conversation they took over, said as the agent: Enter sends,
 * Shift+Enter starts a new line. `autoFocus`: it takes the focus as it appears (right after "Take over").
 */
export function HandoffReply({ conversationId, autoFocus = false, className }: { conversationId: string; autoFocus?: boolean; className?: string }) {
  const { t } = useTranslation('dashboard');
  const [text, setText] = useState('');
  const reply = useReply();
  const ref = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const hint = useId();

  // Only as it appears: a later change of the flag does not pull the focus back.
  const focusFirst = useRef(autoFocus);
  useEffect(() => {
    if (focusFirst.current) ref.current?.focus();
  }, []);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const message = text.trim();
    if (!message || reply.isPending) return;
    reply.mutate(
      { id: conversationId, message },
      {
        onSuccess: () => {
          setText('');
          ref.current?.focus();
        },
        onError: (error) => toast({ id: 'handoff-reply', title: t('conversations.handoff.errors.reply'), description: error.message, status: 'error' }),
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method is composing (Enter then confirms the candidate).
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} className={cn('space-y-1.5', className)} data-testid="handoff-reply">
      <label htmlFor={id} className="text-sm font-medium">
        {t('conversations.handoff.reply')}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          ref={ref}
          id={id}
          dir="auto"
          rows={2}
          value={text}
          maxLength={MAX_REPLY_LENGTH}
          aria-describedby={hint}
          placeholder={t('conversations.handoff.replyPlaceholder')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          className="block max-h-48 min-h-11 flex-1 resize-y rounded-xl border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm outline-none transition placeholder:text-zinc-400 focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 dark:border-zinc-700 dark:bg-zinc-900"
        />
        <Button type="submit" disabled={!text.trim() || reply.isPending}>
          {reply.isPending ? <Spinner className="size-4" /> : <SendHorizontal aria-hidden className="size-4 rtl:rotate-180" />}
          {t('conversations.handoff.send')}
        </Button>
      </div>
      <p id={hint} className="text-xs text-zinc-500 dark:text-zinc-400">
        {t('conversations.handoff.replyHint')}
      </p>
    </form>
  );
}
