import type { ImportDocument } from '@/features/mcp/api/mcp-servers';
import type { McpTransport } from '@/lib/api-enums';

// Reads a desktop client's MCP configuration in the browser, to show what an import would send
// before it is sent: the shapes the server accepts (crates/server/src/mcp/import.rs),
// `{"mcpServers": {name: {command, args, env} | {url, headers, type}}}`, VS Code's
// `{"servers": {…}}` or `{"mcp": {"servers": {…}}}`, or one server object. The server reads
// it again and decides; this only previews. Bounded like the server: 1 MiB, 50 entries.

/** The largest file or text read (the server's body limit is of the same order). */
export const MAX_IMPORT_BYTES = 1024 * 1024;
/** Entries one import may hold (the server's `ENTRIES_MAX`). */
export const MAX_IMPORT_ENTRIES = 50;

/** Why an entry cannot be imported, as a key of the `dashboard` namespace. */
export type EntryProblem = 'sse' | 'both' | 'neither' | 'unknownType' | 'notObject';

export type PreviewEntry = {
  name: string;
  transport: McpTransport | null;
  /** The command and its arguments, or the URL. */
  endpoint: string;
  problem: EntryProblem | null;
};

export type PreviewError = 'invalidJson' | 'notObject' | 'noServers' | 'serversNotObject' | 'tooMany' | 'tooLarge';

export type Preview = { ok: true; doc: ImportDocument; entries: PreviewEntry[] } | { ok: false; error: PreviewError };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' ? v : '');

function entryOf(name: string, value: unknown): PreviewEntry {
  if (!isRecord(value)) return { name, transport: null, endpoint: '', problem: 'notObject' };
  const kind = text(value.type || value.transport).toLowerCase() || null;
  const hasCommand = 'command' in value;
  const hasUrl = 'url' in value;
  const args = Array.isArray(value.args) ? value.args.map((a) => String(a)) : [];
  const stdio: PreviewEntry = { name, transport: 'stdio', endpoint: [text(value.command), ...args].join(' ').trim(), problem: null };
  const http: PreviewEntry = { name, transport: 'streamable_http', endpoint: text(value.url), problem: null };
  if (kind === 'sse') return { ...http, transport: null, problem: 'sse' };
  if (kind === 'stdio') return stdio;
  if (kind && ['http', 'streamable-http', 'streamable_http', 'streamablehttp'].includes(kind)) return http;
  if (kind) return { name, transport: null, endpoint: '', problem: 'unknownType' };
  if (hasCommand && hasUrl) return { name, transport: null, endpoint: '', problem: 'both' };
  if (hasCommand) return stdio;
  if (hasUrl) return http;
  return { name, transport: null, endpoint: '', problem: 'neither' };
}

/** The entries the text holds, or why it holds none. */
export function previewImport(source: string): Preview {
  if (new TextEncoder().encode(source).length > MAX_IMPORT_BYTES) return { ok: false, error: 'tooLarge' };
  let doc: unknown;
  try {
    doc = JSON.parse(source);
  } catch {
    return { ok: false, error: 'invalidJson' };
  }
  if (!isRecord(doc)) return { ok: false, error: 'notObject' };
  const nested = isRecord(doc.mcp) ? doc.mcp.servers : undefined;
  const servers = doc.mcpServers ?? doc.servers ?? nested;
  let entries: PreviewEntry[];
  if (servers !== undefined) {
    if (!isRecord(servers)) return { ok: false, error: 'serversNotObject' };
    entries = Object.entries(servers).map(([name, value]) => entryOf(name, value));
  } else if ('command' in doc || 'url' in doc) {
    entries = [entryOf(typeof doc.name === 'string' ? doc.name : '', doc)];
  } else {
    return { ok: false, error: 'noServers' };
  }
  if (entries.length > MAX_IMPORT_ENTRIES) return { ok: false, error: 'tooMany' };
  return { ok: true, doc, entries };
}
