import { AlertTriangle, CheckCircle2, Clock, Info, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

type Tone = 'success' | 'error' | 'warning' | 'info' | 'expired';

const tones: Record<Tone, string> = {
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200',
  error: 'border-red-200 bg-red-50 text-red-700 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300',
  warning: 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-200',
  expired: 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-200',
  info: 'border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-900 dark:bg-sky-950/50 dark:text-sky-200',
};

const icons = { success: CheckCircle2, error: XCircle, warning: AlertTriangle, expired: Clock, info: Info };

/** An inline message box; errors are announced as alerts, the rest as status. */
export function Notice({ tone, children, className, action }: { tone: Tone; children: ReactNode; className?: string; action?: ReactNode }) {
  const Icon = icons[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cn('flex items-start gap-2 rounded-lg border px-3 py-2 text-sm', tones[tone], className)}>
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">
        {children}
        {action ? <div className="mt-2">{action}</div> : null}
      </div>
    </div>
  );
}
