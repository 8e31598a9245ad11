import { Copy, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

export type SelectionLabels = { count: string; hint: string; copy: string; delete: string };

/** Several nodes or edges selected: how many, and copy or delete them. */
export function SelectionPanel({ labels, onCopy, onDelete }: { labels: SelectionLabels; onCopy: () => void; onDelete: () => void }) {
  return (
    <div className="space-y-4">
      <p className="text-sm font-medium">{labels.count}</p>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{labels.hint}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onCopy}>
          <Copy aria-hidden className="size-4" />
          {labels.copy}
        </Button>
        <DeleteButton label={labels.delete} onClick={onDelete} />
      </div>
    </div>
  );
}

/** The red "Delete …" button of an inspector. */
export function DeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40" onClick={onClick}>
      <Trash2 aria-hidden className="size-4" />
      {label}
    </Button>
  );
}
