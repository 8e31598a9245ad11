import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AGENT_LIST_GC_TIME, agentListQueryOptions } from '@/features/agents/api/agents';
import { suggestVoice } from '@/features/agents/utils/suggest-voice';
import type { ChatIn } from '@/lib/chat-stream';
import { catalogueHandlers, makeAgent, voices } from '@/testing/mocks/agents';
import { answerEvents } from '@/testing/mocks/chat';
import { makeConversation } from '@/testing/mocks/conversations';
import { fail, mockApi, ok, sseResponse } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { plainUser, renderApp } from '@/testing/test-utils';

type Sent = { url: URL; body?: unknown };

function listHandler(total = 23, sent: URL[] = []) {
  return mockApi.get('/agents', ({ request }) => {
    const url = new URL(request.url);
    sent.push(url);
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    const count = Math.max(0, Math.min(limit, total - (page - 1) * limit));
    const data = Array.from({ length: count }, (_, i) => makeAgent({ id: `a${(page - 1) * limit + i + 1}`, name: `Agent ${(page - 1) * limit + i + 1}` }));
    return HttpResponse.json({ success: true, data, meta: { page, limit, total } });
  });
}

describe('suggested voice', () => {
  it.each([
    ['Acme business line', 'daniel'],
    ['Professional concierge', 'daniel'],
    ['customer support', 'bella'],
    ['Service desk', 'bella'],
    ['Math tutor', 'emily'],
    ['Friendly chat buddy', 'charlie'],
    ['Tax advisor', 'george'],
    ['Receptionist', 'rachel'],
  ])('%s → %s', (text, voice) => expect(suggestVoice(text)).toBe(voice));
});

