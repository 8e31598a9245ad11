import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import { cn } from '@/components/ui/cn';

// A required field's label ends with a red asterisk, drawn by CSS with empty alternative text:
// screen readers hear the field's `required` state instead of "star".
/** On a label of its own (the secret field's). */
export const REQUIRED_LABEL = "after:ms-0.5 after:text-red-600 after:content-['*'_/_''] dark:after:text-red-400";
/** On a field whose label is a direct child (`FormField`, `TextareaField`), with `required`. */
export const REQUIRED_MARK = "[&>label]:after:ms-0.5 [&>label]:after:text-red-600 [&>label]:after:content-['*'_/_''] dark:[&>label]:after:text-red-400";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string };

/** A labelled input; its hint and error are announced through aria-describedby. */
export const FormField = forwardRef<HTMLInputElement, FieldProps>(function FormField({ label, error, hint, className, id, ...props }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'block h-10 w-full rounded-lg border bg-white px-3 text-sm shadow-sm outline-none transition placeholder:text-zinc-400 focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 disabled:cursor-not-allowed disabled:bg-zinc-50 dark:bg-zinc-900 dark:disabled:bg-zinc-900/60',
          error ? 'border-red-400 dark:border-red-700' : 'border-zinc-300 dark:border-zinc-700',
        )}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
});
