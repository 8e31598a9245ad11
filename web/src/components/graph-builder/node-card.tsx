import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { KindLook } from '@/components/graph-builder/palette';
import { cn } from '@/components/ui/cn';

/**
 * What every node of a graph builder looks like: its icon, name, type and id, a line about what it
 * does, and, when there are some, its problems (a red border and their count, the messages in
 * its tooltip). `border` colours the border otherwise (a test run's status, the node a preview
 * stopped at), `pulse` rings it while something happens there; `footer` goes under the line, and
 * `children` are its handles.
 */
export function NodeCard({
  id,
  testId,
  look,
  label,
  kindLabel,
  line,
  problems,
  problemsLabel,
  selected,
  border,
  pulse = false,
  attributes,
  footer,
  children,
  className,
}: {
  id: string;
  testId: string;
  look: KindLook;
  label: string;
  kindLabel: string;
  line?: string;
  problems: readonly string[];
  /** "2 problems", for screen readers. */
  problemsLabel: string;
  selected: boolean;
  border?: string | null;
  pulse?: boolean;
  attributes?: Record<`data-${string}`, string | undefined>;
  footer?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const Icon = look.icon;
  return (
    <div
      data-testid={testId}
      data-node-id={id}
      data-invalid={problems.length ? 'true' : undefined}
      {...attributes}
      className={cn(
        'relative w-60 rounded-xl border-2 bg-white px-3 py-2.5 text-start shadow-sm transition-colors dark:bg-zinc-900',
        problems.length ? 'border-red-500 dark:border-red-400' : border ? border : 'border-zinc-200 dark:border-zinc-700',
        selected && 'ring-2 ring-accent-500 ring-offset-2 ring-offset-white dark:ring-accent-400 dark:ring-offset-zinc-950',
        className,
      )}
    >
      {pulse ? <span aria-hidden className="pointer-events-none absolute -inset-1.5 animate-pulse rounded-2xl border-2 border-sky-400/70" /> : null}
      <div className="flex items-center gap-2.5">
        <span aria-hidden className={cn('flex size-8 shrink-0 items-center justify-center rounded-lg', look.tile)}>
          <Icon className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-zinc-900 dark:text-zinc-50" dir="auto">
            {label}
          </p>
          <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
            {kindLabel} ·{' '}
            <bdi dir="ltr" className="font-mono">
              {id}
            </bdi>
          </p>
        </div>
        {problems.length ? (
          <span className="flex shrink-0 items-center gap-1 text-xs font-medium text-red-600 dark:text-red-400" title={problems.join('\n')}>
            <AlertCircle aria-hidden className="size-4" />
            <span className="sr-only">{problemsLabel}</span>
            <span aria-hidden>{problems.length}</span>
          </span>
        ) : null}
      </div>
      {line ? (
        <p className="mt-1.5 truncate rounded bg-zinc-50 px-1.5 py-0.5 font-mono text-[11px] text-zinc-600 dark:bg-zinc-800/70 dark:text-zinc-300" dir="auto">
          {line}
        </p>
      ) : null}
      {footer}
      {children}
    </div>
  );
}
