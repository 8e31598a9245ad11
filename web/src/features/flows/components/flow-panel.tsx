import { CheckCircle2, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ltr } from '@/components/graph-builder/ltr';
import { ProblemRows } from '@/components/graph-builder/problem-list';
import { Button } from '@/components/ui/button';
import type { FlowProblem, FlowProblems } from '@/features/flows/utils/problems';

/**
 * Nothing selected: the flow as a whole: how big it is, how its texts use variables, every
 * problem (each with a button showing its node or connection), and removing the flow.
 */
export function FlowPanel({
  counts,
  problems,
  fromSave,
  nodeLabel,
  onShow,
  onRemove,
  canRemove,
}: {
  counts: { nodes: number; edges: number };
  problems: FlowProblems;
  /** The problems are the server's, from the last save. */
  fromSave: boolean;
  nodeLabel: (id: string) => string;
  onShow: (p: FlowProblem) => void;
  onRemove: () => void;
  canRemove: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const where = (p: FlowProblem) => (p.at.kind === 'node' ? nodeLabel(p.at.id) : p.at.kind === 'edge' ? t('flowBuilder.problems.edge', { id: p.at.id }) : t('flowBuilder.problems.flow'));
  return (
    <div className="space-y-5">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('flowBuilder.inspector.nothingSelected')}</p>
      <p className="text-sm">
        {t('flowBuilder.panel.nodes', { count: counts.nodes })} · {t('flowBuilder.panel.edges', { count: counts.edges })}
      </p>
      <p className="text-xs leading-relaxed text-zinc-500 dark:text-zinc-400">{t('flowBuilder.panel.variables', { variable: ltr('{{ vars.email }}'), message: ltr('{{ message }}') })}</p>
      <section aria-labelledby="flow-problems-title" className="space-y-2" data-testid="flow-problems">
        <h3 id="flow-problems-title" className="text-sm font-semibold">
          {t('flowBuilder.problems.title')}
        </h3>
        <p role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          {problems.all.length === 0 ? (
            <>
              <CheckCircle2 aria-hidden className="size-4 text-emerald-600 dark:text-emerald-400" />
              {t('flowBuilder.problems.none')}
            </>
          ) : (
            t(fromSave ? 'flowBuilder.problems.fromSave' : 'flowBuilder.problems.count', { count: problems.all.length })
          )}
        </p>
        <ProblemRows
          problems={problems.all.map((p) => ({ field: p.field, message: p.message, where: where(p), showable: p.at.kind !== 'flow' }))}
          showLabel={t('flowBuilder.problems.show')}
          onShow={(i) => onShow(problems.all[i])}
        />
      </section>
      {canRemove ? (
        <section className="space-y-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('flowBuilder.remove.hint')}</p>
          <Button variant="ghost" size="sm" className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40" onClick={onRemove}>
            <Trash2 aria-hidden className="size-4" />
            {t('flowBuilder.remove.button')}
          </Button>
        </section>
      ) : null}
    </div>
  );
}
