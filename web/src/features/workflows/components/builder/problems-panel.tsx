import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
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
      {problems.all.length ? (
        <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {problems.all.map((p, i) => (
            <li key={`${p.field}:${i}`} className="flex items-start gap-2 px-3 py-2 text-sm">
              <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0 text-red-600 dark:text-red-400" />
              <div className="min-w-0 flex-1">
                <p className="font-medium">{where(p)}</p>
                <p className="text-zinc-700 dark:text-zinc-300">{p.message}</p>
                <code dir="ltr" className="block truncate font-mono text-[11px] text-zinc-500 dark:text-zinc-400">
                  {p.field}
                </code>
              </div>
              {p.at.kind === 'node' || p.at.kind === 'edge' || p.at.kind === 'trigger' ? (
                <button
                  type="button"
                  onClick={() => onShow(p)}
                  className="shrink-0 rounded-md px-2 py-1 text-xs font-medium text-accent-700 hover:bg-accent-50 dark:text-accent-300 dark:hover:bg-accent-500/10"
                >
                  {t('workflowBuilder.problems.show')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
