import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAgent } from '@/testing/mocks/agents';
import { makeAuditEntry } from '@/testing/mocks/audit';
import { mockApi, ok } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { plainUser, renderApp } from '@/testing/test-utils';

function handlers(access: 'view' | 'edit' | 'manage') {
  return [
    mockApi.get('/agents/{id}', () => ok(makeAgent({ access })), { id: 'a1' }),
    mockApi.get('/agents/{id}/versions', () => ok([])),
    mockApi.get('/agents/{id}/analytics', () => ok({ period: 'month', from: '', to: '', totals: { conversations: 0, messages: 0, users: 0, tokensIn: 0, tokensOut: 0 }, series: [] })),
    mockApi.get('/agents/{id}/activity', () => ok({ entries: [makeAuditEntry({ ip: null, userAgent: null, actorLabel: 'grace@example.com' })], nextCursor: null }), { id: 'a1' }),
  ];
}

describe("an agent's Activity tab", () => {
  it('shows who changed what to those who manage the agent, without addresses', async () => {
    server.use(...handlers('manage'));
    const { user, router } = renderApp('/dashboard/agents/a1', { user: plainUser });
    await user.click(await screen.findByRole('tab', { name: 'Activity' }));
    expect(router.state.location.search).toBe('?tab=activity');
    const row = (await screen.findAllByTestId('audit-row'))[0];
    expect(within(row).getByText('grace@example.com')).toBeInTheDocument();
    expect(within(row).getByText('agent.update')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Address' })).not.toBeInTheDocument();
  });

  it('is not offered to someone who may only edit, even by its address', async () => {
    server.use(...handlers('edit'));
    renderApp('/dashboard/agents/a1?tab=activity', { user: plainUser });
    expect(await screen.findByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Activity' })).not.toBeInTheDocument();
  });
});
