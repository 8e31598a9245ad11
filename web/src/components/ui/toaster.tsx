import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { dismissToast, useToasts, type ToastStatus } from '@/lib/toast';

const styles: Record<ToastStatus, string> = {
  default: 'border-zinc-200 bg-white text-zinc-900 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100',
  info: 'border-sky-200 bg-white text-zinc-900 dark:border-sky-900 dark:bg-zinc-900 dark:text-zinc-100',
  success: 'border-emerald-200 bg-white text-zinc-900 dark:border-emerald-900 dark:bg-zinc-900 dark:text-zinc-100',
  warning: 'border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100',
  error: 'border-red-200 bg-red-50 text-red-950 dark:border-red-900 dark:bg-red-950 dark:text-red-100',
  destructive: 'border-red-700 bg-red-600 text-white',
};

const icons: Partial<Record<ToastStatus, typeof Info>> = {
  info: Info,
  success: CheckCircle2,
  warning: AlertTriangle,
  error: XCircle,
  destructive: XCircle,
};

const iconColor: Partial<Record<ToastStatus, string>> = {
  info: 'text-sky-500',
  success: 'text-emerald-500',
  warning: 'text-amber-500',
  error: 'text-red-500',
  destructive: 'text-white',
};

export function Toaster() {
  const toasts = useToasts();
  const { t } = useTranslation();
  return (
    <div className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col items-end gap-2 sm:inset-x-auto sm:end-4">
      {toasts.map((item) => {
        const Icon = icons[item.status];
        const urgent = item.status === 'error' || item.status === 'destructive' || item.status === 'warning';
        return (
          <div
            key={item.id}
            role={urgent ? 'alert' : 'status'}
            aria-live={urgent ? 'assertive' : 'polite'}
            data-status={item.status}
            className={cn('pointer-events-auto flex w-full max-w-[24rem] animate-toast-in items-start gap-3 rounded-xl border p-4 shadow-lg', styles[item.status])}
          >
            {Icon ? <Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', iconColor[item.status])} /> : null}
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold">{item.title}</p>
              {item.description ? <p className="mt-1 text-sm opacity-80">{item.description}</p> : null}
              {item.action ? (
                <button
                  type="button"
                  onClick={() => {
                    item.action?.onAction();
                    dismissToast(item.id);
                  }}
                  className="mt-2 rounded text-sm font-medium underline underline-offset-2 outline-none hover:no-underline focus-visible:ring-2 focus-visible:ring-accent-500/40"
                >
                  {item.action.label}
                </button>
              ) : null}
            </div>
            <button
              type="button"
              aria-label={t('toast.close')}
              onClick={() => dismissToast(item.id)}
              className="-m-1 rounded-md p-1 opacity-60 hover:opacity-100"
            >
              <X aria-hidden className="size-4" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
