import { AuditLogs } from '@/features/audit/components/audit-logs';

/** /admin/audit-logs: every change, sign-in and refusal of the installation. */
export function AdminAuditLogsRoute() {
  return <AuditLogs />;
}
