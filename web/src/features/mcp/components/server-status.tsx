import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
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
    <Section id="mcp-status" title={t('mcp.status.title')} action={<McpStatusBadge status={server.status} error={server.lastError} />}>
      <div className="space-y-4">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {server.lastTestedAt ? t('mcp.status.lastTested', { when: formatDateTime(lng, server.lastTestedAt) }) : t('mcp.status.neverTested')}
        </p>
        <div aria-live="polite" className="space-y-2">
          {outcome ? (
            outcome.status === 'connected' ? (
              <Notice tone="success">
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
              </Notice>
            ) : (
              <Notice tone="error">
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
              </Notice>
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
      </div>
    </Section>
  );
}
