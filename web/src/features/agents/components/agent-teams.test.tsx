import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Agent } from '@/features/agents/api/agents';
import { makeAgent, makeDocument } from '@/testing/mocks/agents';
import { mockApi, ok } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { ALL_FEATURES, mockStatus } from '@/testing/mocks/system';
import { makeTeam } from '@/testing/mocks/teams';
import { adminUser, plainUser, renderApp } from '@/testing/test-utils';

const myTeams = [
  makeTeam({ id: 't1', name: 'Support', role: 'owner' }),
  makeTeam({ id: 't2', name: 'Sales floor', role: 'viewer' }),
  makeTeam({ id: 't3', name: 'Marketing', role: 'member' }),
];

/** The agent's page: the agent, two versions, empty analytics; my three teams. */
function detailHandlers(agent: Agent) {
  return [
    mockApi.get('/teams', () => ok(myTeams)),
    mockApi.get('/agents/{id}', () => ok(agent), { id: 'a1' }),
    mockApi.get(
      '/agents/{id}/versions',
      () =>
        ok([
          { version: 2, config: agent, createdAt: '2026-01-02T00:00:00Z' },
          { version: 1, config: agent, createdAt: '2026-01-01T00:00:00Z' },
        ]),
      { id: 'a1' },
    ),
    mockApi.get('/agents/{id}/analytics', () => ok({ period: 'month', from: '', to: '', totals: { conversations: 0, messages: 0, users: 0, tokensIn: 0, tokensOut: 0 }, series: [] }), { id: 'a1' }),
    mockApi.get('/agents/{id}/documents', () => ok([makeDocument({ size: 75 })]), { id: 'a1' }),
  ];
}

