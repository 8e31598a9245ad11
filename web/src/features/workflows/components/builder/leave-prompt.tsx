import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/**
 * While there are unsaved changes, leaving the builder (a link, Back) asks first, and closing or
 * reloading the tab gets the browser's own question.
 */
export function LeavePrompt({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation('dashboard');
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      title={t('workflowBuilder.leave.title')}
      body={t('workflowBuilder.leave.body')}
      confirmLabel={t('workflowBuilder.leave.leave')}
      cancelLabel={t('workflowBuilder.leave.stay')}
      onConfirm={() => blocker.proceed()}
      onCancel={() => blocker.reset()}
    />
  );
}
