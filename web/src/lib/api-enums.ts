import type { components, operations } from '@/lib/api-types';

// The lists of an enum's values that screens need (select options, filters, validation), derived
// from the API document's types so they cannot drift from it: each is written as a record with
// one key per value, which TypeScript checks both ways against the generated union. A value the
// document adds is a missing key, one it drops is an unknown key: either fails `npm run typecheck`.
// Screens that treat each value differently do the same with a `Record<Enum, …>` (the transcript's
// status badges, the socket's event types).

type S = components['schemas'];

/** The keys of `values`, in the order written, typed as the enum `T` they exhaust. */
export function enumValues<T extends string>(values: Record<T, true>): readonly T[] {
  // Object.keys is typed string[]; the record's type says every key is a T and every T a key.
  return Object.freeze(Object.keys(values) as T[]);
}

/** Whether `value` (a query-string or select value) is one of `list`. */
export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

/** `value` when it is one of `list`, else `fallback`. */
export function oneOf<T extends string, F>(list: readonly T[], value: unknown, fallback: F): T | F {
  return isOneOf(list, value) ? value : fallback;
}

export type AgentType = S['AgentType'];
export type AgentStatus = S['AgentStatus'];
export type Environment = S['Environment'];
export type Period = S['Period'];
export type Complexity = S['Complexity'];
export type ModelProvider = S['ModelProvider'];
export type Channel = S['Channel'];
export type ConversationStatus = S['ConversationStatus'];
export type MessageStatus = S['MessageStatus'];
export type MessageRole = S['MessageRole'];
export type TeamRole = S['TeamRole'];
export type InvitationStatus = S['InvitationStatus'];
export type Role = S['Role'];
export type UserStatus = S['UserStatus'];
export type ActorKind = S['ActorKind'];
export type AuditAction = S['AuditAction'];
export type AuditOutcome = S['AuditOutcome'];
export type AuditResource = S['AuditResource'];
export type McpTransport = S['McpTransport'];
export type McpStatus = S['McpStatus'];
export type CallStatus = S['CallStatus'];
export type CallDirection = S['CallDirection'];
export type ImportOutcome = S['ImportOutcome'];
/** The agent list's `sort` (GET /agents). */
export type AgentSort = NonNullable<NonNullable<operations['list_agents']['parameters']['query']>['sort']>;
/** The admin list of accounts' `sort` (GET /admin/users). */
export type UserSort = NonNullable<NonNullable<operations['list_users']['parameters']['query']>['sort']>;
/** A transcript export's `format` (GET /conversations/{id}/export). */
export type ExportFormat = NonNullable<NonNullable<operations['export_conversation']['parameters']['query']>['format']>;

export const AGENT_TYPES = enumValues<AgentType>({ general: true, customer_support: true, sales: true, sdr: true, customer_success: true, ecommerce: true, custom: true });
export const AGENT_STATUSES = enumValues<AgentStatus>({ draft: true, active: true, paused: true, archived: true });
export const ENVIRONMENTS = enumValues<Environment>({ development: true, staging: true, production: true });
export const PERIODS = enumValues<Period>({ day: true, week: true, month: true, year: true });
export const COMPLEXITIES = enumValues<Complexity>({ basic: true, intermediate: true, advanced: true });
export const MODEL_PROVIDERS = enumValues<ModelProvider>({ builtin: true, openai: true, gemini: true });
export const AGENT_SORTS = enumValues<AgentSort>({ created: true, name: true, lastActive: true });
export const CHANNELS = enumValues<Channel>({ web: true, widget: true, api: true, voice: true, phone: true, sms: true, webhook: true });
export const CONVERSATION_STATUSES = enumValues<ConversationStatus>({ active: true, ended: true, handed_off: true });
/** A phone call's status, Twilio's own, in the order a call goes through them. */
export const CALL_STATUSES = enumValues<CallStatus>({ queued: true, ringing: true, 'in-progress': true, completed: true, busy: true, failed: true, 'no-answer': true, canceled: true });
export const CALL_DIRECTIONS = enumValues<CallDirection>({ inbound: true, outbound: true });
/** Member roles, from most to least powerful (product.md, Teams). */
export const TEAM_ROLES = enumValues<TeamRole>({ owner: true, admin: true, member: true, viewer: true });
/** How an MCP server is reached: a command on this host, or a URL. */
export const MCP_TRANSPORTS = enumValues<McpTransport>({ streamable_http: true, stdio: true });
export const MCP_STATUSES = enumValues<McpStatus>({ unknown: true, connected: true, error: true });
/** Account roles (the admin area's filter and role changes). */
export const ROLES = enumValues<Role>({ user: true, admin: true });
/** Whether an account may sign in. */
export const USER_STATUSES = enumValues<UserStatus>({ active: true, disabled: true });
export const USER_SORTS = enumValues<UserSort>({ created: true, name: true, email: true, lastLogin: true });
