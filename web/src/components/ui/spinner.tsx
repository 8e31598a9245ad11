import { cn } from '@/components/ui/cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span
      role={label ? undefined : 'presentation'}
      aria-hidden={label ? undefined : true}
      className={cn('inline-block size-5 animate-spin rounded-full border-2 border-zinc-300 border-t-accent-600 dark:border-zinc-700 dark:border-t-accent-400', className)}
    />
  );
}

/** Blocks a whole screen while something it depends on loads. */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-dvh flex-col items-center justify-center gap-3 text-sm text-zinc-500 dark:text-zinc-400">
      <Spinner className="size-8" />
      {label ? <span>{label}</span> : null}
    </div>
  );
}
