import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import type { PhoneSetup } from '@/features/phone/api/phone';
import { NumberText } from '@/features/phone/components/number-text';

/**
 * Where the calls tab stands with Twilio, in one line: connected (and from which number), or not,
 * saying plainly that only the simulator works until then. "Set up" opens the setup tab.
 */
export function ConnectionSummary({ setup, onSetup }: { setup?: PhoneSetup; onSetup: () => void }) {
  const { t } = useTranslation('dashboard');
  if (!setup) return null;
  const action = (
    <Button size="sm" variant="secondary" onClick={onSetup}>
      {t('phone.summary.setup')}
    </Button>
  );
  if (!setup.twilioConfigured) {
    return (
      <Notice tone="warning" action={action}>
        <p className="font-medium">{t('phone.summary.notConnected')}</p>
        <p className="mt-0.5">{t('phone.summary.notConnectedDetail')}</p>
      </Notice>
    );
  }
  if (!setup.publicUrlReachable) {
    return (
      <Notice tone="warning" action={action}>
        <p className="font-medium">{t('phone.summary.unreachable')}</p>
        <p className="mt-0.5">{t('phone.setup.unreachable', { url: setup.publicUrl })}</p>
      </Notice>
    );
  }
  return (
    <div role="status" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200">
      <p className="inline-flex flex-wrap items-center gap-1.5">
        <CheckCircle2 aria-hidden className="size-4 shrink-0" />
        <span className="font-medium">{t('phone.summary.connected')}</span>
        {setup.fromNumber ? (
          <span>
            {t('phone.summary.from')} <NumberText value={setup.fromNumber} />
          </span>
        ) : null}
      </p>
      {action}
    </div>
  );
}
