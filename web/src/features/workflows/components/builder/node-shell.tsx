import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { formatDuration } from '@/lib/format';
import { useCanvasDecor } from '@/features/workflows/components/builder/canvas-context';
import { KIND_LOOKS, summary } from '@/features/workflows/components/builder/node-catalog';
import { STATUS_TONES } from '@/features/workflows/components/builder/run-status';
import type { NodeConfig } from '@/features/workflows/components/builder/types';

/**
 * What every node looks like: its icon, name, type and id, a line about what it does, and, when
 * there are some, its problems (a red border and their count) or its step in the test run on
 * screen (the border's colour; pulsing while it runs). `children` are its handles.
 */
export function NodeShell({ id, data, selected, children, className }: { id: string; data: NodeConfig; selected: boolean; children: ReactNode; className?: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const { problems, steps } = useCanvasDecor();
  const look = KIND_LOOKS[data.kind];
  const Icon = look.icon;
  const found = problems.nodes.get(id) ?? [];
  const step = steps.get(id);
  const tone = step ? STATUS_TONES[step.status] : null;
  const kindLabel = t(`workflowBuilder.kinds.${data.kind}.label`);
  const label = data.name?.trim() || kindLabel;
  const seconds = data.kind === 'delay' && typeof data.config.seconds === 'number' ? data.config.seconds : null;
  const line = seconds !== null ? t('workflowBuilder.node.waits', { duration: formatDuration(i18n.language, seconds * 1000) }) : summary(data.kind, data.config);
  return (
    <div
      data-testid="workflow-node"
      data-node-id={id}
      data-status={step?.status ?? undefined}
      data-invalid={found.length ? 'true' : undefined}
      className={cn(
        'relative w-60 rounded-xl border-2 bg-white px-3 py-2.5 text-start shadow-sm transition-colors dark:bg-zinc-900',
        found.length ? 'border-red-500 dark:border-red-400' : tone ? tone.ring : 'border-zinc-200 dark:border-zinc-700',
        selected && 'ring-2 ring-accent-500 ring-offset-2 ring-offset-white dark:ring-accent-400 dark:ring-offset-zinc-950',
        className,
      )}
    >
      {tone?.pulse ? <span aria-hidden className="pointer-events-none absolute -inset-1.5 animate-pulse rounded-2xl border-2 border-sky-400/70" /> : null}
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
        {found.length ? (
          <span className="flex shrink-0 items-center gap-1 text-xs font-medium text-red-600 dark:text-red-400" title={found.map((p) => p.message).join('\n')}>
            <AlertCircle aria-hidden className="size-4" />
            <span className="sr-only">{t('workflowBuilder.node.problems', { count: found.length })}</span>
            <span aria-hidden>{found.length}</span>
          </span>
        ) : null}
      </div>
      {line ? (
        <p className="mt-1.5 truncate rounded bg-zinc-50 px-1.5 py-0.5 font-mono text-[11px] text-zinc-600 dark:bg-zinc-800/70 dark:text-zinc-300" dir="auto">
          {line}
        </p>
      ) : null}
      {step && tone ? (
        <p className="mt-1.5 flex items-center gap-1.5">
          <span data-testid="node-status" className={cn('rounded-full px-2 py-0.5 text-[11px] font-medium', tone.badge)}>
            {t(`workflowBuilder.status.${step.status}`)}
          </span>
          {step.durationMs != null ? <span className="text-[11px] text-zinc-500 dark:text-zinc-400">{formatDuration(i18n.language, step.durationMs)}</span> : null}
        </p>
      ) : null}
      {children}
    </div>
  );
}
