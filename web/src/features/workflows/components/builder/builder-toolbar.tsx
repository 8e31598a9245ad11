import { Download, LayoutGrid, Maximize, Redo2, Undo2, Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
      <span className="sr-only xl:not-sr-only">{label}</span>
    </button>
  );
}

/** The canvas's tools: undo, redo, tidy up (automatic layout), zoom to fit, import and export. */
export function BuilderToolbar({
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  onLayout,
  onFit,
  onImport,
  onExport,
}: {
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onLayout: () => void;
  onFit: () => void;
  onImport: () => void;
  onExport: () => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <div role="toolbar" aria-label={t('workflowBuilder.toolbar.label')} className="flex flex-wrap items-center gap-0.5">
      <ToolButton label={t('workflowBuilder.toolbar.undo')} shortcut="Ctrl+Z" onClick={onUndo} disabled={!canUndo}>
        <Undo2 aria-hidden className="size-4 rtl:-scale-x-100" />
      </ToolButton>
      <ToolButton label={t('workflowBuilder.toolbar.redo')} shortcut="Ctrl+Shift+Z" onClick={onRedo} disabled={!canRedo}>
        <Redo2 aria-hidden className="size-4 rtl:-scale-x-100" />
      </ToolButton>
      <span aria-hidden className="mx-1 h-5 w-px bg-zinc-200 dark:bg-zinc-700" />
      <ToolButton label={t('workflowBuilder.toolbar.layout')} onClick={onLayout}>
        <LayoutGrid aria-hidden className="size-4" />
      </ToolButton>
      <ToolButton label={t('workflowBuilder.toolbar.fitView')} onClick={onFit}>
        <Maximize aria-hidden className="size-4" />
      </ToolButton>
      <span aria-hidden className="mx-1 h-5 w-px bg-zinc-200 dark:bg-zinc-700" />
      <ToolButton label={t('workflowBuilder.toolbar.import')} onClick={onImport}>
        <Upload aria-hidden className="size-4" />
      </ToolButton>
      <ToolButton label={t('workflowBuilder.toolbar.export')} onClick={onExport}>
        <Download aria-hidden className="size-4" />
      </ToolButton>
    </div>
  );
}
