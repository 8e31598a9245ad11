import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import type { NodeKind } from '@/features/workflows/api/workflows';
import { KIND_LOOKS } from '@/features/workflows/components/builder/node-catalog';
import { PALETTE_KINDS } from '@/features/workflows/components/builder/types';

/** The drag-and-drop type of a palette item (its value: the node type). */
export const PALETTE_DND_TYPE = 'application/x-agentforge-node';

/**
 * The node types to add, in a row above the canvas: drag one onto the canvas (it lands where it
 * is dropped), or click it (or press Enter on it) to add it: after the selected node, joined to
 * it, or beside the others.
 */
export function Palette({ onAdd, withTrigger = false }: { onAdd: (kind: NodeKind) => void; /** Offer the trigger too (a graph that lost it). */ withTrigger?: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <nav aria-labelledby="builder-palette-title" className="flex min-w-0 items-start gap-3">
      <h2 id="builder-palette-title" className="shrink-0 pt-1.5 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
        {t('workflowBuilder.palette.title')}
      </h2>
      <p id="builder-palette-hint" className="sr-only">
        {t('workflowBuilder.palette.hint')}
      </p>
      <ul className="flex min-w-0 flex-wrap gap-1.5">
        {(withTrigger ? (['trigger', ...PALETTE_KINDS] as const) : PALETTE_KINDS).map((kind) => {
          const look = KIND_LOOKS[kind];
          const Icon = look.icon;
          return (
            <li key={kind}>
              <button
                type="button"
                draggable
                data-testid={`palette-${kind}`}
                aria-describedby="builder-palette-hint"
                title={t(`workflowBuilder.kinds.${kind}.description`)}
                onDragStart={(e) => {
                  e.dataTransfer.setData(PALETTE_DND_TYPE, kind);
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onClick={() => onAdd(kind)}
                className="flex cursor-grab items-center gap-1.5 rounded-lg border border-zinc-200 bg-white py-1 ps-1 pe-2.5 text-[13px] font-medium shadow-sm transition hover:border-accent-400 hover:bg-accent-50/50 active:cursor-grabbing dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-accent-500/60 dark:hover:bg-accent-500/10"
              >
                <span aria-hidden className={cn('flex size-6 shrink-0 items-center justify-center rounded-md', look.tile)}>
                  <Icon className="size-3.5" />
                </span>
                {t(`workflowBuilder.kinds.${kind}.label`)}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
