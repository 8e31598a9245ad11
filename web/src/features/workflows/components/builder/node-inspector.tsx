import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { KindHeading } from '@/components/graph-builder/kind-heading';
import { ProblemList } from '@/components/graph-builder/problem-list';
import { DeleteButton } from '@/components/graph-builder/selection-panel';
import type { Trigger } from '@/features/workflows/api/workflows';
import { KIND_LOOKS } from '@/features/workflows/components/builder/node-catalog';
import { formFieldOf } from '@/features/workflows/components/builder/node-form-schema';
import { NodeForm } from '@/features/workflows/components/builder/node-form';
import { NodeIdField } from '@/features/workflows/components/builder/node-id-field';
import { listed, type Placed } from '@/features/workflows/components/builder/problems';
import { TriggerPanel } from '@/features/workflows/components/builder/trigger-panel';
import type { FlowNode, NodeConfig } from '@/features/workflows/components/builder/types';

/**
 * The selected node: its type, id, settings and problems; the trigger node also shows what
 * starts the workflow.
 */
export function NodeInspector({
  node,
  revision,
  takenIds,
  problems,
  trigger,
  triggerProblems,
  webhookUrl,
  onUpdate,
  onRename,
  onTrigger,
  onDelete,
}: {
  node: FlowNode;
  revision: number;
  takenIds: ReadonlySet<string>;
  problems: readonly Placed[];
  trigger: Trigger;
  triggerProblems: readonly Placed[];
  webhookUrl: string | null;
  onUpdate: (id: string, patch: Partial<NodeConfig>) => void;
  onRename: (from: string, to: string) => void;
  onTrigger: (trigger: Trigger) => void;
  onDelete: (id: string) => void;
}) {
  const { t } = useTranslation('dashboard');
  const { id, data } = node;
  const update = useCallback((patch: Partial<NodeConfig>) => onUpdate(id, patch), [onUpdate, id]);
  const others = useMemo(() => new Set([...takenIds].filter((x) => x !== id)), [takenIds, id]);
  // The server's problems by form field, for the fields to show.
  const byField = useMemo(() => {
    const map = new Map<string, string>();
    for (const p of problems) if (p.at.kind === 'node' && p.at.path && !map.has(formFieldOf(p.at.path))) map.set(formFieldOf(p.at.path), p.message);
    return map;
  }, [problems]);
  return (
    <div className="space-y-5">
      <KindHeading look={KIND_LOOKS[data.kind]} title={t(`workflowBuilder.kinds.${data.kind}.label`)} description={t(`workflowBuilder.kinds.${data.kind}.description`)} />
      <ProblemList problems={problems.map(listed)} label={t('workflowBuilder.inspector.problems')} />
      <NodeIdField key={`id:${id}:${revision}`} id={id} taken={others} onRename={(to) => onRename(id, to)} serverError={byField.get('id')} />
      <NodeForm key={`form:${id}:${revision}`} node={data} problems={byField} onChange={update} />
      {data.kind === 'trigger' ? (
        <section aria-labelledby="builder-trigger-title" className="space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <h3 id="builder-trigger-title" className="text-sm font-semibold">
            {t('workflowBuilder.trigger.title')}
          </h3>
          <TriggerPanel key={`trigger:${revision}`} trigger={trigger} webhookUrl={webhookUrl} problems={triggerProblems} onChange={onTrigger} />
        </section>
      ) : (
        <DeleteButton label={t('workflowBuilder.inspector.deleteNode')} onClick={() => onDelete(id)} />
      )}
    </div>
  );
}
