import { useId } from 'react';
import { cn } from '@/components/ui/cn';

/**
 * An on/off switch (role="switch"), labelled, operable with Space and Enter. `hideLabel` keeps
 * the label for screen readers only (a table's column already says what it switches).
 */
export function Switch({
  label,
  description,
  checked,
  onChange,
  disabled,
  hideLabel = false,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (next: boolean) => void;
  disabled?: boolean;
  hideLabel?: boolean;
}) {
  const id = useId();
  return (
    <div className={hideLabel ? 'inline-flex' : 'flex items-start justify-between gap-4'}>
      <div className={hideLabel ? 'sr-only' : 'min-w-0'}>
        <span id={`${id}-label`} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {label}
        </span>
        {description ? (
          <span id={`${id}-desc`} className="mt-0.5 block text-sm text-zinc-600 dark:text-zinc-400">
            {description}
          </span>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-desc` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors outline-none focus-visible:ring-2 focus-visible:ring-accent-500/40 disabled:opacity-50',
          checked ? 'bg-accent-600 dark:bg-accent-500' : 'bg-zinc-300 dark:bg-zinc-700',
        )}
      >
        <span
          aria-hidden
          className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-5.5 rtl:-translate-x-5.5' : 'translate-x-0.5 rtl:-translate-x-0.5')}
        />
      </button>
    </div>
  );
}
