import { AlertTriangle, CheckCircle2, FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { McpTestResult } from '@/features/mcp/api/mcp-servers';
import { LastError, McpStatusBadge } from '@/features/mcp/components/status-badge';
import { ToolsList } from '@/features/mcp/components/tools-list';
import { formatDateTime } from '@/features/mcp/utils/format';
import { formatDuration } from '@/lib/format';
import type { McpServer } from '@/lib/mcp';

/**
 * A stored server's connection: its status and last test, a button to test it again (the API
 * tests what is stored), the latest test's outcome in words, and the tools it offers.
 */
export function ServerStatus({
  server,
  result,
  onTest,
  testing,
  dirty,
}: {
  server: McpServer;
  /** The latest test run on this screen (its time and the server's own name), if any. */
  result?: McpTestResult | null;
  onTest: () => void;
  testing: boolean;
  /** The form has unsaved changes: a test would try the saved configuration. */
  dirty: boolean;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.language;
  const outcome = result && result.server.id === server.id ? result : null;
  return (
    <section aria-labelledby="mcp-status-title" className="space-y-4 rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="mcp-status-title" className="text-base font-semibold">
          {t('mcp.status.title')}
        </h2>
        <McpStatusBadge status={server.status} error={server.lastError} />
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {server.lastTestedAt ? t('mcp.status.lastTested', { when: formatDateTime(lng, server.lastTestedAt) }) : t('mcp.status.neverTested')}
      </p>
      <div aria-live="polite" className="space-y-2">
        {outcome ? (
          outcome.status === 'connected' ? (
            <p className="flex items-start gap-1.5 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200">
              <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>
                {t('mcp.status.connectedIn', { duration: formatDuration(lng, outcome.durationMs) ?? '' })}
                {outcome.serverInfo ? (
                  <>
                    {' '}
                    <span dir="ltr" className="font-mono text-xs">
                      {outcome.serverInfo}
                    </span>
                  </>
                ) : null}
              </span>
            </p>
          ) : (
            <div className="flex items-start gap-1.5 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300">
              <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
              <div className="min-w-0">
                <p className="font-medium">{t('mcp.status.failedHeading')}</p>
                <p dir="auto" className="break-words">
                  {outcome.error}
                </p>
                {outcome.errorCode ? (
                  <p className="mt-1 text-xs opacity-80">
                    {t('mcp.status.code')}{' '}
                    <code dir="ltr" className="font-mono">
                      {outcome.errorCode}
                    </code>
                  </p>
                ) : null}
              </div>
            </div>
          )
        ) : server.status === 'error' && server.lastError ? (
          <LastError error={server.lastError} />
        ) : null}
      </div>
      <div className="space-y-1.5">
        <Button variant="secondary" onClick={onTest} disabled={testing}>
          {testing ? <Spinner className="size-4" /> : <FlaskConical aria-hidden className="size-4" />}
          {t('mcp.status.test')}
        </Button>
        {dirty ? <p className="text-xs text-amber-700 dark:text-amber-400">{t('mcp.status.unsaved')}</p> : null}
      </div>
      <ToolsList tools={server.tools} narrow />
    </section>
  );
}
