import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

export type LeaveLabels = { title: string; body: string; leave: string; stay: string };

/**
 * While there are unsaved changes, leaving the builder (a link, Back) asks first, and closing or
 * reloading the tab gets the browser's own question.
 */
export function LeavePrompt({ dirty, labels }: { dirty: boolean; labels: LeaveLabels }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  if (blocker.state !== 'blocked') return null;
  return <ConfirmDialog title={labels.title} body={labels.body} confirmLabel={labels.leave} cancelLabel={labels.stay} onConfirm={() => blocker.proceed()} onCancel={() => blocker.reset()} />;
}
