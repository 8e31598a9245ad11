import { useTranslation } from 'react-i18next';
import { ProblemList } from '@/components/graph-builder/problem-list';
import { DeleteButton } from '@/components/graph-builder/selection-panel';
import { listedProblem, type FlowProblem } from '@/features/flows/utils/problems';
import type { CanvasEdge } from '@/features/flows/utils/types';

/** A connection: where it comes from and goes, which way it leaves its node, its problems. */
export function EdgeInspector({ edge, nodeLabel, wayLabel, problems, onDelete }: { edge: CanvasEdge; nodeLabel: (id: string) => string; wayLabel: string; problems: readonly FlowProblem[]; onDelete: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
        <dt className="text-zinc-500 dark:text-zinc-400">{t('flowBuilder.edge.from')}</dt>
        <dd className="min-w-0 truncate font-medium">{nodeLabel(edge.source)}</dd>
        <dt className="text-zinc-500 dark:text-zinc-400">{t('flowBuilder.edge.to')}</dt>
        <dd className="min-w-0 truncate font-medium">{nodeLabel(edge.target)}</dd>
        <dt className="text-zinc-500 dark:text-zinc-400">{t('flowBuilder.edge.way')}</dt>
        <dd dir="auto">{wayLabel}</dd>
      </dl>
      <ProblemList problems={problems.map(listedProblem)} label={t('flowBuilder.inspector.problems')} />
      <DeleteButton label={t('flowBuilder.edge.delete')} onClick={onDelete} />
    </div>
  );
}
