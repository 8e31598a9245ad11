import { AlertCircle } from 'lucide-react';

export type ListedProblem = { field: string; message: string; /** Where in the node or edge (`data.url`), if anywhere. */ path?: string };

/** Problems as a list of messages (under a node's or an edge's inspector, in a problems panel). */
export function ProblemList({ problems, label }: { problems: readonly ListedProblem[]; label: string }) {
  if (problems.length === 0) return null;
  return (
    <div role="group" aria-label={label} className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 dark:border-red-900 dark:bg-red-950/40">
      <p className="text-xs font-semibold text-red-800 dark:text-red-300">{label}</p>
      <ul className="mt-1 space-y-1">
        {problems.map((p) => (
          <li key={`${p.field}:${p.message}`} className="flex items-start gap-1.5 text-sm text-red-700 dark:text-red-300" data-testid="node-problem">
            <AlertCircle aria-hidden className="mt-0.5 size-3.5 shrink-0" />
            <span>
              {p.message}
              {p.path ? (
                <code dir="ltr" className="ms-1.5 font-mono text-[11px]">
                  {p.path}
                </code>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Problems as rows, each saying where it is and, for one on a node or an edge, a button showing
 * it (the graph builders' problems panels).
 */
export function ProblemRows({ problems, showLabel, onShow }: { problems: readonly (ListedProblem & { where: string; showable: boolean })[]; showLabel: string; onShow: (index: number) => void }) {
  if (problems.length === 0) return null;
  return (
    <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
      {problems.map((p, i) => (
        <li key={`${p.field}:${i}`} className="flex items-start gap-2 px-3 py-2 text-sm">
          <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0 text-red-600 dark:text-red-400" />
          <div className="min-w-0 flex-1">
            <p className="font-medium">{p.where}</p>
            <p className="text-zinc-700 dark:text-zinc-300">{p.message}</p>
            <code dir="ltr" className="block truncate font-mono text-[11px] text-zinc-500 dark:text-zinc-400">
              {p.field}
            </code>
          </div>
          {p.showable ? (
            <button
              type="button"
              onClick={() => onShow(i)}
              className="shrink-0 rounded-md px-2 py-1 text-xs font-medium text-accent-700 hover:bg-accent-50 dark:text-accent-300 dark:hover:bg-accent-500/10"
            >
              {showLabel}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
