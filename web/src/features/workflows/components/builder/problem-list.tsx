import { AlertCircle } from 'lucide-react';
import type { Placed } from '@/features/workflows/components/builder/problems';

/** Problems as a list of messages (under a node's or an edge's inspector, in the problems panel). */
export function ProblemList({ problems, label }: { problems: readonly Placed[]; label: string }) {
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
              {p.at.kind !== 'workflow' && p.at.path ? (
                <code dir="ltr" className="ms-1.5 font-mono text-[11px]">
                  {p.at.path}
                </code>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
