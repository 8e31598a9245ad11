import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import type { ExecutionStatus, NodeKind, StepStatus, WorkflowStatus } from '@/features/workflows/api/workflows';
import { isNodeKind } from '@/features/workflows/utils/labels';

const green = 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/30';
const grey = 'bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-500/10 dark:text-zinc-300 dark:ring-zinc-400/30';
const red = 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/30';
const amber = 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/30';
const blue = 'bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-400/30';

type Look = { className: string; dot: string; pulse?: boolean };

function Badge({ look, children, testId, value }: { look: Look; children: ReactNode; testId: string; value: string }) {
  return (
    <span
      data-testid={testId}
      data-status={value}
      className={cn('inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', look.className)}
    >
      <span aria-hidden className={cn('size-1.5 rounded-full', look.dot, look.pulse && 'animate-pulse')} />
      {children}
    </span>
  );
}

const workflowLooks: Record<WorkflowStatus, Look> = {
  draft: { className: grey, dot: 'bg-zinc-400' },
  active: { className: green, dot: 'bg-emerald-500' },
  paused: { className: amber, dot: 'bg-amber-500' },
};

/** Draft, active or paused. */
export function WorkflowStatusBadge({ status }: { status: WorkflowStatus }) {
  const { t } = useTranslation('dashboard');
  return (
    <Badge look={workflowLooks[status]} testId="workflow-status" value={status}>
      {t(`workflows.status.${status}`)}
    </Badge>
  );
}

const runLooks: Record<ExecutionStatus, Look> = {
  queued: { className: blue, dot: 'bg-sky-500', pulse: true },
  running: { className: blue, dot: 'bg-sky-500', pulse: true },
  succeeded: { className: green, dot: 'bg-emerald-500' },
  failed: { className: red, dot: 'bg-red-500' },
  canceled: { className: grey, dot: 'bg-zinc-400' },
};

/** Where a run stands; one still going pulses. */
export function RunStatusBadge({ status }: { status: ExecutionStatus }) {
  const { t } = useTranslation('dashboard');
  return (
    <Badge look={runLooks[status]} testId="run-status" value={status}>
      {t(`workflows.runStatus.${status}`)}
    </Badge>
  );
}

const stepLooks: Record<StepStatus, Look> = {
  pending: { className: grey, dot: 'bg-zinc-400' },
  running: { className: blue, dot: 'bg-sky-500', pulse: true },
  waiting: { className: amber, dot: 'bg-amber-500', pulse: true },
  succeeded: { className: green, dot: 'bg-emerald-500' },
  failed: { className: red, dot: 'bg-red-500' },
  skipped: { className: grey, dot: 'bg-zinc-300 dark:bg-zinc-600' },
  canceled: { className: grey, dot: 'bg-zinc-400' },
};

/** Where one node's step stands. */
export function StepStatusBadge({ status }: { status: StepStatus }) {
  const { t } = useTranslation('dashboard');
  return (
    <Badge look={stepLooks[status]} testId="step-status" value={status}>
      {t(`workflows.stepStatus.${status}`)}
    </Badge>
  );
}

/** A node's type, in words (a type the API adds later shows as it is). */
export function NodeKindTag({ kind }: { kind: NodeKind | string }) {
  const { t } = useTranslation('dashboard');
  return (
    <span className="inline-flex shrink-0 items-center whitespace-nowrap rounded-md bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
      {isNodeKind(kind) ? t(`workflows.nodeKinds.${kind}`) : kind}
    </span>
  );
}
