import { forwardRef, useId, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/components/ui/cn';

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: string };

/** A labelled multi-line text field; errors are announced through aria-describedby. */
export const TextareaField = forwardRef<HTMLTextAreaElement, Props>(function TextareaField({ label, error, hint, className, id, rows = 4, ...props }, ref) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const describedBy = [error ? `${fieldId}-error` : null, hint ? `${fieldId}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={fieldId} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <textarea
        ref={ref}
        id={fieldId}
        rows={rows}
        dir="auto"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'block w-full rounded-lg border bg-white px-3 py-2 text-sm shadow-sm outline-none transition placeholder:text-zinc-400 focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 dark:bg-zinc-900',
          error ? 'border-red-400 dark:border-red-700' : 'border-zinc-300 dark:border-zinc-700',
        )}
        {...props}
      />
      {hint ? (
        <p id={`${fieldId}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${fieldId}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
});
