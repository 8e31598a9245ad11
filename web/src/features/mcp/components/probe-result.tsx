import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/ui/notice';
import type { McpProbeResult } from '@/features/mcp/api/mcp-servers';
import { ToolsList } from '@/features/mcp/components/tools-list';
import { formatDuration } from '@/lib/format';

/** What testing the form's configuration found: connected with its tools, or why not. Nothing is saved yet. */
export function ProbeResult({ result }: { result: McpProbeResult }) {
  const { t, i18n } = useTranslation('dashboard');
  const duration = formatDuration(i18n.language, result.durationMs) ?? '';
  if (result.status !== 'connected') {
    return (
      <div data-testid="mcp-probe" data-state="error">
        <Notice tone="error">
          <span className="[overflow-wrap:anywhere]">{t('mcp.probe.failed', { error: result.error ?? '' })}</span>
        </Notice>
      </div>
    );
  }
  return (
    <div data-testid="mcp-probe" data-state="connected" className="space-y-3">
      <Notice tone="success">
        {result.serverInfo ? t('mcp.probe.connectedTo', { server: result.serverInfo, duration }) : t('mcp.probe.connected', { duration })}
      </Notice>
      <ToolsList tools={result.tools} />
    </div>
  );
}
