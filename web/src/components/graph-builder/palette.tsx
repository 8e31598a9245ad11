import type { LucideIcon } from 'lucide-react';
import { cn } from '@/components/ui/cn';

/** The drag-and-drop type of a palette item (its value: the node type). */
export const PALETTE_DND_TYPE = 'application/x-agentforge-node';

/** A node type's look: its icon, the icon's tile (classes) and its colour on the minimap. */
export type KindLook = { icon: LucideIcon; tile: string; color: string };

export type PaletteItem<K extends string> = { kind: K; label: string; description: string; look: KindLook };

/**
 * The node types to add, in a row above the canvas: drag one onto the canvas (it lands where it
 * is dropped), or click it (or press Enter on it) to add it (where is the builder's choice:
 * after the selected node, joined to it, or beside the others).
 */
export function Palette<K extends string>({ title, hint, items, onAdd }: { title: string; hint: string; items: readonly PaletteItem<K>[]; onAdd: (kind: K) => void }) {
  return (
    <nav aria-labelledby="builder-palette-title" className="flex min-w-0 items-start gap-3">
      <h2 id="builder-palette-title" className="shrink-0 pt-1.5 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
        {title}
      </h2>
      <p id="builder-palette-hint" className="sr-only">
        {hint}
      </p>
      <ul className="flex min-w-0 flex-wrap gap-1.5">
        {items.map(({ kind, label, description, look }) => {
          const Icon = look.icon;
          return (
            <li key={kind}>
              <button
                type="button"
                draggable
                data-testid={`palette-${kind}`}
                aria-describedby="builder-palette-hint"
                title={description}
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
                {label}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
