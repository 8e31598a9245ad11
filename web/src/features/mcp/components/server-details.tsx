import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolsList } from '@/features/mcp/components/tools-list';
import { endpointOf, formatDateTime } from '@/features/mcp/utils/format';
import type { McpServer } from '@/lib/mcp';
import { LastError } from '@/features/mcp/components/status-badge';

/** A server opened in the list: how it is reached (secrets masked), its last test and what it offers. */
export function ServerDetails({ server }: { server: McpServer }) {
  const { t, i18n } = useTranslation('dashboard');
  const n = (v: number) => new Intl.NumberFormat(i18n.language).format(v);
  const secrets = server.transport === 'stdio' ? server.env : server.headers;
  const rows: Array<[string, ReactNode]> = [
    [
      server.transport === 'stdio' ? t('mcp.details.command') : t('mcp.details.url'),
      <code dir="ltr" className="break-all font-mono text-xs">
        {endpointOf(server) || '—'}
      </code>,
    ],
    [
      server.transport === 'stdio' ? t('mcp.details.env') : t('mcp.details.headers'),
      Object.keys(secrets).length === 0 ? (
        '—'
      ) : (
        <ul className="space-y-0.5">
          {Object.entries(secrets).map(([k, v]) => (
            <li key={k} dir="ltr" className="font-mono text-xs">
              {k}: {v}
            </li>
          ))}
        </ul>
      ),
    ],
    [t('mcp.details.lastTested'), server.lastTestedAt ? formatDateTime(i18n.language, server.lastTestedAt) : t('mcp.details.never')],
    [t('mcp.details.offers'), t('mcp.details.offersValue', { resources: n(server.resources.length), prompts: n(server.prompts.length) })],
  ];
  return (
    <div className="space-y-4">
      {server.description ? (
        <p dir="auto" className="text-sm text-zinc-700 dark:text-zinc-300">
          {server.description}
        </p>
      ) : null}
      {server.status === 'error' && server.lastError ? (
        <LastError error={server.lastError} />
      ) : null}
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-zinc-500 dark:text-zinc-400">{k}</dt>
            <dd className="min-w-0 text-start">{v}</dd>
          </div>
        ))}
      </dl>
      <ToolsList tools={server.tools} />
    </div>
  );
}
