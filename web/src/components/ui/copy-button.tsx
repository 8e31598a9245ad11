import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

/**
 * Copies `text` to the clipboard and says so (a toast, and a check mark for a moment). The
 * caller gives the words: the button's, and the toasts' on success and failure.
 */
export function CopyButton({
  text,
  label,
  ariaLabel,
  copied,
  failed,
  size = 'sm',
  variant = 'secondary',
  className,
}: {
  text: string;
  label: string;
  /** The button's accessible name when it must say more than `label` (it should contain it). */
  ariaLabel?: string;
  copied: string;
  failed: string;
  size?: 'sm' | 'md';
  variant?: 'primary' | 'secondary' | 'ghost';
  className?: string;
}) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const id = setTimeout(() => setDone(false), 2000);
    return () => clearTimeout(id);
  }, [done]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setDone(true);
      toast({ id: 'copy', title: copied, status: 'success' });
    } catch {
      toast({ id: 'copy', title: failed, status: 'warning' });
    }
  };
  return (
    <Button size={size} variant={variant} className={className} aria-label={ariaLabel} onClick={() => void copy()}>
      {done ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
      {label}
    </Button>
  );
}
