import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

/** The red bin beside a row of an inspector's list (a header, an option, a button), named by `label`. */
export function RemoveRowButton({ label, onClick, disabled, className }: { label: string; onClick: () => void; disabled?: boolean; className?: string }) {
  return (
    <Button variant="ghost" size="sm" className={cn('px-2 text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40', className)} aria-label={label} disabled={disabled} onClick={onClick}>
      <Trash2 aria-hidden className="size-4" />
    </Button>
  );
}