describe('an agent and its team', () => {
  // The administrator allows uploads and collaboration (off by default: below).
  beforeEach(() => {
    mockStatus(ALL_FEATURES);
  });

  it('shares the agent with one of my teams where I am not a viewer, without creating a public link', async () => {
    const bodies: unknown[] = [];
    let teamId: string | null = null;
    // The first handler that matches answers: this agent follows what was shared.
    server.use(
      mockApi.get('/agents/{id}', () => ok(makeAgent({ currentVersion: 2, teamId, teamName: myTeams.find((t) => t.id === teamId)?.name ?? null })), { id: 'a1' }),
      mockApi.post('/agents/{id}/share', async ({ request }) => {
        const body = await request.json();
        bodies.push(body);
        teamId = body.teamId ?? null;
        return ok({ sharedPublicly: false, url: null, teamId });
      }, { id: 'a1' }),
      ...detailHandlers(makeAgent({ currentVersion: 2 })),
    );
    const { user } = renderApp('/dashboard/agents/a1', { user: plainUser });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share Sales assistant' });
    const select = await within(dialog).findByRole('combobox', { name: 'Share with a team' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['No team', 'Support', 'Marketing']);
    expect(select).toHaveValue('');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.selectOptions(select, 't1');
    await user.click(save);
    expect(await screen.findByText('Shared with Support')).toBeInTheDocument();
    expect(bodies).toEqual([{ teamId: 't1' }]);
    // The page names the team once the agent is reloaded.
    expect(await screen.findByTestId('team-badge')).toHaveTextContent('Support');

    await user.selectOptions(select, '');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('No longer shared with a team')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ teamId: null });
    expect(within(dialog).getByRole('button', { name: 'Create a public link' })).toBeInTheDocument();
  });

  it('shows a team viewer the agent without edit, deploy, restore, document, share or delete controls, and lets them test it', async () => {
    server.use(...detailHandlers(makeAgent({ currentVersion: 2, status: 'active', access: 'view', teamId: 't2', teamName: 'Sales floor' })));
    renderApp('/dashboard/agents/a1', { user: plainUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales assistant' })).toBeInTheDocument();
    expect(await screen.findByTestId('team-badge')).toHaveTextContent('Sales floor');
    expect(screen.getByText('View only')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chat with agent' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Duplicate' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    const deployments = screen.getByRole('region', { name: 'Deployments' });
    expect(within(deployments).queryByRole('button')).not.toBeInTheDocument();
    expect(within(deployments).queryByRole('combobox')).not.toBeInTheDocument();
    const versions = screen.getByRole('region', { name: 'Versions' });
    expect(await within(versions).findByText('v1')).toBeInTheDocument();
    expect(within(versions).queryByRole('button', { name: 'Restore version 1' })).not.toBeInTheDocument();
    const documents = screen.getByRole('region', { name: 'Knowledge base documents' });
    expect(await within(documents).findByText('faq.md')).toBeInTheDocument();
    expect(screen.queryByTestId('document-upload')).not.toBeInTheDocument();
    expect(within(documents).queryByRole('button', { name: 'Delete faq.md' })).not.toBeInTheDocument();
    // Whoever may see the agent may try it.
    expect(within(screen.getByRole('region', { name: 'Test this agent' })).getByTestId('chat-input')).toBeEnabled();
  });

  it('lets a team member edit, deploy and restore, but not share or delete', async () => {
    server.use(...detailHandlers(makeAgent({ currentVersion: 2, status: 'active', access: 'edit', teamId: 't3', teamName: 'Marketing' })));
    renderApp('/dashboard/agents/a1', { user: plainUser });
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/dashboard/agents/a1/edit');
    expect(screen.getByRole('button', { name: 'Deploy version 2 to Production' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Restore version 1' })).toBeInTheDocument();
    expect(await screen.findByTestId('document-upload')).toBeInTheDocument();
    expect(screen.queryByText('View only')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('names the team of a shared agent in the list, filters by team, and selects for bulk actions by access', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      mockApi.get('/teams', () => ok(myTeams)),
      mockApi.get('/agents', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          success: true,
          data: [
            makeAgent({ id: 'a1', name: 'Mine' }),
            makeAgent({ id: 'a2', name: 'Team bot', access: 'view', teamId: 't2', teamName: 'Sales floor' }),
            makeAgent({ id: 'a3', name: 'Shared draft', access: 'edit', teamId: 't3', teamName: 'Marketing' }),
          ],
          meta: { page: 1, limit: 10, total: 3 },
        });
      }),
    );
    const { user } = renderApp('/dashboard/agents', { user: plainUser });
    const teamRow = (await screen.findByRole('link', { name: 'Team bot' })).closest('tr')!;
    expect(await within(teamRow).findByTestId('team-badge')).toHaveTextContent('Sales floor');
    expect(within(teamRow).queryByRole('checkbox')).not.toBeInTheDocument();
    const mine = screen.getByRole('link', { name: 'Mine' }).closest('tr')!;
    expect(within(mine).queryByTestId('team-badge')).not.toBeInTheDocument();

    // Viewers' agents cannot be selected; deleting needs manage access to every selected one.
    await user.click(screen.getByRole('checkbox', { name: 'Select all agents on this page' }));
    const bulk = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bulk).getByText('2 selected')).toBeInTheDocument();
    expect(within(bulk).getByRole('button', { name: 'Apply' })).toBeInTheDocument();
    expect(within(bulk).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Shared draft' }));
    expect(within(bulk).getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    const team = await screen.findByRole('combobox', { name: 'Team' });
    expect(within(team).getAllByRole('option').map((o) => o.textContent)).toEqual(['All agents', 'Support', 'Sales floor', 'Marketing']);
    await user.selectOptions(team, 't3');
    await waitFor(() => expect(queries.at(-1)?.get('teamId')).toBe('t3'));
  });

  it('tells a team viewer on the edit page that they may not change the agent', async () => {
    server.use(...detailHandlers(makeAgent({ access: 'view', teamId: 't2', teamName: 'Sales floor' })));
    renderApp('/dashboard/agents/a1/edit', { user: plainUser });
    expect(await screen.findByText(/lets you read it and chat with it, not change it/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the agent' })).toHaveAttribute('href', '/dashboard/agents/a1');
    expect(screen.queryByRole('button', { name: /save/i })).not.toBeInTheDocument();
  });
});

describe('sharing while collaboration is off', () => {
  it('offers no team to share with, says why, and keeps the public link', async () => {
    server.use(...detailHandlers(makeAgent({ currentVersion: 2 })));
    const { user } = renderApp('/dashboard/agents/a1', { user: plainUser });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share Sales assistant' });
    expect(await within(dialog).findByText(/The administrator has turned collaboration off \(team sharing and invitations\)/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Share with a team' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Turn collaboration on' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create a public link' })).toBeInTheDocument();
  });

  it('lets the owner take an agent out of its team, and gives an admin the way to turn collaboration on', async () => {
    const bodies: unknown[] = [];
    let teamId: string | null = 't1';
    server.use(
      mockApi.get('/agents/{id}', () => ok(makeAgent({ currentVersion: 2, teamId, teamName: teamId ? 'Support' : null })), { id: 'a1' }),
      mockApi.post('/agents/{id}/share', async ({ request }) => {
        const body = await request.json();
        bodies.push(body);
        teamId = body.teamId ?? null;
        return ok({ sharedPublicly: false, url: null, teamId });
      }, { id: 'a1' }),
      ...detailHandlers(makeAgent({ currentVersion: 2 })),
    );
    const { user } = renderApp('/dashboard/agents/a1', { user: adminUser });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share Sales assistant' });
    expect(await within(dialog).findByRole('link', { name: 'Turn collaboration on' })).toHaveAttribute('href', '/admin/configuration#features');
    expect(await within(dialog).findByText('Currently shared with Support.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Stop sharing with the team' }));
    expect(await screen.findByText('No longer shared with a team')).toBeInTheDocument();
    expect(bodies).toEqual([{ teamId: null }]);
    await waitFor(() => expect(within(dialog).queryByText('Currently shared with Support.')).not.toBeInTheDocument());
  });
});
