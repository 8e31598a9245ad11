import { Trash2 } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { Trigger } from '@/features/workflows/api/workflows';
import { KIND_LOOKS } from '@/features/workflows/components/builder/node-catalog';
import { formFieldOf } from '@/features/workflows/components/builder/node-form-schema';
import { NodeForm } from '@/features/workflows/components/builder/node-form';
import { NodeIdField } from '@/features/workflows/components/builder/node-id-field';
import type { Placed } from '@/features/workflows/components/builder/problems';
import { ProblemList } from '@/features/workflows/components/builder/problem-list';
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
  const look = KIND_LOOKS[data.kind];
  const Icon = look.icon;
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
      <div className="flex items-start gap-3">
        <span aria-hidden className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', look.tile)}>
          <Icon className="size-5" />
        </span>
        <div className="min-w-0">
          <h3 className="text-base font-semibold">{t(`workflowBuilder.kinds.${data.kind}.label`)}</h3>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{t(`workflowBuilder.kinds.${data.kind}.description`)}</p>
        </div>
      </div>
      <ProblemList problems={problems} label={t('workflowBuilder.inspector.problems')} />
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
        <Button variant="ghost" size="sm" className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40" onClick={() => onDelete(id)}>
          <Trash2 aria-hidden className="size-4" />
          {t('workflowBuilder.inspector.deleteNode')}
        </Button>
      )}
    </div>
  );
}
