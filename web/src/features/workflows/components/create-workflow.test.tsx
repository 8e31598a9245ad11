import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GenerateInput, WorkflowInput } from '@/features/workflows/api/workflows';
import { makeAgent } from '@/testing/mocks/agents';
import { fail, mockApi, ok, paged } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { makeGenerated, makeWorkflow } from '@/testing/mocks/workflows';
import { plainUser, renderApp } from '@/testing/test-utils';

// The builder is another screen's work: its route is a stand-in here.
vi.mock('@/app/routes/dashboard/workflow-edit', () => ({ WorkflowEditRoute: () => <h1>Workflow builder</h1> }));

const CREATE = '/dashboard/workflows/create';

/** Records what POST /workflows is sent and answers with a workflow made of it. */
function recordCreates() {
  const sent: WorkflowInput[] = [];
  server.use(
    mockApi.post('/workflows', async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      return ok(makeWorkflow({ id: 'w9', name: body.name, description: body.description ?? '', trigger: body.trigger ?? { type: 'manual' } }), 201);
    }),
  );
  return sent;
}

describe('creating a workflow', () => {
  it('starts blank: a name and a description, then the builder', async () => {
    const sent = recordCreates();
    const { user, router } = renderApp(CREATE, { user: plainUser });
    expect(await screen.findByRole('tab', { name: /Blank/, selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create and open the builder' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.type(screen.getByLabelText('Name'), 'Lead intake');
    await user.type(screen.getByLabelText('Description'), 'Qualify new leads.');
    await user.click(screen.getByRole('button', { name: 'Create and open the builder' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/workflows/w9/edit'));
    expect(sent).toEqual([{ name: 'Lead intake', description: 'Qualify new leads.' }]);
    expect(await screen.findByText('Lead intake created')).toBeInTheDocument();
  });

  it('makes a workflow from a template, with the agent it needs', async () => {
    server.use(mockApi.get('/agents', () => paged([makeAgent({ id: 'a1', name: 'Front desk' }), makeAgent({ id: 'a2', name: 'Sales' })])));
    const sent = recordCreates();
    const { user, router } = renderApp(`${CREATE}?start=template`, { user: plainUser });
    const cards = await screen.findAllByTestId('workflow-template');
    expect(cards.length).toBeGreaterThanOrEqual(5);
    await user.click(screen.getByRole('button', { name: 'Use template Ask an agent and post the answer' }));
    const form = await screen.findByRole('form', { name: 'New workflow from “Ask an agent and post the answer”' });
    expect(within(form).getByLabelText('Name')).toHaveValue('Ask an agent and post the answer');
    await user.selectOptions(await within(form).findByLabelText('Agent'), 'a2');
    expect(within(form).getAllByTestId('graph-node').map((n) => n.textContent)).toEqual([
      '1TriggerStartstart',
      '2AgentAsk the agentask',
      '3HTTP requestPost the answerpost',
      '4EndDonedone',
    ]);
    await user.click(within(form).getByRole('button', { name: 'Create workflow' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/workflows/w9/edit'));
    expect(sent[0].name).toBe('Ask an agent and post the answer');
    expect(sent[0].trigger).toEqual({ type: 'manual' });
    expect(sent[0].graph?.nodes.find((n) => n.id === 'ask')?.data).toMatchObject({ agentId: 'a2' });
  });

  it('puts the email templates’ messages to the signed-in user', async () => {
    const sent = recordCreates();
    const { user } = renderApp(`${CREATE}?start=template`, { user: plainUser });
    await user.click(await screen.findByRole('button', { name: 'Use template Daily report' }));
    const form = await screen.findByRole('form', { name: 'New workflow from “Daily report”' });
    expect(within(form).getByTestId('trigger-summary')).toHaveTextContent('Schedule0 9 * * 1-5 (UTC)');
    expect(within(form).getByText('Activate it to start the schedule. The report goes to bob@example.com.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Create workflow' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].trigger).toEqual({ type: 'schedule', cron: '0 9 * * 1-5', timezone: 'UTC' });
    expect(sent[0].graph?.nodes.find((n) => n.type === 'email')?.data).toMatchObject({ to: 'bob@example.com' });
  });

  it('generates a workflow with the defaults, shows it for review, and saves it', async () => {
    const asked: GenerateInput[] = [];
    server.use(
      mockApi.post('/v1/orchestration/ai-generate', async ({ request }) => {
        asked.push(await request.json());
        return ok(makeGenerated());
      }),
    );
    const sent = recordCreates();
    const { user, router } = renderApp(`${CREATE}?start=ai`, { user: plainUser });
    const form = await screen.findByRole('form', { name: 'AI workflow generator' });
    expect(within(form).getByLabelText('Complexity')).toHaveValue('intermediate');
    expect(within(form).getByRole('switch', { name: 'Include error handling' })).toHaveAttribute('aria-checked', 'true');
    expect(within(form).getByRole('switch', { name: 'Include monitoring' })).toHaveAttribute('aria-checked', 'true');
    expect(within(form).getByLabelText('Category')).toHaveValue('general');

    await user.type(within(form).getByLabelText('What should the workflow do?'), 'Short');
    await user.click(within(form).getByRole('button', { name: 'Generate workflow' }));
    expect(await within(form).findByText('Describe it in at least 10 characters')).toBeInTheDocument();
    expect(asked).toHaveLength(0);

    await user.clear(within(form).getByLabelText('What should the workflow do?'));
    await user.type(within(form).getByLabelText('What should the workflow do?'), 'Summarize each new lead and email me.');
    await user.click(within(form).getByRole('button', { name: 'Generate workflow' }));

    const review = await screen.findByTestId('generated-review');
    expect(asked).toEqual([
      {
        description: 'Summarize each new lead and email me.',
        complexity: 'intermediate',
        includeErrorHandling: true,
        includeMonitoring: true,
        category: 'general',
        targetPlatforms: [],
      },
    ]);
    expect(within(review).getByTestId('generated-by')).toHaveTextContent('Assembled from templates');
    expect(within(review).getByText(/No language model is connected/)).toBeInTheDocument();
    expect(within(review).getByText('Check the address the email goes to.')).toBeInTheDocument();
    expect(within(review).getAllByTestId('graph-node')).toHaveLength(4);
    expect(within(review).getAllByTestId('graph-edge')).toHaveLength(4);
    expect(within(review).getByTestId('edge-way')).toHaveTextContent('on error');
    expect(within(review).getByTestId('trigger-summary')).toHaveTextContent('Webhook');

    await user.clear(within(review).getByLabelText('Name'));
    await user.type(within(review).getByLabelText('Name'), 'Lead summaries');
    await user.click(within(review).getByRole('button', { name: 'Save workflow' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/workflows/w9/edit'));
    const generated = makeGenerated();
    expect(sent).toEqual([{ name: 'Lead summaries', description: generated.description, trigger: generated.trigger, graph: generated.graph }]);
  });

  it('sends the chosen options and says what the model wrote', async () => {
    const asked: GenerateInput[] = [];
    server.use(
      mockApi.post('/v1/orchestration/ai-generate', async ({ request }) => {
        asked.push(await request.json());
        return ok(makeGenerated({ generatedBy: 'model', notes: [] }));
      }),
    );
    const { user } = renderApp(`${CREATE}?start=ai`, { user: plainUser });
    const form = await screen.findByRole('form', { name: 'AI workflow generator' });
    await user.type(within(form).getByLabelText('What should the workflow do?'), 'Text the customer when the order ships.');
    await user.selectOptions(within(form).getByLabelText('Complexity'), 'advanced');
    await user.selectOptions(within(form).getByLabelText('Category'), 'sales');
    await user.click(within(form).getByRole('switch', { name: 'Include monitoring' }));
    await user.click(within(form).getByRole('button', { name: 'SMS' }));
    await user.click(within(form).getByRole('button', { name: 'Slack' }));
    expect(within(form).getByRole('button', { name: 'SMS' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(form).getByRole('button', { name: 'Generate workflow' }));
    const review = await screen.findByTestId('generated-review');
    expect(asked[0]).toEqual({
      description: 'Text the customer when the order ships.',
      complexity: 'advanced',
      includeErrorHandling: true,
      includeMonitoring: false,
      category: 'sales',
      targetPlatforms: ['sms', 'slack'],
    });
    expect(within(review).getByTestId('generated-by')).toHaveTextContent('Written by the language model');
    expect(within(review).queryByText(/No language model is connected/)).not.toBeInTheDocument();
    // Back to the form, which kept what was typed.
    await user.click(within(review).getByRole('button', { name: 'Change the description' }));
    expect(await screen.findByLabelText('What should the workflow do?')).toHaveValue('Text the customer when the order ships.');
  });

  it('shows the server’s message when generating fails, or the catalogue’s when it gives none', async () => {
    let answer = () => fail(503, 'model_unavailable', 'The language model did not answer in time');
    server.use(mockApi.post('/v1/orchestration/ai-generate', () => answer()));
    const { user } = renderApp(`${CREATE}?start=ai`, { user: plainUser });
    const form = await screen.findByRole('form', { name: 'AI workflow generator' });
    await user.type(within(form).getByLabelText('What should the workflow do?'), 'Summarize each new lead and email me.');
    await user.click(within(form).getByRole('button', { name: 'Generate workflow' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The language model did not answer in time');
    answer = () => fail(500, '', '');
    await user.click(within(form).getByRole('button', { name: 'Generate workflow' }));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent('Failed to generate AI workflow'));
  });

  it('shows the problems the server found in a save', async () => {
    server.use(
      mockApi.post('/v1/orchestration/ai-generate', () => ok(makeGenerated())),
      mockApi.post('/workflows', () => fail(422, 'validation_failed', 'Invalid input', [{ field: 'nodes.step2.data.to', message: 'Required' }])),
    );
    const { user } = renderApp(`${CREATE}?start=ai`, { user: plainUser });
    await user.type(await screen.findByLabelText('What should the workflow do?'), 'Summarize each new lead and email me.');
    await user.click(screen.getByRole('button', { name: 'Generate workflow' }));
    const review = await screen.findByTestId('generated-review');
    await user.click(within(review).getByRole('button', { name: 'Save workflow' }));
    const alert = await within(review).findByRole('alert');
    expect(alert).toHaveTextContent('The workflow was not saved');
    expect(alert).toHaveTextContent('nodes.step2.data.to: Required');
  });
});
