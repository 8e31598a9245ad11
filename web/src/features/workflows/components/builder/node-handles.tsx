import { useTranslation } from 'react-i18next';
import { BottomHandle, InHandle, OutHandle } from '@/components/graph-builder/handles';
import { cn } from '@/components/ui/cn';
import { useCanvasDecor } from '@/features/workflows/components/builder/canvas-context';

// The handles of the workflow's nodes (the shared ones): the way in on the start side, the ways
// out on the end side (mirrored in a right-to-left language), a node's `error` way at its bottom.

export function TargetHandle() {
  const { t } = useTranslation('dashboard');
  return <InHandle label={t('workflowBuilder.handles.in')} rtl={useCanvasDecor().rtl} />;
}

/** The usual way out (no id: what an edge without `sourceHandle` leaves by). */
export function NextHandle() {
  const { t } = useTranslation('dashboard');
  return <OutHandle label={t('workflowBuilder.handles.next')} rtl={useCanvasDecor().rtl} />;
}

/** The way taken when the node fails for good. */
export function ErrorHandle() {
  const { t } = useTranslation('dashboard');
  return <BottomHandle id="error" label={t('workflowBuilder.handles.error')} className="border-red-500! bg-red-100! dark:border-red-400! dark:bg-red-950!" />;
}

/** A condition's `true` or `false` way, labelled inside the node beside it. */
export function BranchHandle({ branch, top }: { branch: 'true' | 'false'; top: string }) {
  const { t } = useTranslation('dashboard');
  const { rtl } = useCanvasDecor();
  const label = t(`workflowBuilder.handles.${branch}`);
  return (
    <>
      <OutHandle id={branch} label={label} rtl={rtl} style={{ top }} border={branch === 'true' ? 'border-emerald-500! dark:border-emerald-400!' : 'border-slate-500! dark:border-slate-400!'} />
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
