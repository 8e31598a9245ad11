import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/ui/notice';
import type { TestOutcome } from '@/features/configuration/hooks/use-section-form';
import { formatDuration } from '@/lib/format';

/** What "Test connection" found, in words: it works (and how fast), the service refused and why, or the test could not run. */
export function ConnectionResult({ outcome }: { outcome: TestOutcome }) {
  const { t, i18n } = useTranslation('admin');
  if (outcome.kind === 'error') {
    return (
      <div data-testid="connection-result" data-state="error">
        <Notice tone="warning">
          <span className="[overflow-wrap:anywhere]">{t('configuration.test.couldNotRun', { error: outcome.message })}</span>
        </Notice>
      </div>
    );
  }
  const ok = outcome.kind === 'ok';
  return (
    <div data-testid="connection-result" data-state={outcome.kind}>
      <Notice tone={ok ? 'success' : 'error'}>
        <p className="font-medium">{ok ? t('configuration.test.ok') : t('configuration.test.failed')}</p>
        <p className="mt-0.5 [overflow-wrap:anywhere]">
          {outcome.message}
          {ok ? <span className="text-emerald-800/80 dark:text-emerald-300/80"> · {t('configuration.test.latency', { duration: formatDuration(i18n.language, outcome.latencyMs) ?? '' })}</span> : null}
        </p>
      </Notice>
    </div>
  );
}
