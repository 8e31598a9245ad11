import { Handle, Position } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { useCanvasDecor } from '@/features/workflows/components/builder/canvas-context';

// The handles of the nodes. The way in sits on the start side, the ways out on the end side
// (mirrored in a right-to-left language), a node's `error` way at its bottom. Each is an image
// named by its way (xyflow names every handle; a name needs a role).

const base = 'size-3! border-2! bg-white! dark:bg-zinc-900!';

/** Where the flow comes in and goes out, by the canvas's direction. */
function useSides() {
  const { rtl } = useCanvasDecor();
  return { start: rtl ? Position.Right : Position.Left, end: rtl ? Position.Left : Position.Right };
}

export function TargetHandle() {
  const { t } = useTranslation('dashboard');
  const { start } = useSides();
  return <Handle type="target" role="img" position={start} aria-label={t('workflowBuilder.handles.in')} className={cn(base, 'border-zinc-400! dark:border-zinc-500!')} />;
}

/** The usual way out (no id: what an edge without `sourceHandle` leaves by). */
export function NextHandle() {
  const { t } = useTranslation('dashboard');
  const { end } = useSides();
  return <Handle type="source" role="img" position={end} aria-label={t('workflowBuilder.handles.next')} className={cn(base, 'border-accent-500! dark:border-accent-400!')} />;
}

/** The way taken when the node fails for good. */
export function ErrorHandle() {
  const { t } = useTranslation('dashboard');
  return (
    <Handle
      type="source"
      role="img"
      id="error"
      position={Position.Bottom}
      aria-label={t('workflowBuilder.handles.error')}
      title={t('workflowBuilder.handles.error')}
      className="size-2.5! border-2! border-red-500! bg-red-100! dark:border-red-400! dark:bg-red-950!"
    />
  );
}

/** A condition's `true` or `false` way, labelled inside the node beside it. */
export function BranchHandle({ branch, top }: { branch: 'true' | 'false'; top: string }) {
  const { t } = useTranslation('dashboard');
  const { end } = useSides();
  const label = t(`workflowBuilder.handles.${branch}`);
  return (
    <>
      <Handle
        type="source"
        role="img"
        id={branch}
        position={end}
        style={{ top }}
        aria-label={label}
        className={cn(base, branch === 'true' ? 'border-emerald-500! dark:border-emerald-400!' : 'border-slate-500! dark:border-slate-400!')}
      />
      <span
        aria-hidden
        style={{ top }}
        className={cn(
          'pointer-events-none absolute -translate-y-1/2 text-[10px] font-semibold tracking-wide uppercase',
          'end-2.5',
          branch === 'true' ? 'text-emerald-600 dark:text-emerald-400' : 'text-slate-500 dark:text-slate-400',
        )}
      >
        {label}
      </span>
    </>
  );
}
