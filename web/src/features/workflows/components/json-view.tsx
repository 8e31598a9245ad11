import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/ui/copy-button';
import { cn } from '@/components/ui/cn';
import { prettyJson } from '@/features/workflows/utils/json';

/** A JSON value under its name: indented, left to right in every language, scrolled when long, with a copy button. */
export function JsonView({ label, value, className, testId }: { label: string; value: unknown; className?: string; testId?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const text = prettyJson(value);
  return (
    <div role="group" aria-labelledby={`${id}-label`} className={cn('min-w-0 overflow-hidden rounded-lg border border-zinc-200 dark:border-zinc-800', className)}>
      <div className="flex items-center justify-between gap-2 border-b border-zinc-200 bg-zinc-50 py-1 ps-3 pe-1 dark:border-zinc-800 dark:bg-zinc-900">
        <span id={`${id}-label`} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
          {label}
        </span>
        <CopyButton
          text={text}
          label={t('copy.button')}
          ariaLabel={t('copy.label', { what: label })}
          copied={t('copy.done', { what: label })}
          failed={t('copy.failed')}
          variant="ghost"
          className="h-7 px-2 text-xs"
        />
      </div>
      {/* Focusable: a long value scrolls, and the keyboard must reach it. */}
      <pre
        dir="ltr"
        tabIndex={0}
        aria-labelledby={`${id}-label`}
        data-testid={testId}
        className="max-h-72 overflow-auto bg-white p-3 text-left font-mono text-xs leading-relaxed text-zinc-800 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-accent-500/60 dark:bg-zinc-950 dark:text-zinc-200"
      >
        {text}
      </pre>
    </div>
  );
}
