import { infiniteQueryOptions, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { enumValues, type ActorKind, type AuditAction, type AuditOutcome, type AuditResource } from '@/lib/api-enums';
import type { components, operations } from '@/lib/api-types';
import { saveBlob } from '@/lib/download';

// The audit trail, read three ways: the admin area's whole log (filtered, exported), an agent's
// Activity tab (for its owner and its team's admins) and a team's activity (for its owners and
// admins). One entry shape, one set of
// query keys, pages by cursor (newest first; "load more" asks for the entries older than the last).

type S = components['schemas'];
export type AuditEntry = S['AuditEntryOut'];
export type AuditPage = S['AuditPageOut'];
export type AuditQuery = NonNullable<operations['audit_logs']['parameters']['query']>;
export type ExportFormat = NonNullable<NonNullable<operations['export_audit_logs']['parameters']['query']>['format']>;

/** Entries per page on every audit screen. */
export const AUDIT_PAGE_SIZE = 50;

/** The filters a screen sets; empty strings mean "no filter". */
export type AuditFilters = {
  q: string;
  action: AuditAction | '';
  resourceType: AuditResource | '';
  outcome: AuditOutcome | '';
  actorKind: ActorKind | '';
  /** Days, `YYYY-MM-DD`, in the viewer's time zone. */
  from: string;
  to: string;
};

export const NO_FILTERS: AuditFilters = { q: '', action: '', resourceType: '', outcome: '', actorKind: '', from: '', to: '' };

/** The start of `day` (or of the day after it, for an end) as an instant, in the viewer's zone. */
function dayStart(day: string, after: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00`);
  if (Number.isNaN(date.getTime())) return undefined;
  if (after) date.setDate(date.getDate() + 1);
  return date.toISOString();
}

/** The query string of `filters`: only what filters, the dates as instants (`to` takes its whole day). */
export function auditQuery(filters: AuditFilters): AuditQuery {
  return {
    q: filters.q.trim() || undefined,
    action: filters.action || undefined,
    resourceType: filters.resourceType || undefined,
    outcome: filters.outcome || undefined,
    actorKind: filters.actorKind || undefined,
    from: dayStart(filters.from, false),
    to: dayStart(filters.to, true),
  };
}

export const auditKeys = {
  all: ['audit'] as const,
  admin: (filters: AuditFilters) => ['audit', 'admin', filters] as const,
  agent: (agentId: string) => ['audit', 'agent', agentId] as const,
  team: (teamId: string) => ['audit', 'team', teamId] as const,
};

/** One page's query: its size and where it starts (absent: the newest). */
const page = (cursor: string | undefined) => ({ limit: AUDIT_PAGE_SIZE, cursor });

/** What every audit list shares: pages by cursor, read again whenever a screen shows it. */
const byCursor = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: AuditPage) => last.nextCursor ?? undefined,
  refetchOnMount: 'always' as const,
};

/** GET /admin/audit-logs: the whole log, filtered, a page at a time. */
export const adminAuditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: auditKeys.admin(filters),
    queryFn: ({ pageParam }) => api.get('/admin/audit-logs', { params: { query: { ...auditQuery(filters), ...page(pageParam) } } }),
    ...byCursor,
  });
export const useAdminAudit = (filters: AuditFilters) => useInfiniteQuery(adminAuditQueryOptions(filters));

/** GET /agents/{id}/activity: what happened to one agent. */
export const agentActivityQueryOptions = (agentId: string) =>
  infiniteQueryOptions({
    queryKey: auditKeys.agent(agentId),
    queryFn: ({ pageParam }) => api.get('/agents/{id}/activity', { params: { path: { id: agentId }, query: page(pageParam) } }),
    ...byCursor,
  });
export const useAgentActivity = (agentId: string) => useInfiniteQuery(agentActivityQueryOptions(agentId));

/** GET /teams/{id}/activity: what happened in a team (its members, invitations and agents). */
export const teamActivityQueryOptions = (teamId: string) =>
  infiniteQueryOptions({
    queryKey: auditKeys.team(teamId),
    queryFn: ({ pageParam }) => api.get('/teams/{id}/activity', { params: { path: { id: teamId }, query: page(pageParam) } }),
    ...byCursor,
  });
export const useTeamActivity = (teamId: string) => useInfiniteQuery(teamActivityQueryOptions(teamId));

/** Every entry `filters` selects, as the server writes the file (streamed), saved as a download. */
export async function downloadAuditExport(filters: AuditFilters, format: ExportFormat): Promise<void> {
  const { blob, filename } = await api.download('/admin/audit-logs/export', { params: { query: { ...auditQuery(filters), format } } });
  saveBlob(blob, filename ?? `audit-log.${format}`);
}

export const useAuditExport = () =>
  useMutation({ mutationFn: ({ filters, format }: { filters: AuditFilters; format: ExportFormat }) => downloadAuditExport(filters, format) });

export const AUDIT_OUTCOMES = enumValues<AuditOutcome>({ success: true, denied: true, failed: true });
export const ACTOR_KINDS = enumValues<ActorKind>({
  user: true,
  api_key: true,
  system: true,
  anonymous: true,
  visitor: true,
  phone: true,
  webhook: true,
  workflow: true,
});
export const AUDIT_RESOURCES = enumValues<AuditResource>({
  user: true,
  session: true,
  agent: true,
  document: true,
  upload: true,
  conversation: true,
  team: true,
  invitation: true,
  personality: true,
  mcp_server: true,
  api_key: true,
  configuration: true,
  job: true,
  mail: true,
  phone_call: true,
  phone_number: true,
  contact_message: true,
  webhook: true,
  webhook_endpoint: true,
  workflow: true,
  subscription: true,
  audit_log: true,
  analytics: true,
  route: true,
  integration: true,
});
export const AUDIT_ACTIONS = enumValues<AuditAction>({
  'user.register': true,
  'user.login': true,
  'user.login_failed': true,
  'user.logout': true,
  'user.profile_update': true,
  'user.email_verify': true,
  'user.phone_verify': true,
  'user.verification_resend': true,
  'user.password_reset_request': true,
  'user.password_reset': true,
  'user.delete': true,
  'user.update': true,
  'agent.create': true,
  'agent.update': true,
  'agent.delete': true,
  'agent.deploy': true,
  'agent.share': true,
  'agent.version_restore': true,
  'document.upload': true,
  'document.delete': true,
  'upload.create': true,
  'conversation.create': true,
  'conversation.end': true,
  'conversation.take_over': true,
  'conversation.reply': true,
  'conversation.hand_back': true,
  'conversation.delete': true,
  'team.create': true,
  'team.update': true,
  'team.delete': true,
  'team.agent_add': true,
  'team.agent_remove': true,
  'team.member_add': true,
  'team.member_remove': true,
  'team.member_role': true,
  'team.notify': true,
  'invitation.create': true,
  'invitation.revoke': true,
  'invitation.accept': true,
  'invitation.reject': true,
  'personality.create': true,
  'personality.update': true,
  'personality.delete': true,
  'mcp_server.create': true,
  'mcp_server.update': true,
  'mcp_server.delete': true,
  'mcp_server.test': true,
  'mcp_server.tool_call': true,
  'mcp_server.assign': true,
  'mcp_server.assignment_update': true,
  'mcp_server.unassign': true,
  'api_key.create': true,
  'api_key.revoke': true,
  'configuration.update': true,
  'integration.update': true,
  'integration.delete': true,
  'webhook.create': true,
  'webhook.update': true,
  'webhook.delete': true,
  'webhook.regenerate': true,
  'webhook.failing': true,
  'webhook_endpoint.create': true,
  'webhook_endpoint.update': true,
  'webhook_endpoint.delete': true,
  'webhook_endpoint.rotate_secret': true,
  'webhook_endpoint.disable': true,
  'webhook_delivery.retry': true,
  'widget.update': true,
  'phone_call.create': true,
  'phone_number.create': true,
  'phone_number.update': true,
  'phone_number.delete': true,
  'workflow.create': true,
  'workflow.update': true,
  'workflow.delete': true,
  'workflow.rotate_hook': true,
  'workflow.execute': true,
  'workflow.cancel': true,
  'workflow.retry': true,
  'job.retry': true,
  'mail.resend': true,
  'contact.create': true,
  'analytics.rebuild': true,
  'access.denied': true,
  'audit_log.purge': true,
});

/** A field's value in a diff, as one line of text. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The changed fields of an entry, in order: `[field, from, to]`. */
export function changedFields(entry: AuditEntry): [string, unknown, unknown][] {
  return Object.entries(entry.changes ?? {}).map(([field, pair]) => {
    const p = (pair ?? {}) as { from?: unknown; to?: unknown };
    return [field, p.from ?? null, p.to ?? null];
  });
}
