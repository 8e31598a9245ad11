import { forwardRef, useId, type SelectHTMLAttributes } from 'react';
import { cn } from '@/components/ui/cn';

type Props = SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string; hint?: string; hideLabel?: boolean };

export const selectClasses =
  'block h-10 w-full rounded-lg border bg-white ps-3 pe-8 text-sm shadow-sm outline-none transition focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 dark:bg-zinc-900 dark:[color-scheme:dark]';

/** A labelled native select; errors are announced through aria-describedby. */
export const SelectField = forwardRef<HTMLSelectElement, Props>(function SelectField({ label, error, hint, hideLabel, className, id, children, ...props }, ref) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const describedBy = [error ? `${selectId}-error` : null, hint ? `${selectId}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={selectId} className={hideLabel ? 'sr-only' : 'block text-sm font-medium text-zinc-800 dark:text-zinc-200'}>
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(selectClasses, error ? 'border-red-400 dark:border-red-700' : 'border-zinc-300 dark:border-zinc-700')}
        {...props}
      >
        {children}
      </select>
      {hint ? (
        <p id={`${selectId}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${selectId}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
});
