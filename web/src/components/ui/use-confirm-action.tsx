import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast, type ToastStatus } from '@/lib/toast';

/** What a toast says: a title, or a title with a description. `null`: no toast. */
export type ToastText = string | { title: string; description?: string; status?: ToastStatus } | null | undefined;

export type ConfirmActionConfig<S, R> = {
  /** The action, run once confirmed (typically a mutation's `mutateAsync`). */
  act: (subject: S) => Promise<R>;
  title: (subject: S) => string;
  body?: (subject: S) => ReactNode;
  confirmLabel: string | ((subject: S) => string);
  /** Default: common `actions.cancel`. */
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  /** The toast once it is done (status success). */
  success?: (result: R, subject: S) => ToastText;
  /** The toast when it fails (status error); default: the error's message. */
  error?: (error: unknown, subject: S) => ToastText;
  /** Runs after a success, once the dialog has closed (navigate away, clear a selection…). */
  onSuccess?: (result: R, subject: S) => void;
};

export type ConfirmAction<S> = {
  /** Opens the confirmation about `subject` (the row, the id… whatever `act` needs). */
  ask: (subject: S) => void;
  /** The dialog while open, else null: render it anywhere in the screen. */
  dialog: ReactNode;
  pending: boolean;
};

function show(text: ToastText, status: ToastStatus) {
  if (!text) return;
  toast(typeof text === 'string' ? { title: text, status } : { status, ...text });
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Confirm-then-act: `ask(subject)` shows the confirmation; confirming runs `act`, shows its
 * toast and closes the dialog (on failure too, with the error's toast).
 */
export function useConfirmAction<S = void, R = unknown>(config: ConfirmActionConfig<S, R>): ConfirmAction<S> {
  const [open, setOpen] = useState<{ subject: S } | null>(null);
  const [pending, setPending] = useState(false);

  const run = async (subject: S) => {
    const c = config;
    setPending(true);
    try {
      const result = await c.act(subject);
      show(c.success?.(result, subject), 'success');
      setOpen(null);
      c.onSuccess?.(result, subject);
    } catch (e) {
      show(c.error ? c.error(e, subject) : messageOf(e), 'error');
      setOpen(null);
    } finally {
      setPending(false);
    }
  };

  const dialog = open ? (
    <ConfirmDialog
      title={config.title(open.subject)}
      body={config.body?.(open.subject)}
      confirmLabel={typeof config.confirmLabel === 'function' ? config.confirmLabel(open.subject) : config.confirmLabel}
      cancelLabel={config.cancelLabel}
      tone={config.tone}
      pending={pending}
      onCancel={() => setOpen(null)}
      onConfirm={() => void run(open.subject)}
    />
  ) : null;

  return { ask: (subject: S) => setOpen({ subject }), dialog, pending };
}
