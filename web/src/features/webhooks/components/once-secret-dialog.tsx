import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';

/**
 * A secret shown this once (a webhook's or an event endpoint's, just made, regenerated or
 * rotated): the warning that it will not be shown again, what to copy, and "I have copied it". It
 * closes only through that button, so the secret is not lost by an Escape or a click beside it.
 */
export function OnceSecretDialog({ title, warning, onDone, children }: { title: string; /** Set when there is a secret: how to get a new one if it is lost. */ warning?: string; onDone: () => void; children: ReactNode }) {
  const { t } = useTranslation('dashboard');
  return (
    <Dialog title={title} onClose={onDone} dismissable={false} className="max-w-2xl">
      <div className="space-y-4">
        {warning ? (
          <Notice tone="warning">
            <p className="font-medium">{t('webhooks.secret.warningTitle')}</p>
            <p className="mt-0.5">{warning}</p>
          </Notice>
        ) : null}
        {children}
        <div className="flex justify-end">
          <Button onClick={onDone}>{t('webhooks.secret.done')}</Button>
        </div>
      </div>
    </Dialog>
  );
}
