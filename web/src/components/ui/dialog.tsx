import { X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

/**
 * A modal dialog, on react-aria-components: rendered into document.body, focus moved into it on
 * open and back on close, Tab kept inside, the page behind hidden from assistive technology.
 * Escape and a click outside close it unless `dismissable` is false (say, while it saves). A modal
 * opened inside it (a ConfirmDialog) takes the keyboard while it is open.
 */
export function Dialog({
  title,
  description,
  closeLabel,
  onClose,
  children,
  className,
  role = 'dialog',
  dismissable = true,
}: {
  title: string;
  description?: ReactNode;
  /** The close button's label; without it there is no close button (a confirmation has Cancel). */
  closeLabel?: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  role?: 'dialog' | 'alertdialog';
  dismissable?: boolean;
}) {
  const descId = useId();
  return (
    <ModalOverlay
      isOpen
      isDismissable={dismissable}
      isKeyboardDismissDisabled={!dismissable}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      // Centred with auto margins, not `items-center`: a dialog taller than the screen then
      // scrolls from its top instead of being cut off above it.
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-zinc-950/50 p-4"
    >
      <Modal
        className={cn(
          'relative my-auto w-full max-w-2xl rounded-2xl border border-zinc-200 bg-white p-6 shadow-xl outline-none dark:border-zinc-800 dark:bg-zinc-900',
          className,
        )}
      >
        <AriaDialog role={role} aria-describedby={description ? descId : undefined} className="outline-none">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Heading slot="title" className="text-lg font-semibold">
                {title}
              </Heading>
              {description ? (
                <div id={descId} className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
                  {description}
                </div>
              ) : null}
            </div>
            {closeLabel ? (
              <Button variant="ghost" size="sm" onClick={onClose} aria-label={closeLabel} className="-me-2 px-2">
                <X aria-hidden className="size-4" />
              </Button>
            ) : null}
          </div>
          <div className="mt-4">{children}</div>
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
