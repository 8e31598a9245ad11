import type { AuditEntry } from '@/lib/audit';

/** An audit entry as the server answers it. */
export function makeAuditEntry(over: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: '0193a000-0000-7000-8000-000000000001',
    occurredAt: '2026-03-01T09:00:00Z',
    actorKind: 'user',
    actorId: '1',
    actorLabel: 'admin@example.com',
    apiKeyId: null,
    action: 'agent.update',
    outcome: 'success',
    resourceType: 'agent',
    resourceId: 'a1',
    ownerId: '1',
    teamId: null,
    changes: { name: { from: 'Helper', to: 'Kettle support' }, apiKey: { from: '[redacted]', to: '[redacted]' } },
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0',
    requestId: 'req-1',
    ...over,
  };
}
