import { Copy, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Several nodes or edges selected: how many, and copy or delete them. */
export function SelectionPanel({ count, onCopy, onDelete }: { count: number; onCopy: () => void; onDelete: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="space-y-4">
      <p className="text-sm font-medium">{t('workflowBuilder.inspector.selected', { count })}</p>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('workflowBuilder.inspector.selectedHint')}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onCopy}>
          <Copy aria-hidden className="size-4" />
          {t('workflowBuilder.inspector.copy')}
        </Button>
        <Button variant="ghost" size="sm" className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40" onClick={onDelete}>
          <Trash2 aria-hidden className="size-4" />
          {t('workflowBuilder.inspector.deleteSelected')}
        </Button>
      </div>
    </div>
  );
}
