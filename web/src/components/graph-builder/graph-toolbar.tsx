import { Download, LayoutGrid, Maximize, Redo2, Undo2, Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

function ToolButton({ label, shortcut, onClick, disabled, children }: { label: string; shortcut?: string; onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      title={shortcut ? `${label} (${shortcut})` : label}
      aria-keyshortcuts={shortcut?.replace(/Ctrl/g, 'Control')}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-sm text-zinc-700 transition-colors hover:bg-zinc-100 disabled:pointer-events-none disabled:opacity-40 dark:text-zinc-300 dark:hover:bg-zinc-800',
      )}
    >
      {children}
      <span className="sr-only @2xl:not-sr-only">{label}</span>
    </button>
  );
}

export type GraphToolbarLabels = { label: string; undo: string; redo: string; layout: string; fitView: string; import: string; export: string };

/**
 * A graph builder's canvas tools: undo, redo, tidy up (automatic layout), zoom to fit, import and
 * export; their words show beside their icons when the canvas's column is wide enough for them.
 */
export function GraphToolbar({
  labels,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  onLayout,
  onFit,
  onImport,
  onExport,
}: {
  labels: GraphToolbarLabels;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onLayout: () => void;
  onFit: () => void;
  onImport: () => void;
  onExport: () => void;
}) {
  return (
    <div className="@container min-w-0 flex-1">
      <div role="toolbar" aria-label={labels.label} className="flex flex-wrap items-center gap-0.5">
      <ToolButton label={labels.undo} shortcut="Ctrl+Z" onClick={onUndo} disabled={!canUndo}>
        <Undo2 aria-hidden className="size-4 rtl:-scale-x-100" />
      </ToolButton>
      <ToolButton label={labels.redo} shortcut="Ctrl+Shift+Z" onClick={onRedo} disabled={!canRedo}>
        <Redo2 aria-hidden className="size-4 rtl:-scale-x-100" />
      </ToolButton>
      <span aria-hidden className="mx-1 h-5 w-px bg-zinc-200 dark:bg-zinc-700" />
      <ToolButton label={labels.layout} onClick={onLayout}>
        <LayoutGrid aria-hidden className="size-4" />
      </ToolButton>
      <ToolButton label={labels.fitView} onClick={onFit}>
        <Maximize aria-hidden className="size-4" />
      </ToolButton>
      <span aria-hidden className="mx-1 h-5 w-px bg-zinc-200 dark:bg-zinc-700" />
      <ToolButton label={labels.import} onClick={onImport}>
        <Upload aria-hidden className="size-4" />
      </ToolButton>
      <ToolButton label={labels.export} onClick={onExport}>
        <Download aria-hidden className="size-4" />
      </ToolButton>
      </div>
    </div>
  );
}