describe('agent list query', () => {
  it('keeps the list 10 minutes and refetches on every visit', () => {
    const opts = agentListQueryOptions({ page: 1, limit: 10, status: 'all', type: 'all', search: '', sort: 'created', order: 'desc', team: 'all' });
    expect(AGENT_LIST_GC_TIME).toBe(600_000);
    expect(opts.gcTime).toBe(600_000);
    expect(opts.refetchOnMount).toBe('always');
  });

  it('is fetched again when /dashboard/chat is visited after /dashboard/agents', async () => {
    const sent: URL[] = [];
    server.use(listHandler(3, sent));
    const { user } = renderApp('/dashboard/agents', { user: plainUser });
    expect(await screen.findByRole('link', { name: 'Agent 1' })).toBeInTheDocument();
    const before = sent.length;
    await user.click(screen.getAllByRole('link', { name: 'Chat' })[0]);
    expect(await screen.findByRole('combobox', { name: 'Agent' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('link', { name: 'Agents' })[0]);
    await screen.findByRole('link', { name: 'Agent 1' });
    await waitFor(() => expect(sent.length).toBeGreaterThanOrEqual(before + 2));
  });
});

describe('agents list', () => {
  it('pages through 10 at a time and sends filters, leaving out "all"', async () => {
    const sent: URL[] = [];
    server.use(listHandler(23, sent));
    const { user } = renderApp('/dashboard/agents', { user: plainUser });
    expect(await screen.findByRole('link', { name: 'Agent 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(sent[0].searchParams.get('limit')).toBe('10');
    expect(sent[0].searchParams.has('status')).toBe(false);
    expect(sent[0].searchParams.has('type')).toBe(false);
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'Agent 11' })).toBeInTheDocument();
    expect(sent.at(-1)!.searchParams.get('page')).toBe('2');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    await waitFor(() => expect(sent.at(-1)!.searchParams.get('status')).toBe('active'));
    expect(sent.at(-1)!.searchParams.get('page')).toBe('1');
    await user.selectOptions(screen.getByLabelText('Type'), 'sales');
    await waitFor(() => expect(sent.at(-1)!.searchParams.get('type')).toBe('sales'));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'name');
    await waitFor(() => expect(sent.at(-1)!.searchParams.get('sort')).toBe('name'));
    expect(sent.at(-1)!.searchParams.get('order')).toBe('asc');

    await user.type(screen.getByLabelText('Search agents'), 'Agent 2');
    await waitFor(() => expect(sent.at(-1)!.searchParams.get('search')).toBe('Agent 2'));
  });

  it('changes the status of the selected agents, then deletes them after confirmation', async () => {
    let updated: unknown;
    let deleted: unknown;
    server.use(
      listHandler(3),
      mockApi.post('/agents/bulk-update', async ({ request }) => {
        updated = await request.json();
        return ok([makeAgent({ id: 'a1', status: 'paused' }), makeAgent({ id: 'a2', status: 'paused' })]);
      }),
      mockApi.post('/agents/bulk-delete', async ({ request }) => {
        deleted = await request.json();
        return ok({ deleted: 2 });
      }),
    );
    const { user } = renderApp('/dashboard/agents', { user: plainUser });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Agent 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Agent 2' }));
    const bulk = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bulk).getByText('2 selected')).toBeInTheDocument();
    await user.selectOptions(within(bulk).getByLabelText('Set status'), 'paused');
    await user.click(within(bulk).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Status set to Paused for 2 agents')).toBeInTheDocument();
    expect(updated).toEqual({ ids: ['a1', 'a2'], changes: { status: 'paused' } });

    await user.click(screen.getByRole('checkbox', { name: 'Select all agents on this page' }));
    await user.click(within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete the 3 selected agents?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toBeUndefined();
    await user.click(within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete agents' }));
    expect(await screen.findByText('2 agents deleted')).toBeInTheDocument();
    expect(deleted).toEqual({ ids: ['a1', 'a2', 'a3'] });
  });

  it('shows a bulk failure (all or nothing) with the server message', async () => {
    server.use(listHandler(2), mockApi.post('/agents/bulk-update', () => fail(404, 'agent_not_found', 'One or more agents were not found; nothing was changed')));
    const { user } = renderApp('/dashboard/agents', { user: plainUser });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Agent 1' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('One or more agents were not found; nothing was changed')).toBeInTheDocument();
  });

  it('offers templates and generation when there are no agents, and creates from a template', async () => {
    let body: unknown;
    server.use(
      ...catalogueHandlers,
      mockApi.post('/agents/from-template', async ({ request }) => {
        body = await request.json();
        return ok(makeAgent({ id: 'new1' }), 201);
      }),
      mockApi.get('/agents/{id}', () => ok(makeAgent({ id: 'new1' })), { id: 'new1' }),
      mockApi.get('/agents/{id}/versions', () => ok([]), { id: 'new1' }),
      mockApi.get('/agents/{id}/analytics', () => ok({ period: 'month', from: '', to: '', totals: { conversations: 0, messages: 0, users: 0, tokensIn: 0, tokensOut: 0 }, series: [] }), { id: 'new1' }),
    );
    const { user, router } = renderApp('/dashboard/agents', { user: plainUser });
    expect(await screen.findByRole('heading', { name: 'No agents yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Generate from a description' })).toHaveAttribute('href', '/dashboard/agents/create?start=generate');
    await user.click(await screen.findByRole('button', { name: 'Use template Sales assistant' }));
    expect(await screen.findByText('Agent created successfully')).toBeInTheDocument();
    expect(body).toEqual({ templateId: 'sales-assistant' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/agents/new1'));
  });
});

describe('create agent', () => {
  it('starts from a template, lets the user review it and creates the agent', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      ...catalogueHandlers,
      mockApi.post('/agents', async ({ request }) => {
        body = await request.json();
        return ok(makeAgent({ id: 'c1', name: String(body.name) }), 201);
      }),
      mockApi.get('/agents/{id}', () => fail(404, 'not_found', 'Agent not found'), { id: 'c1' }),
    );
    const { user, router } = renderApp('/dashboard/agents/create', { user: plainUser });
    await user.click(await screen.findByRole('tab', { name: /From a template/ }));
    await user.click(await screen.findByRole('button', { name: 'Use template Customer support agent' }));
    expect(screen.getByText(/Started from the Customer support agent template/)).toBeInTheDocument();
    const name = screen.getByLabelText('Name');
    expect(name).toHaveValue('Customer support agent');
    expect(screen.getByLabelText('Type')).toHaveValue('customer_support');
    expect(await screen.findByText('Suggested voice for this agent: Bella')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Helpdesk');
    await user.click(screen.getByRole('button', { name: 'Create agent' }));
    expect(await screen.findByText('Agent created successfully')).toBeInTheDocument();
    expect(body).toMatchObject({ name: 'Helpdesk', type: 'customer_support', voice_model_id: 'bella', useKnowledgeBase: true, model: { temperature: 0.7, maxTokens: 1024 } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/agents/c1'));
    // The detail page of an agent that cannot be read says so.
    expect((await screen.findAllByText('Failed to load agent details')).length).toBeGreaterThan(0);
  });

  it('fills the form from a generated draft and says the built-in generator wrote it', async () => {
    let sent: unknown;
    server.use(
      ...catalogueHandlers,
      mockApi.post('/agents/ai-generate', async ({ request }) => {
        sent = await request.json();
        return ok({
          agent: { ...makeAgent(), name: 'Math tutor', type: 'general', voice_model_id: 'emily', description: 'A tutor for kids' },
          voice: voices[2],
          generator: 'builtin',
        });
      }),
    );
    const { user } = renderApp('/dashboard/agents/create?start=generate', { user: plainUser });
    await user.click(await screen.findByRole('button', { name: 'Generate draft' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('What should the agent do?'), 'A tutor that helps kids with math');
    await user.selectOptions(screen.getByLabelText('Complexity'), 'advanced');
    await user.click(screen.getByRole('button', { name: 'Generate draft' }));
    expect(await screen.findByText(/No language model is connected/)).toBeInTheDocument();
    expect(sent).toEqual({ prompt: 'A tutor that helps kids with math', complexity: 'advanced', industry: null, useCase: null });
    expect(screen.getByLabelText('Name')).toHaveValue('Math tutor');
    expect(screen.getByText('Suggested voice for this agent: Emily')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Emily/ })).toBeChecked();
  });

  it("shows 'Failed to generate AI agent' when generation fails without a message", async () => {
    server.use(...catalogueHandlers, mockApi.post('/agents/ai-generate', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderApp('/dashboard/agents/create?start=generate', { user: plainUser });
    await user.type(await screen.findByLabelText('What should the agent do?'), 'Anything');
    await user.click(screen.getByRole('button', { name: 'Generate draft' }));
    expect(await screen.findByText('Failed to generate AI agent')).toBeInTheDocument();
  });

  it('validates on the client, then shows server field errors beside their fields', async () => {
    server.use(
      ...catalogueHandlers,
      mockApi.post(
        '/agents',
        () =>
          fail(422, 'validation_failed', 'Some fields are invalid', [
            { field: 'name', message: 'Name is already used' },
            { field: 'model.temperature', message: 'Number must be between 0 and 2' },
          ]),
        ),
      );
      const { user } = renderApp('/dashboard/agents/create', { user: plainUser });
      const create = await screen.findByRole('button', { name: 'Create agent' });
      await user.click(create);
      expect(await screen.findByText('Required')).toBeInTheDocument();
      expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
      const temperature = screen.getByLabelText('Temperature');
      await user.clear(temperature);
      await user.type(temperature, '3');
      await user.type(screen.getByLabelText('Name'), 'Bot');
      await user.click(create);
      expect(await screen.findByText('Enter a number from 0 to 2.')).toBeInTheDocument();
      await user.clear(temperature);
      await user.type(temperature, '1');
      await user.click(create);
      expect(await screen.findByText('Name is already used')).toBeInTheDocument();
      expect(screen.getByText('Number must be between 0 and 2')).toBeInTheDocument();
      expect(screen.getByLabelText('Temperature')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByText('Some fields are invalid')).toBeInTheDocument();
    });

    it("toasts 'Failed to create agent' when the server gives no message", async () => {
      server.use(...catalogueHandlers, mockApi.post('/agents', () => new HttpResponse(null, { status: 502 })));
      const { user } = renderApp('/dashboard/agents/create', { user: plainUser });
      await user.type(await screen.findByLabelText('Name'), 'Bot');
      await user.click(screen.getByRole('button', { name: 'Create agent' }));
      expect((await screen.findAllByText('Failed to create agent')).length).toBeGreaterThan(0);
    });
  });

  describe('agent detail', () => {
    function detailHandlers(agent = makeAgent({ currentVersion: 2, status: 'active', deployments: [{ environment: 'staging', version: 1, configuration: {}, deployedAt: '2026-01-02T00:00:00Z' }] })) {
      const sent: Record<string, Sent> = {};
      const handlers = [
        mockApi.get('/agents/{id}', () => ok(agent), { id: 'a1' }),
        mockApi.get('/agents/{id}/versions', () =>
          ok([
            { version: 2, config: { ...agent, name: 'Sales assistant' }, createdAt: '2026-01-02T00:00:00Z' },
            { version: 1, config: { ...agent, name: 'Sales assistant' }, createdAt: '2026-01-01T00:00:00Z' },
          ]),
        { id: 'a1' },
      ),
      mockApi.get('/agents/{id}/analytics', ({ request }) => {
        sent.analytics = { url: new URL(request.url) };
        return ok({
          period: 'month',
          from: '2026-01-01T00:00:00Z',
          to: '2026-01-31T00:00:00Z',
          totals: { conversations: 0, messages: 0, users: 0, avgResponseMs: null, p95ResponseMs: null, tokensIn: 0, tokensOut: 0 },
          series: [{ start: '2026-01-01T00:00:00Z', conversations: 0, messages: 0 }],
        });
      }, { id: 'a1' }),
      mockApi.post('/agents/{id}/deploy', async ({ request }) => {
        sent.deploy = { url: new URL(request.url), body: await request.json() };
        return ok({ environment: 'production', version: 2, configuration: {}, deployedAt: '2026-01-03T00:00:00Z' });
      }, { id: 'a1' }),
      mockApi.post('/agents/{id}/versions/{version}/restore', ({ request }) => {
        sent.restore = { url: new URL(request.url) };
        return ok({ ...agent, currentVersion: 3 });
      }, { id: 'a1', version: '1' }),
      mockApi.delete('/agents/{id}', ({ request }) => {
        sent.delete = { url: new URL(request.url) };
        return ok({ id: 'a1', deleted: true });
      }, { id: 'a1' }),
    ];
    return { sent, handlers };
  }

  it('shows status, deployments per environment, versions, the analytics chart and the empty conversations', async () => {
    const { handlers, sent } = detailHandlers();
    server.use(...handlers);
    renderApp('/dashboard/agents/a1', { user: plainUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales assistant' })).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Version 2', { selector: 'span' })).toBeInTheDocument();
    const deployments = screen.getByRole('region', { name: 'Deployments' });
    expect(within(deployments).getByText(/^Version 1 ·/)).toBeInTheDocument();
    expect(within(deployments).getAllByText('Not deployed')).toHaveLength(2);
    expect(await screen.findByText(/No conversations yet: the numbers fill in/)).toBeInTheDocument();
    expect(sent.analytics.url.searchParams.get('period')).toBe('month');
    const conversations = screen.getByRole('region', { name: 'Recent conversations' });
    expect(await within(conversations).findByText('No conversations yet')).toBeInTheDocument();
    expect(within(conversations).queryByRole('link', { name: /View all/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chat with agent' })).toHaveAttribute('href', '/dashboard/agents/a1/chat');
    expect(await screen.findByRole('region', { name: 'Knowledge base documents' })).toBeInTheDocument();
  });

  it('tests the current draft in its own conversation: streamed answer, sources, notice, start over', async () => {
    const { handlers } = detailHandlers(makeAgent({ greeting: 'Hi! Ask me about pricing.' }));
    const sent: ChatIn[] = [];
    const chat = vi.fn();
    server.use(
      ...handlers,
      mockApi.post('/agents/{id}/chat', () => {
        chat();
        return fail(500, 'internal', 'not this one');
      }),
      mockApi.post(
        '/agents/{id}/test',
        async ({ request }) => {
          sent.push(await request.json());
          return sseResponse(
            answerEvents({
              conversationId: 't1',
              turn: sent.length,
              text: ['Plans start ', 'at $10.'],
              citations: [{ documentId: 'd1', documentName: 'pricing.md', passageId: 3, excerpt: 'Basic is $10 a month.', score: 1 }],
              over: { provider: 'builtin', model: null, notice: 'No language model is connected.' },
            }),
          );
        },
        { id: 'a1' },
      ),
    );
    const { user } = renderApp('/dashboard/agents/a1', { user: plainUser });
    const panel = await screen.findByRole('region', { name: 'Test this agent' });
    expect(within(panel).getByText(/Try the current draft \(version 1\)/)).toBeInTheDocument();
    expect(within(panel).getByTestId('chat-greeting')).toHaveTextContent('Hi! Ask me about pricing.');
    // The panel does not take the focus from the page.
    expect(within(panel).getByTestId('chat-input')).not.toHaveFocus();
    const startOver = within(panel).getByRole('button', { name: 'Start over' });
    expect(startOver).toBeDisabled();

    await user.type(within(panel).getByTestId('chat-input'), 'How much is it?{Enter}');
    await waitFor(() => expect(within(panel).getAllByTestId('chat-message')).toHaveLength(2));
    const answer = within(panel).getAllByTestId('chat-message')[1];
    await waitFor(() => expect(answer).toHaveTextContent('Plans start at $10.'));
    expect(within(answer).getByTestId('chat-citation')).toHaveTextContent('pricing.md');
    expect(within(answer).getByTestId('chat-notice')).toHaveTextContent(/No language model is connected/);
    expect(sent[0]).toEqual({ message: 'How much is it?', conversationId: null, useKnowledgeBase: true, includeContext: true, shareToken: null, stream: true });

    await user.type(within(panel).getByTestId('chat-input'), 'And yearly?{Enter}');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ message: 'And yearly?', conversationId: 't1' });
    await waitFor(() => expect(within(panel).getAllByTestId('chat-message')).toHaveLength(4));

    await user.click(startOver);
    expect(within(panel).queryAllByTestId('chat-message')).toHaveLength(0);
    expect(within(panel).getByTestId('chat-greeting')).toBeInTheDocument();
    await user.type(within(panel).getByTestId('chat-input'), 'Hello again{Enter}');
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).toMatchObject({ message: 'Hello again', conversationId: null });
    expect(chat).not.toHaveBeenCalled();
  });

  it('lists the latest 5 conversations, each opening its transcript, with a link to all of them', async () => {
    const { handlers } = detailHandlers();
    let asked: URLSearchParams | null = null;
    const recent = new Date(Date.now() - 5 * 60_000).toISOString();
    server.use(
      ...handlers,
      mockApi.get('/agents/{id}/conversations', ({ request }) => {
        asked = new URL(request.url).searchParams;
        return HttpResponse.json({
          success: true,
          data: [
            makeConversation({ id: 'c9', title: 'Shipping to Norway', messageCount: 4, status: 'active', lastMessageAt: recent }),
            makeConversation({ id: 'c8', title: '', messageCount: 2, status: 'ended' }),
          ],
          meta: { page: 1, limit: 5, total: 12 },
        });
      }, { id: 'a1' }),
    );
    renderApp('/dashboard/agents/a1', { user: plainUser });
    const panel = await screen.findByRole('region', { name: 'Recent conversations' });
    const rows = await within(panel).findAllByTestId('agent-conversation');
    expect(asked!.get('page')).toBe('1');
    expect(asked!.get('limit')).toBe('5');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveAttribute('href', '/dashboard/conversations/c9');
    expect(rows[0]).toHaveTextContent('Shipping to Norway');
    expect(rows[0]).toHaveTextContent('4 messages');
    expect(rows[0]).toHaveTextContent('5 minutes ago');
    expect(within(rows[0]).getByText('Active')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Untitled conversation');
    expect(within(rows[1]).getByText('Ended')).toBeInTheDocument();
    expect(within(panel).queryByText('No conversations yet')).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'View all (12)' })).toHaveAttribute('href', '/dashboard/conversations/all?agentId=a1');
  });

  it('deploys the current version to production', async () => {
    const { handlers, sent } = detailHandlers();
    server.use(...handlers);
    const { user } = renderApp('/dashboard/agents/a1', { user: plainUser });
    await user.click(await screen.findByRole('button', { name: 'Deploy version 2 to Production' }));
    expect(await screen.findByText('Version 2 deployed to Production')).toBeInTheDocument();
    expect(sent.deploy.body).toEqual({ environment: 'production', version: 2 });
  });

  it('deploys the version chosen for an environment (a rollback is an older one)', async () => {
    const { handlers, sent } = detailHandlers();
    server.use(...handlers);
    const { user } = renderApp('/dashboard/agents/a1', { user: plainUser });
    const deployments = await screen.findByRole('region', { name: 'Deployments' });
    const picker = within(deployments).getByRole('combobox', { name: 'Version to deploy to Staging' });
    expect(picker).toHaveValue('2');
    expect(await within(picker).findByRole('option', { name: 'v1' })).toBeInTheDocument();
    expect(within(picker).getByRole('option', { name: 'v2 (current)' })).toBeInTheDocument();
    // Staging already runs version 1: choosing it leaves nothing to deploy.
    await user.selectOptions(picker, '1');
    expect(within(deployments).queryByRole('button', { name: /to Staging/ })).not.toBeInTheDocument();
    expect(within(deployments).getByText('Up to date')).toBeInTheDocument();

    const production = within(deployments).getByRole('combobox', { name: 'Version to deploy to Production' });
    await user.selectOptions(production, '1');
    await user.click(within(deployments).getByRole('button', { name: 'Deploy version 1 to Production' }));
    await waitFor(() => expect(sent.deploy.body).toEqual({ environment: 'production', version: 1 }));
  });

  it('restores an older version after confirmation', async () => {
    const { handlers, sent } = detailHandlers();
    server.use(...handlers);
    const { user } = renderApp('/dashboard/agents/a1', { user: plainUser });
    await user.click(await screen.findByRole('button', { name: 'Restore version 1' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Restore version 1?' })).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Version 1 restored as version 3')).toBeInTheDocument();
    expect(sent.restore).toBeDefined();
  });

  it('deletes only after confirmation and goes back to the list', async () => {
    const { handlers, sent } = detailHandlers();
    server.use(...handlers);
    const { user, router } = renderApp('/dashboard/agents/a1', { user: plainUser });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Sales assistant?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sent.delete).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete agent' }));
    expect(await screen.findByText('Agent deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/agents'));
  });

  it("toasts 'Failed to duplicate agent' when duplicating fails", async () => {
    const { handlers } = detailHandlers();
    server.use(...handlers, mockApi.post('/agents/{id}/duplicate', () => new HttpResponse(null, { status: 500 }), { id: 'a1' }));
    const { user } = renderApp('/dashboard/agents/a1', { user: plainUser });
    await user.click(await screen.findByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText('Failed to duplicate agent')).toBeInTheDocument();
  });

  it("toasts 'Failed to load agent details' for an agent that cannot be read", async () => {
    server.use(mockApi.get('/agents/{id}', () => fail(404, 'not_found', 'Agent not found'), { id: 'zz' }));
    renderApp('/dashboard/agents/zz', { user: plainUser });
    // The toast, and the notice in place of the page.
    await waitFor(() => expect(screen.getAllByText('Failed to load agent details')).toHaveLength(2));
  });
});

describe('edit agent', () => {
  it('sends only the changed fields and shows the new version', async () => {
    let body: unknown;
    server.use(
      ...catalogueHandlers,
      mockApi.get('/agents/{id}', () => ok(makeAgent({ currentVersion: body ? 2 : 1 })), { id: 'a1' }),
      mockApi.put('/agents/{id}', async ({ request }) => {
        body = await request.json();
        return ok(makeAgent({ currentVersion: 2, greeting: 'Hello!' }));
      }, { id: 'a1' }),
      mockApi.get('/agents/{id}/versions', () => ok([]), { id: 'a1' }),
      mockApi.get('/agents/{id}/analytics', () => ok({ period: 'month', from: '', to: '', totals: { conversations: 0, messages: 0, users: 0, tokensIn: 0, tokensOut: 0 }, series: [] }), { id: 'a1' }),
    );
    const { user, router } = renderApp('/dashboard/agents/a1/edit', { user: plainUser });
    const greeting = await screen.findByLabelText('Greeting');
    expect(screen.getByLabelText('Name')).toHaveValue('Sales assistant');
    await user.clear(greeting);
    await user.type(greeting, 'Hello!');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Agent updated successfully')).toBeInTheDocument();
    expect(screen.getByText('Saved as version 2.')).toBeInTheDocument();
    expect(body).toEqual({ greeting: 'Hello!' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/agents/a1'));
  });
});
