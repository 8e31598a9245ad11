import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/ui/notice';
import { formatDuration } from '@/lib/format';

/** What "Test connection" found: the service answered (`ok`), refused (`failed`), or the test could not run (`error`). */
export type TestOutcome = { kind: 'ok' | 'failed'; message: string; latencyMs: number } | { kind: 'error'; message: string };

/** What "Test connection" found, in words: it works (and how fast), the service refused and why, or the test could not run. */
export function ConnectionResult({ outcome }: { outcome: TestOutcome }) {
  const { t, i18n } = useTranslation();
  if (outcome.kind === 'error') {
    return (
      <div data-testid="connection-result" data-state="error">
        <Notice tone="warning">
          <span className="[overflow-wrap:anywhere]">{t('connectionTest.couldNotRun', { error: outcome.message })}</span>
        </Notice>
      </div>
    );
  }
  const ok = outcome.kind === 'ok';
  return (
    <div data-testid="connection-result" data-state={outcome.kind}>
      <Notice tone={ok ? 'success' : 'error'}>
        <p className="font-medium">{ok ? t('connectionTest.ok') : t('connectionTest.failed')}</p>
        <p className="mt-0.5 [overflow-wrap:anywhere]">
          {outcome.message}
          {ok ? <span className="text-emerald-800/80 dark:text-emerald-300/80"> · {t('connectionTest.latency', { duration: formatDuration(i18n.language, outcome.latencyMs) ?? '' })}</span> : null}
        </p>
      </Notice>
    </div>
  );
}
