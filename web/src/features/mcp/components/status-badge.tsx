import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { Notice } from '@/components/ui/notice';
import type { McpStatus, McpTransport } from '@/lib/api-enums';
import type { KeyOf } from '@/types/i18n-keys';

/** Every status of the API document, with its words and colours (a status it adds fails the type check until it is here). */
const statuses: Record<McpStatus, { label: KeyOf<'dashboard'>; className: string; dot: string }> = {
  unknown: {
    label: 'mcp.status.unknown',
    className: 'bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-500/10 dark:text-zinc-300 dark:ring-zinc-400/30',
    dot: 'bg-zinc-400',
  },
  connected: {
    label: 'mcp.status.connected',
    className: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/30',
    dot: 'bg-emerald-500',
  },
  error: {
    label: 'mcp.status.error',
    className: 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/30',
    dot: 'bg-red-500',
  },
};

/** A server's status; its last error, when it has one, shows on hover (and in the server's details). */
export function McpStatusBadge({ status, error }: { status: McpStatus; error?: string | null }) {
  const { t } = useTranslation('dashboard');
  const s = statuses[status];
  return (
    <span
      title={status === 'error' && error ? error : undefined}
      className={cn('inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', s.className)}
    >
      <span aria-hidden className={cn('size-1.5 rounded-full', s.dot)} />
      {t(s.label)}
    </span>
  );
}

const transports: Record<McpTransport, KeyOf<'dashboard'>> = { stdio: 'mcp.transport.stdio', streamable_http: 'mcp.transport.streamable_http' };

/** How a server is reached, in words. */
export function TransportTag({ transport }: { transport: McpTransport }) {
  const { t } = useTranslation('dashboard');
  return <span className="inline-flex shrink-0 items-center whitespace-nowrap rounded-md bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">{t(transports[transport])}</span>;
}

/** Why the last test failed, in the server's words. */
export function LastError({ error }: { error: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <Notice tone="error">
      <span className="[overflow-wrap:anywhere]">
        <span className="font-medium">{t('mcp.details.lastError')}</span> <span dir="auto">{error}</span>
      </span>
    </Notice>
  );
}
