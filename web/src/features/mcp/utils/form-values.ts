import { z } from 'zod';
import type { McpServerInput } from '@/features/mcp/api/mcp-servers';
import { MCP_TRANSPORTS } from '@/lib/api-enums';
import type { McpServer } from '@/lib/mcp';
import { charCount, hasControl, unsafeName } from '@/lib/text';

// The form of an MCP server and the server's own rules (crates/domain/src/mcp.rs), checked as the
// user types. Messages are keys of the `dashboard` namespace (`mcp.validation.*`).

export const LIMITS = {
  name: 100,
  description: 2000,
  command: 1024,
  args: 64,
  arg: 4096,
  env: 64,
  envValue: 8192,
  url: 2048,
  headers: 32,
  headerValue: 8192,
  /** Names of variables and headers. */
  key: 128,
} as const;

/** What the server shows in place of a secret: eight dots, then maybe the last four characters. */
export const MASK_PREFIX = '••••••••';
export const isMasked = (value: string) => value.startsWith(MASK_PREFIX);

/**
 * A row of the environment or the headers. `masked`: the value is the mask the server showed,
 * sent back unchanged so the stored secret is kept; typing a new value clears it.
 */
export type KeyValueRow = { key: string; value: string; masked: boolean };

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** RFC 9110's token characters. */
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+\-.^_`|~]+$/;

/** An absolute http:// or https:// URL with a host, no credentials, no spaces (the server's `is_http_url`). */
export function isHttpUrl(url: string): boolean {
  const rest = url.startsWith('https://') ? url.slice(8) : url.startsWith('http://') ? url.slice(7) : null;
  if (rest === null) return false;
  const host = rest.split(/[/?#]/)[0];
  return host !== '' && !host.includes('@') && !/\s/.test(url) && !hasControl(url);
}

/** The arguments box: one argument per line, blank lines left out. */
export const argsFromText = (text: string) =>
  text
    .split(/\r?\n/)
    .map((a) => a.trim())
    .filter((a) => a !== '');

const row = z.object({ key: z.string(), value: z.string(), masked: z.boolean() });

export const mcpSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'mcp.validation.required')
      .refine((v) => charCount(v) <= LIMITS.name, 'mcp.validation.nameTooLong')
      .refine((v) => !unsafeName(v), 'mcp.validation.nameCharacters'),
    description: z.string().refine((v) => charCount(v) <= LIMITS.description, 'mcp.validation.descriptionTooLong'),
    transport: z.enum(MCP_TRANSPORTS),
    enabled: z.boolean(),
    command: z.string(),
    argsText: z.string(),
    env: z.array(row),
    url: z.string(),
    headers: z.array(row),
  })
  .superRefine((v, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (v.transport === 'stdio') {
      const command = v.command.trim();
      if (!command) issue(['command'], 'mcp.validation.required');
      else if (charCount(command) > LIMITS.command) issue(['command'], 'mcp.validation.commandTooLong');
      else if (hasControl(command)) issue(['command'], 'mcp.validation.commandCharacters');
      const args = argsFromText(v.argsText);
      if (args.length > LIMITS.args) issue(['argsText'], 'mcp.validation.tooManyArgs');
      else if (args.some((a) => charCount(a) > LIMITS.arg)) issue(['argsText'], 'mcp.validation.argTooLong');
      checkRows(v.env, 'env', LIMITS.env, LIMITS.envValue, (k) => ENV_NAME.test(k), 'mcp.validation.envName', 'mcp.validation.tooManyEnv', issue);
    } else {
      const url = v.url.trim();
      if (!url) issue(['url'], 'mcp.validation.required');
      else if (charCount(url) > LIMITS.url) issue(['url'], 'mcp.validation.urlTooLong');
      else if (!isHttpUrl(url)) issue(['url'], 'mcp.validation.url');
      checkRows(v.headers, 'headers', LIMITS.headers, LIMITS.headerValue, (k) => HEADER_NAME.test(k), 'mcp.validation.headerName', 'mcp.validation.tooManyHeaders', issue);
    }
  });

function checkRows(
  rows: KeyValueRow[],
  field: 'env' | 'headers',
  max: number,
  valueMax: number,
  validName: (key: string) => boolean,
  nameMessage: string,
  tooMany: string,
  issue: (path: (string | number)[], message: string) => void,
) {
  const filled = rows.filter((r) => r.key.trim() || r.value);
  if (filled.length > max) issue([field], tooMany);
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    const key = r.key.trim();
    if (!key && !r.value) return;
    if (!key) issue([field, i, 'key'], 'mcp.validation.required');
    else if (key.length > LIMITS.key || !validName(key)) issue([field, i, 'key'], nameMessage);
    // Header names are case-insensitive; variables are not.
    else if (seen.has(field === 'headers' ? key.toLowerCase() : key)) issue([field, i, 'key'], 'mcp.validation.duplicate');
    seen.add(field === 'headers' ? key.toLowerCase() : key);
    if (r.masked) return;
    if (charCount(r.value) > valueMax) issue([field, i, 'value'], 'mcp.validation.valueTooLong');
    else if (isMasked(r.value)) issue([field, i, 'value'], 'mcp.validation.maskedValue');
    else if (field === 'headers' && hasControl(r.value, true)) issue([field, i, 'value'], 'mcp.validation.valueCharacters');
    else if (field === 'env' && r.value.includes('\0')) issue([field, i, 'value'], 'mcp.validation.valueCharacters');
  });
}

export type McpFormValues = z.infer<typeof mcpSchema>;

/** Form fields a server error (`errors[].field`) can be placed beside. */
export const FORM_FIELDS = ['name', 'description', 'transport', 'command', 'argsText', 'url', 'env', 'headers'] as const;
/** Server fields → form fields (a list's error is the whole list's). */
export const FIELD_MAP: Record<string, (typeof FORM_FIELDS)[number]> = { args: 'argsText' };

export const emptyRow = (): KeyValueRow => ({ key: '', value: '', masked: false });

const rowsOf = (map: Record<string, string> | undefined, masked: boolean): KeyValueRow[] =>
  Object.entries(map ?? {}).map(([key, value]) => ({ key, value, masked: masked && isMasked(value) }));

export const EMPTY_VALUES: McpFormValues = {
  name: '',
  description: '',
  transport: 'streamable_http',
  enabled: true,
  command: '',
  argsText: '',
  env: [],
  url: '',
  headers: [],
};

/** A stored server in the form: its secrets' masks kept as they came. */
export function valuesFromServer(server: McpServer): McpFormValues {
  return {
    name: server.name,
    description: server.description,
    transport: server.transport,
    enabled: server.enabled,
    command: server.command ?? '',
    argsText: server.args.join('\n'),
    env: rowsOf(server.env, true),
    url: server.url ?? '',
    headers: rowsOf(server.headers, true),
  };
}

/** A proposal (or an imported entry) in the form: nothing stored, so no masks. */
export function valuesFromInput(input: McpServerInput): McpFormValues {
  return {
    name: input.name,
    description: input.description ?? '',
    transport: input.transport,
    enabled: input.enabled ?? true,
    command: input.command ?? '',
    argsText: (input.args ?? []).join('\n'),
    env: rowsOf(input.env, false),
    url: input.url ?? '',
    headers: rowsOf(input.headers, false),
  };
}

const mapOf = (rows: KeyValueRow[]) => Object.fromEntries(rows.filter((r) => r.key.trim()).map((r) => [r.key.trim(), r.value]));

/** The body to send: only what the transport uses (a masked secret goes back as it came). */
export function toInput(v: McpFormValues): McpServerInput {
  const base = { name: v.name.trim(), description: v.description.trim(), transport: v.transport, enabled: v.enabled };
  return v.transport === 'stdio'
    ? { ...base, command: v.command.trim(), args: argsFromText(v.argsText), env: mapOf(v.env), url: null, headers: {} }
    : { ...base, url: v.url.trim(), headers: mapOf(v.headers), command: null, args: [], env: {} };
}
