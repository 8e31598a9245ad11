import { SendHorizontal, Square } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

/** The server refuses longer messages (docs/chat.md). */
export const MAX_MESSAGE_LENGTH = 32_000;

/**
 * The message box: Enter sends, Shift+Enter starts a new line; disabled while an answer comes, and
 * when `disabled` (a conversation that ended).
 * `compact` (a panel rather than a page) leaves out the hint and does not take the focus at first.
 */
export function ChatComposer({
  busy,
  onSend,
  onStop,
  compact = false,
  disabled = false,
}: {
  busy: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
  compact?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation('agents');
  const [text, setText] = useState('');
  const ref = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  // Back to typing as soon as the answer is done (and, on a chat page, from the start; a panel
  // among others does not take the focus when the page opens).
  const wasBusy = useRef(!compact);
  useEffect(() => {
    if (!busy && wasBusy.current) ref.current?.focus();
    wasBusy.current = busy;
  }, [busy]);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (busy || disabled || !text.trim()) return;
    onSend(text);
    setText('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method is composing (Enter then confirms the candidate).
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} className={cn('border-t border-zinc-200 dark:border-zinc-800', compact ? 'bg-white p-2 dark:bg-zinc-900' : 'p-3')}>
      <label htmlFor={id} className="sr-only">
        {t('chat.inputLabel')}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          ref={ref}
          id={id}
          data-testid="chat-input"
          dir="auto"
          rows={2}
          value={text}
          maxLength={MAX_MESSAGE_LENGTH}
          disabled={busy || disabled}
          placeholder={t('chat.placeholder')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          className="block max-h-48 min-h-11 flex-1 resize-y rounded-xl border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm outline-none transition placeholder:text-zinc-400 focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900"
        />
        {busy ? (
          <Button data-testid="chat-stop" variant="secondary" onClick={onStop}>
            <Square aria-hidden className="size-4" />
            {t('chat.stop')}
          </Button>
        ) : (
          <Button data-testid="chat-send" type="submit" disabled={disabled || !text.trim()}>
            <SendHorizontal aria-hidden className="size-4 rtl:rotate-180" />
            {t('chat.send')}
          </Button>
        )}
      </div>
      {compact ? null : <p className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">{t('chat.hint')}</p>}
    </form>
  );
}
