import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

/**
 * A modal confirmation (role="alertdialog", on the shared Dialog): focus starts on Cancel, Escape
 * and a click outside cancel (not while the action runs). Screens use it through
 * `useConfirmAction`, which also runs the action and shows its toast.
 */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  pending,
  tone = 'danger',
  children,
}: {
  title: string;
  body?: ReactNode;
  confirmLabel: string;
  /** Default: common `actions.cancel`. */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  tone?: 'danger' | 'primary';
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog role="alertdialog" title={title} description={body} onClose={onCancel} dismissable={!pending} className="max-w-md">
      {children}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button autoFocus variant="secondary" onClick={onCancel} disabled={pending}>
          {cancelLabel ?? t('actions.cancel')}
        </Button>
        <Button variant={tone} onClick={onConfirm} disabled={pending}>
          {pending ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
