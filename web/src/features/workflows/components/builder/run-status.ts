import type { Execution, ExecutionStatus, Step, StepStatus } from '@/features/workflows/api/workflows';

// A test run as the canvas lights it: each node's latest step (a loop runs a node again; its
// last iteration is what it shows now).

export const RUN_FINISHED: readonly ExecutionStatus[] = ['succeeded', 'failed', 'canceled'];
export const isFinished = (status: ExecutionStatus) => RUN_FINISHED.includes(status);

/** Each node's latest step. */
export function latestSteps(run: Execution | null | undefined): Map<string, Step> {
  const out = new Map<string, Step>();
  for (const step of run?.steps ?? []) {
    const seen = out.get(step.nodeId);
    if (!seen || step.iteration >= seen.iteration) out.set(step.nodeId, step);
  }
  return out;
}

/** The colours of a step's status, on a node and as a badge. */
export const STATUS_TONES: Record<StepStatus, { ring: string; badge: string; pulse: boolean }> = {
  pending: { ring: 'border-sky-500 dark:border-sky-400', badge: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200', pulse: true },
  running: { ring: 'border-sky-500 dark:border-sky-400', badge: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200', pulse: true },
  waiting: { ring: 'border-amber-500 dark:border-amber-400', badge: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200', pulse: false },
  succeeded: { ring: 'border-emerald-500 dark:border-emerald-400', badge: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200', pulse: false },
  failed: { ring: 'border-red-500 dark:border-red-400', badge: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200', pulse: false },
  skipped: { ring: 'border-zinc-300 border-dashed dark:border-zinc-600', badge: 'bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300', pulse: false },
  canceled: { ring: 'border-zinc-500 border-dashed dark:border-zinc-400', badge: 'bg-zinc-200 text-zinc-700 dark:bg-zinc-700 dark:text-zinc-200', pulse: false },
};
