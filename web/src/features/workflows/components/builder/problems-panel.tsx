import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ProblemRows } from '@/components/graph-builder/problem-list';
import { Spinner } from '@/components/ui/spinner';
import type { Placed, ProblemIndex } from '@/features/workflows/components/builder/problems';

/**
 * Every problem the server found with the graph as it is now (checked half a second after each
 * change) or with the last save, each with a button showing the node or edge it is about.
 */
export function ProblemsPanel({
  problems,
  checking,
  failed,
  nodeLabel,
  onShow,
}: {
  problems: ProblemIndex;
  checking: boolean;
  failed: string | null;
  nodeLabel: (id: string) => string;
  onShow: (p: Placed) => void;
}) {
  const { t } = useTranslation('dashboard');
  const where = (p: Placed) => {
    switch (p.at.kind) {
      case 'node':
        return nodeLabel(p.at.id);
      case 'edge':
        return t('workflowBuilder.problems.edge', { id: p.at.id });
      case 'trigger':
        return t('workflowBuilder.trigger.title');
      case 'workflow':
        return t('workflowBuilder.problems.workflow');
    }
  };
  return (
    <div className="space-y-2" data-testid="problems-panel">
      <p role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        {checking ? (
          <>
            <Spinner className="size-3.5" />
            {t('workflowBuilder.problems.checking')}
          </>
        ) : failed ? (
          t('workflowBuilder.problems.checkFailed', { message: failed })
        ) : problems.all.length === 0 ? (
          <>
            <CheckCircle2 aria-hidden className="size-4 text-emerald-600 dark:text-emerald-400" />
            {t('workflowBuilder.problems.none')}
          </>
        ) : (
          t('workflowBuilder.problems.count', { count: problems.all.length })
        )}
      </p>
      <ProblemRows
        problems={problems.all.map((p) => ({ field: p.field, message: p.message, where: where(p), showable: p.at.kind !== 'workflow' }))}
        showLabel={t('workflowBuilder.problems.show')}
        onShow={(i) => onShow(problems.all[i])}
      />
    </div>
  );
}
