import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProblemList } from '@/components/graph-builder/problem-list';
import { DeleteButton } from '@/components/graph-builder/selection-panel';
import { FormField } from '@/components/ui/form-field';
import { Switch } from '@/components/ui/switch';
import { DEFAULT_LOOP } from '@/features/workflows/components/builder/use-builder-state';
import { listed, type Placed } from '@/features/workflows/components/builder/problems';
import { LIMITS, loopSchema } from '@/features/workflows/components/builder/schemas';
import type { FlowEdge } from '@/features/workflows/components/builder/types';
import { useBuilderMessage } from '@/features/workflows/components/builder/use-builder-message';

/**
 * A connection: where it goes, which way it leaves its node, and whether it is a loop edge (back
 * to an earlier node, taken at most so many times in a run).
 */
export function EdgeInspector({
  edge,
  nodeLabel,
  problems,
  onLoop,
  onDelete,
}: {
  edge: FlowEdge;
  nodeLabel: (id: string) => string;
  problems: readonly Placed[];
  onLoop: (maxIterations: number | null) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const msg = useBuilderMessage();
  const loop = edge.data?.maxIterations ?? null;
  const [typed, setTyped] = useState(loop === null ? String(DEFAULT_LOOP) : String(loop));
  const [error, setError] = useState<string | undefined>();
  const way = edge.sourceHandle === 'true' || edge.sourceHandle === 'false' || edge.sourceHandle === 'error' ? edge.sourceHandle : 'next';
  const server = problems.find((p) => p.at.path === 'maxIterations')?.message;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
        <dt className="text-zinc-500 dark:text-zinc-400">{t('workflowBuilder.edge.from')}</dt>
        <dd className="min-w-0 truncate font-medium">{nodeLabel(edge.source)}</dd>
        <dt className="text-zinc-500 dark:text-zinc-400">{t('workflowBuilder.edge.to')}</dt>
        <dd className="min-w-0 truncate font-medium">{nodeLabel(edge.target)}</dd>
        <dt className="text-zinc-500 dark:text-zinc-400">{t('workflowBuilder.edge.way')}</dt>
        <dd>{t(`workflowBuilder.handles.${way}`)}</dd>
      </dl>
      <Switch
        label={t('workflowBuilder.edge.loop')}
        description={t('workflowBuilder.edge.loopHint')}
        checked={loop !== null}
        onChange={(on) => {
          setError(undefined);
          const parsed = loopSchema.safeParse(typed);
          onLoop(on ? (parsed.success ? parsed.data : DEFAULT_LOOP) : null);
        }}
      />
      {loop !== null ? (
        <FormField
          label={t('workflowBuilder.edge.maxIterations')}
          hint={t('workflowBuilder.edge.maxIterationsHint', { max: LIMITS.loop[1] })}
          inputMode="numeric"
          value={typed}
          error={error ?? server}
          onChange={(e) => {
            setTyped(e.target.value);
            const parsed = loopSchema.safeParse(e.target.value);
            if (parsed.success) {
              setError(undefined);
              onLoop(parsed.data);
            } else setError(msg(parsed.error.issues[0]?.message));
          }}
        />
      ) : null}
      <ProblemList problems={problems.map(listed)} label={t('workflowBuilder.inspector.problems')} />
      <DeleteButton label={t('workflowBuilder.edge.delete')} onClick={onDelete} />
    </div>
  );
}
