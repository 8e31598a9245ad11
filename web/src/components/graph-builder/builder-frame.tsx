import { Save } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/**
 * A graph builder's screen, the whole height under the dashboard's bar: its header, an optional
 * notice, then the toolbar (with a spoken announcement), the palette, the canvas and what goes
 * under it, beside them the inspector (titled) and an optional panel (`side`); `children` are its
 * dialogs.
 */
export function BuilderFrame({
  testId,
  header,
  notice,
  toolbar,
  announcement,
  palette,
  canvas,
  below,
  inspectorTitle,
  inspector,
  side,
  children,
}: {
  testId: string;
  header: ReactNode;
  notice?: ReactNode;
  toolbar: ReactNode;
  announcement: string;
  palette: ReactNode;
  canvas: ReactNode;
  below?: ReactNode;
  inspectorTitle: string;
  inspector: ReactNode;
  side?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="-mx-4 -my-8 flex h-[calc(100dvh-3.5rem)] min-h-[34rem] flex-col sm:-mx-6 lg:-mx-10" data-testid={testId}>
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-zinc-200 px-4 py-2.5 dark:border-zinc-800">{header}</header>
      {notice}
      <div className="flex min-h-0 flex-1">
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="flex items-center gap-2 border-b border-zinc-200 px-2 py-1 dark:border-zinc-800">
            {toolbar}
            <p role="status" className="sr-only">
              {announcement}
            </p>
          </div>
          <div className="border-b border-zinc-200 bg-zinc-50/60 px-3 py-2 dark:border-zinc-800 dark:bg-zinc-900/40">{palette}</div>
          <div className="relative min-h-0 flex-1">{canvas}</div>
          {below}
        </div>
        <aside aria-labelledby="builder-inspector-title" className="flex w-80 shrink-0 flex-col border-s border-zinc-200 dark:border-zinc-800">
          <h2 id="builder-inspector-title" className="border-b border-zinc-200 px-4 py-2.5 text-sm font-semibold dark:border-zinc-800">
            {inspectorTitle}
          </h2>
          <div className="min-h-0 flex-1 overflow-y-auto p-4">{inspector}</div>
        </aside>
        {side}
      </div>
      {children}
    </div>
  );
}

/** A builder's Save: saving, or a dot while there are unsaved changes; Ctrl/⌘+S does the same. */
export function SaveButton({ label, savingLabel, pending, dirty, disabled, onSave }: { label: string; savingLabel: string; pending: boolean; dirty: boolean; disabled?: boolean; onSave: () => void }) {
  return (
    <Button size="sm" onClick={onSave} disabled={disabled || pending || !dirty} aria-keyshortcuts="Control+S">
      {pending ? <Spinner className="size-4 border-white/40 border-t-white" /> : <Save aria-hidden className="size-4" />}
      {pending ? savingLabel : label}
      {dirty && !pending ? <span aria-hidden className="size-2 rounded-full bg-amber-300" /> : null}
    </Button>
  );
}
