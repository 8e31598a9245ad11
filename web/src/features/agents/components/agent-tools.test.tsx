import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LendInput, LoanPatch } from '@/features/agents/api/agent-tools';
import type { McpAssignment } from '@/lib/mcp';
import { makeAgent } from '@/testing/mocks/agents';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { makeAssignment, makeMcpServer, makeTool } from '@/testing/mocks/mcp';
import { server } from '@/testing/mocks/server';
import { plainUser, renderApp } from '@/testing/test-utils';

const everything = makeMcpServer();
const weather = makeMcpServer({
  id: 's2',
  name: 'Weather desk',
  tools: [makeTool({ name: 'forecast', description: 'The forecast for a city' }), makeTool({ name: 'alerts', description: 'Weather alerts' })],
});
const untested = makeMcpServer({ id: 's3', name: 'Fresh', status: 'unknown', tools: [], lastTestedAt: null });

/** Agent a1 with the loans given; records what the tab sends. */
function loanHandlers(initial: McpAssignment[], access: 'view' | 'edit' | 'manage' = 'manage') {
  let loans = initial;
  const sent: { lend: LendInput[]; update: Array<{ serverId: string; body: LoanPatch }>; removed: string[] } = { lend: [], update: [], removed: [] };
  return {
    sent,
    handlers: [
      mockApi.get('/agents/{id}', () => ok(makeAgent({ access })), { id: 'a1' }),
      mockApi.get('/agents/{id}/versions', () => ok([])),
      mockApi.get('/agents/{id}/analytics', () => ok({ period: 'month', from: '', to: '', totals: { conversations: 0, messages: 0, users: 0, tokensIn: 0, tokensOut: 0 }, series: [] })),
      mockApi.get('/mcp', () => ok([everything, weather, untested])),
      mockApi.get('/mcp/agent/{agentId}', () => ok(loans), { agentId: 'a1' }),
      mockApi.post('/mcp/agent/{agentId}/servers', async ({ request }) => {
        const body = (await request.json()) as LendInput;
        sent.lend.push(body);
        const s = [everything, weather, untested].find((x) => x.id === body.mcpServerId)!;
        const loan = makeAssignment(s, { configuration: body.configuration ?? {}, priority: body.priority ?? 0 });
        loans = [...loans, loan].sort((a, b) => b.priority - a.priority);
        return ok(loan, 201);
      }, { agentId: 'a1' }),
      mockApi.put('/mcp/agent/{agentId}/servers/{serverId}', async ({ request, params }) => {
        const body = (await request.json()) as LoanPatch;
        sent.update.push({ serverId: params.serverId, body });
        loans = loans.map((l) => (l.mcpServerId === params.serverId ? { ...l, priority: body.priority ?? l.priority, configuration: body.configuration ?? l.configuration } : l));
        return ok(loans.find((l) => l.mcpServerId === params.serverId)!);
      }, { agentId: 'a1' }),
      mockApi.delete('/mcp/agent/{agentId}/servers/{serverId}', ({ params }) => {
        sent.removed.push(params.serverId);
        loans = loans.filter((l) => l.mcpServerId !== params.serverId);
        return ok({ id: params.serverId, deleted: true });
      }, { agentId: 'a1' }),
    ],
  };
}

