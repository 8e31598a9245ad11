import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NodeCard } from '@/components/graph-builder/node-card';
import { cn } from '@/components/ui/cn';
import { formatDuration } from '@/lib/format';
import { useCanvasDecor } from '@/features/workflows/components/builder/canvas-context';
import { KIND_LOOKS, summary } from '@/features/workflows/components/builder/node-catalog';
import { STATUS_TONES } from '@/features/workflows/components/builder/run-status';
import type { NodeConfig } from '@/features/workflows/components/builder/types';

/**
 * What every workflow node looks like (the shared node card): its icon, name, type and id, a line
 * about what it does, its problems, or its step in the test run on screen (the border's colour;
 * pulsing while it runs). `children` are its handles.
 */
export function NodeShell({ id, data, selected, children, className }: { id: string; data: NodeConfig; selected: boolean; children: ReactNode; className?: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const { problems, steps } = useCanvasDecor();
  const found = problems.nodes.get(id) ?? [];
  const step = steps.get(id);
  const tone = step ? STATUS_TONES[step.status] : null;
  const kindLabel = t(`workflowBuilder.kinds.${data.kind}.label`);
  const seconds = data.kind === 'delay' && typeof data.config.seconds === 'number' ? data.config.seconds : null;
  const line = seconds !== null ? t('workflowBuilder.node.waits', { duration: formatDuration(i18n.language, seconds * 1000) }) : summary(data.kind, data.config);
  return (
    <NodeCard
      id={id}
      testId="workflow-node"
      look={KIND_LOOKS[data.kind]}
      label={data.name?.trim() || kindLabel}
      kindLabel={kindLabel}
      line={line}
      problems={found.map((p) => p.message)}
      problemsLabel={t('workflowBuilder.node.problems', { count: found.length })}
      selected={selected}
      border={tone?.ring}
      pulse={tone?.pulse}
      attributes={{ 'data-status': step?.status ?? undefined }}
      className={className}
      footer={
        step && tone ? (
          <p className="mt-1.5 flex items-center gap-1.5">
            <span data-testid="node-status" className={cn('rounded-full px-2 py-0.5 text-[11px] font-medium', tone.badge)}>
              {t(`workflowBuilder.status.${step.status}`)}
            </span>
            {step.durationMs != null ? <span className="text-[11px] text-zinc-500 dark:text-zinc-400">{formatDuration(i18n.language, step.durationMs)}</span> : null}
          </p>
        ) : null
      }
    >
      {children}
    </NodeCard>
  );
}
