import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeAuditEntry } from '@/testing/mocks/audit';
import { mockApi, ok } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { adminUser, renderApp } from '@/testing/test-utils';

const first = makeAuditEntry();
const older = makeAuditEntry({ id: 'e0', action: 'agent.create', changes: {}, occurredAt: '2026-02-01T09:00:00Z' });
const denied = makeAuditEntry({ id: 'd1', action: 'access.denied', outcome: 'denied', resourceType: 'route', resourceId: 'GET /api/admin/audit-logs', actorLabel: 'bob@example.com' });

describe('the audit log', () => {
  it('lists entries, pages back by cursor and opens one with its diff', async () => {
    const cursors: (string | null)[] = [];
    server.use(
      mockApi.get('/admin/audit-logs', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        cursors.push(cursor);
        return ok(cursor ? { entries: [older], nextCursor: null } : { entries: [first], nextCursor: first.id });
      }),
    );
    const { user } = renderApp('/admin/audit-logs', { user: adminUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit logs' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('audit-row');
    expect(within(rows[0]).getByText('admin@example.com')).toBeInTheDocument();
    expect(within(rows[0]).getByText('203.0.113.7')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load older entries' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
    expect(cursors).toEqual([null, first.id]);
    expect(screen.queryByRole('button', { name: 'Load older entries' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show entry agent.update' }));
    const dialog = await screen.findByRole('dialog', { name: 'agent.update' });
    const diff = within(dialog).getByTestId('audit-diff');
    expect(within(diff).getByText('Helper')).toBeInTheDocument();
    expect(within(diff).getByText('Kettle support')).toBeInTheDocument();
    expect(within(diff).getAllByText('[redacted]')).toHaveLength(2);
    expect(within(dialog).getByText('req-1')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('filters on the server and exports what the filters select', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      mockApi.get('/admin/audit-logs', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        return ok({ entries: params.get('outcome') === 'denied' ? [denied] : [first, denied], nextCursor: null });
      }),
      mockApi.get('/admin/audit-logs/export', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return new HttpResponse('id,occurredAt\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="audit-log-1.csv"' } });
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderApp('/admin/audit-logs', { user: adminUser });
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
    await user.selectOptions(screen.getByLabelText('Outcome'), 'denied');
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
    expect(asked.at(-1)?.get('outcome')).toBe('denied');
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await waitFor(() => expect(asked.at(-1)?.get('from')).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Download as CSV' }));
    await waitFor(() => expect(saved).toEqual(['audit-log-1.csv']));
    const exported = asked.at(-1);
    expect(exported?.get('format')).toBe('csv');
    expect(exported?.get('outcome')).toBe('denied');
    expect(exported?.get('from')).toBe(new Date('2026-03-01T00:00:00').toISOString());

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
  });
});