describe("an agent's Tools tab", () => {
  it('lists the servers lent to the agent, with their tools and priority', async () => {
    const { handlers } = loanHandlers([makeAssignment(weather, { priority: 5, configuration: { tools: ['forecast'] } }), makeAssignment(everything)]);
    server.use(...handlers);
    const { user, router } = renderApp('/dashboard/agents/a1', { user: plainUser });
    await user.click(await screen.findByRole('tab', { name: 'Tools' }));
    expect(router.state.location.search).toBe('?tab=tools');
    const rows = await screen.findAllByTestId('agent-tool-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('link', { name: 'Weather desk' })).toHaveAttribute('href', '/dashboard/mcp/edit/s2');
    expect(within(rows[0]).getByText('5')).toBeInTheDocument();
    expect(within(rows[0]).getByText('forecast')).toBeInTheDocument();
    expect(within(rows[1]).getByText('All tools (2)')).toBeInTheDocument();
    expect(within(rows[1]).getByText('All it uses')).toBeInTheDocument();
  });

  it('lends one of my servers with the tools picked, changes its priority, and ends the loan once confirmed', async () => {
    const { handlers, sent } = loanHandlers([makeAssignment(everything)]);
    server.use(...handlers);
    const { user } = renderApp('/dashboard/agents/a1?tab=tools', { user: plainUser });
    await screen.findAllByTestId('agent-tool-row');
    await user.click(screen.getByRole('button', { name: 'Add server' }));
    const dialog = screen.getByRole('dialog', { name: 'Add an MCP server' });
    const select = within(dialog).getByLabelText('MCP server');
    // A server already lent is not offered again.
    expect(within(select).queryByRole('option', { name: 'Everything' })).not.toBeInTheDocument();
    await user.selectOptions(select, 'Weather desk');
    await user.click(within(dialog).getByRole('radio', { name: 'Only the tools I choose' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add server' }));
    expect(within(dialog).getByText('Choose at least one tool.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /forecast/ }));
    await user.clear(within(dialog).getByLabelText('Priority'));
    await user.type(within(dialog).getByLabelText('Priority'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Add server' }));
    expect(await screen.findByText('Weather desk added to the agent')).toBeInTheDocument();
    expect(sent.lend).toEqual([{ mcpServerId: 's2', configuration: { tools: ['forecast'] }, permissions: [], priority: 3 }]);
    await waitFor(() => expect(screen.getAllByTestId('agent-tool-row')).toHaveLength(2));

    // Change the priority of a loan.
    await user.click(screen.getByRole('button', { name: 'Edit Everything' }));
    const edit = screen.getByRole('dialog', { name: 'Everything' });
    await user.clear(within(edit).getByLabelText('Priority'));
    await user.type(within(edit).getByLabelText('Priority'), '2000');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(within(edit).getByText('A whole number from -1000 to 1000.')).toBeInTheDocument();
    await user.clear(within(edit).getByLabelText('Priority'));
    await user.type(within(edit).getByLabelText('Priority'), '10');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Everything saved')).toBeInTheDocument();
    expect(sent.update).toEqual([{ serverId: 's1', body: { configuration: { tools: [] }, priority: 10 } }]);

    // End a loan.
    await user.click(screen.getByRole('button', { name: 'Remove Weather desk' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Remove Weather desk?' })).getByRole('button', { name: 'Remove server' }));
    expect(await screen.findByText('Weather desk removed from the agent')).toBeInTheDocument();
    expect(sent.removed).toEqual(['s2']);
    await waitFor(() => expect(screen.getAllByTestId('agent-tool-row')).toHaveLength(1));
  });

  it('says when a server was never tested, so its tools cannot be picked yet, and shows the server’s refusal', async () => {
    const { handlers } = loanHandlers([]);
    server.use(...handlers);
    // Used after the agent's handlers, so it answers first.
    server.use(mockApi.post('/mcp/agent/{agentId}/servers', () => fail(409, 'stdio_not_allowed', 'This server does not run that command: it is not on the allow-list')));
    const { user } = renderApp('/dashboard/agents/a1?tab=tools', { user: plainUser });
    expect(await screen.findByText('No tools yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add server' }));
    const dialog = screen.getByRole('dialog', { name: 'Add an MCP server' });
    await user.selectOptions(within(dialog).getByLabelText('MCP server'), 'Fresh');
    expect(within(dialog).getByText(/No tools are known for this server yet/)).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Only the tools I choose' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Add server' }));
    expect(await within(dialog).findByText('This server does not run that command: it is not on the allow-list')).toBeInTheDocument();
  });

  it('is read-only for a viewer', async () => {
    const { handlers } = loanHandlers([makeAssignment(everything)], 'view');
    server.use(...handlers);
    renderApp('/dashboard/agents/a1?tab=tools', { user: plainUser });
    expect(await screen.findAllByTestId('agent-tool-row')).toHaveLength(1);
    expect(screen.getByText(/Only those who may edit the agent can change them/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add server' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Everything' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Everything' })).not.toBeInTheDocument();
  });
});
