import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { KindHeading } from '@/components/graph-builder/kind-heading';
import { ProblemList } from '@/components/graph-builder/problem-list';
import { DeleteButton } from '@/components/graph-builder/selection-panel';
import { FlowNodeForm } from '@/features/flows/components/node-form';
import { KIND_LOOKS } from '@/features/flows/utils/catalog';
import { listedProblem, type FlowProblem } from '@/features/flows/utils/problems';
import type { CanvasNode, FlowMode, FlowNodeConfig } from '@/features/flows/utils/types';

/** The selected node: its type, id, settings and problems (the start: what it is for). */
export function NodeInspector({
  node,
  mode,
  revision,
  problems,
  onUpdate,
  onDelete,
}: {
  node: CanvasNode;
  mode: FlowMode;
  revision: number;
  problems: readonly FlowProblem[];
  onUpdate: (id: string, patch: Partial<FlowNodeConfig>) => void;
  onDelete: (id: string) => void;
}) {
  const { t } = useTranslation('dashboard');
  const { id, data } = node;
  const update = useCallback((patch: Partial<FlowNodeConfig>) => onUpdate(id, patch), [onUpdate, id]);
  // The problems by form field, for the fields to show.
  const byField = useMemo(() => {
    const map = new Map<string, string>();
    for (const p of problems) if (p.at.kind === 'node' && p.at.path && !map.has(p.at.path)) map.set(p.at.path, p.message);
    return map;
  }, [problems]);
  return (
    <div className="space-y-5">
      <KindHeading look={KIND_LOOKS[data.kind]} title={t(`flowBuilder.kinds.${data.kind}.label`)} description={t(`flowBuilder.kinds.${data.kind}.description`)} />
      <ProblemList problems={problems.map(listedProblem)} label={t('flowBuilder.inspector.problems')} />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        {t('flowBuilder.inspector.id')}{' '}
        <bdi dir="ltr" className="rounded bg-zinc-100 px-1 py-px font-mono text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
          {id}
        </bdi>
      </p>
      <FlowNodeForm key={`${id}:${revision}`} node={data} mode={mode} problems={byField} onChange={update} />
      {data.kind === 'start' ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('flowBuilder.inspector.startHint')}</p> : <DeleteButton label={t('flowBuilder.inspector.deleteNode')} onClick={() => onDelete(id)} />}
    </div>
  );
}
