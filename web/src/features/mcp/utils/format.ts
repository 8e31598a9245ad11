import type { McpServer } from '@/lib/mcp';

/** Where a server is reached, on one line: the command and its arguments, or the URL. */
export const endpointOf = (s: Pick<McpServer, 'transport' | 'command' | 'args' | 'url'>) =>
  s.transport === 'stdio' ? [s.command ?? '', ...(s.args ?? [])].join(' ').trim() : (s.url ?? '');

/** An instant as a medium date and a short time in the reader's language ('—' for none). */
export function formatDateTime(lng: string, iso?: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}
