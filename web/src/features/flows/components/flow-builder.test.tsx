import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubXyflowBrowser } from '@/components/graph-builder/xyflow-stubs';
import type { FlowGraph } from '@/features/flows/api/flows';
import { makeAgent } from '@/testing/mocks/agents';
import { answerEvents } from '@/testing/mocks/chat';
import { fail, mockApi, ok, paged, sseResponse, type ApiAnswer } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { plainUser, renderApp } from '@/testing/test-utils';
import type { components } from '@/lib/api-types';

beforeAll(stubXyflowBrowser);

type ChatIn = components['schemas']['ChatIn'];
type AgentInput = components['schemas']['AgentIn'];

/** start → hello (message) → email (question) → menu (choice: sales, support); sales → human (handoff). */
const intake = (): FlowGraph => ({
  nodes: [
    { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
    { id: 'hello', type: 'message', name: 'Greeting', position: { x: 320, y: 0 }, data: { text: 'Hello!' } },
    { id: 'email', type: 'question', position: { x: 640, y: 0 }, data: { text: 'Your email?', variable: 'email', answerType: 'email' } },
    {
      id: 'menu',
      type: 'choice',
      position: { x: 960, y: 0 },
      data: {
        text: 'Sales or support?',
        choices: [
          { id: 'sales', label: 'Sales' },
          { id: 'support', label: 'Support' },
        ],
      },
    },
    { id: 'human', type: 'handoff', position: { x: 1280, y: 0 }, data: { text: 'A person will answer.' } },
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'hello' },
    { id: 'e2', source: 'hello', target: 'email' },
    { id: 'e3', source: 'email', target: 'menu' },
    { id: 'e4', source: 'menu', target: 'human', sourceHandle: 'sales' },
  ],
});

const agentA = makeAgent({ id: 'a1', name: 'Alpha desk', flow: intake(), currentVersion: 4 });
const agentB = makeAgent({ id: 'a2', name: 'Beta desk', flow: null, currentVersion: 1 });

/** The agents list and each agent; PUTs are answered by `onPut` (the new version by default). */
function withAgents(onPut?: (body: AgentInput) => ApiAnswer<'put', '/agents/{id}'>) {
  const puts: AgentInput[] = [];
  const agents = { a1: agentA, a2: agentB } as Record<string, typeof agentA>;
  server.use(
    mockApi.get('/agents', () => paged([agentA, agentB])),
    mockApi.get('/agents/{id}', ({ params }) => (agents[params.id] ? ok(agents[params.id]) : fail(404, 'not_found', 'Agent not found'))),
    mockApi.put('/agents/{id}', async ({ params, request }) => {
      const body = await request.json();
      puts.push(body);
      if (onPut) return onPut(body);
      const current = agents[params.id];
      agents[params.id] = { ...current, flow: body.flow ?? null, currentVersion: current.currentVersion + 1 };
      return ok(agents[params.id]);
    }),
  );
  return puts;
}

const nodeEl = (id: string) => document.querySelector<HTMLElement>(`[data-testid="flow-node"][data-node-id="${id}"]`);
const nodeIds = () => [...document.querySelectorAll<HTMLElement>('[data-testid="flow-node"]')].map((n) => n.dataset.nodeId);
const canvasNode = (id: string) => document.querySelector<HTMLElement>(`.react-flow__node[data-id="${id}"]`)!;

async function openBuilder(path = '/dashboard/flow') {
  const view = renderApp(path, { user: plainUser });
  await screen.findByTestId('flow-builder');
  return view;
}

describe('the conversation flow builder', () => {
  it('opens the first agent (remembered in ?agent=), loads its flow, and loads another when picked', async () => {
    withAgents();
    const { user, router } = await openBuilder();
    expect(screen.getByRole('heading', { level: 1, name: 'Conversation flow builder' })).toBeInTheDocument();
    await waitFor(() => expect(nodeIds()).toEqual(['start', 'hello', 'email', 'menu', 'human']));
    expect(router.state.location.search).toBe('?agent=a1');
    expect(screen.getByTestId('flow-version')).toHaveTextContent('Version 4');
    expect(screen.getByTestId('save-state')).toHaveTextContent('All changes saved');
    expect(within(nodeEl('hello')!).getByText('Greeting')).toBeInTheDocument();
    // A choice's buttons are its ways out, labelled on the node.
    expect(within(nodeEl('menu')!).getByText('Sales')).toBeInTheDocument();
    expect(within(nodeEl('email')!).getByText('Invalid answer')).toBeInTheDocument();
    // Every node type but the start (there is one) is in the palette.
    expect(screen.getByTestId('palette-question')).toHaveTextContent('Question');
    expect(screen.queryByTestId('palette-start')).not.toBeInTheDocument();
    // Nothing selected: the flow, with no problems.
    expect(within(screen.getByTestId('flow-problems')).getByText('No problems found.')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Agent' }), 'a2');
    await waitFor(() => expect(router.state.location.search).toBe('?agent=a2'));
    // An agent without a flow starts with its start alone.
    await waitFor(() => expect(nodeIds()).toEqual(['start']));
    expect(screen.getByTestId('flow-version')).toHaveTextContent('Version 1');
  });

  it('adds nodes after the selected one, checks them as they are filled in, and saves the flow', async () => {
    const puts = withAgents();
    const { user } = await openBuilder('/dashboard/flow?agent=a2');
    await waitFor(() => expect(nodeIds()).toEqual(['start']));

    // With the start selected, a message is added after it, joined to it.
    fireEvent.click(canvasNode('start'));
    await screen.findByText(/Every conversation starts here/);
    await user.click(screen.getByTestId('palette-message'));
    await waitFor(() => expect(nodeIds()).toEqual(['start', 'message_1']));
    expect(screen.getByTestId('save-state')).toHaveTextContent('Unsaved changes');
    // Its text is required: the node says so until it is filled in.
    await waitFor(() => expect(nodeEl('message_1')).toHaveAttribute('data-invalid', 'true'));
    const text = await screen.findByRole('textbox', { name: 'Message' });
    expect(text).toHaveAccessibleDescription('Required');
    await user.type(text, 'Hi {{{{ vars.name }}');
    await waitFor(() => expect(nodeEl('message_1')).not.toHaveAttribute('data-invalid'));

    // Then a question after the message (selected, as a new node is).
    await user.click(screen.getByTestId('palette-question'));
    await waitFor(() => expect(nodeIds()).toEqual(['start', 'message_1', 'question_1']));
    const question = await screen.findByRole('textbox', { name: 'Question' });
    await user.type(question, 'Your email?');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Answer type' }), 'email');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('save-state')).toHaveTextContent('All changes saved'));
    expect(screen.getByTestId('flow-version')).toHaveTextContent('Version 2');
    const flow = puts[0].flow as FlowGraph;
    expect(flow.nodes.map((n) => [n.id, n.type, n.data])).toEqual([
      ['start', 'start', {}],
      ['message_1', 'message', { text: 'Hi {{ vars.name }}' }],
      ['question_1', 'question', { text: 'Your email?', variable: 'question_1', answerType: 'email' }],
    ]);
    expect(flow.edges).toEqual([
      { id: 'e1', source: 'start', target: 'message_1' },
      { id: 'e2', source: 'message_1', target: 'question_1' },
    ]);
  });

  it('shows the problems of a refused save on their node and connection', async () => {
    withAgents(() =>
      fail(400, 'validation_error', 'The flow is not valid', [
        { field: 'flow.nodes.hello.data.text', message: 'Unknown filter: shout' },
        { field: 'flow.edges.e4.sourceHandle', message: "'sales' is not a way out of this node" },
      ]),
    );
    const { user } = await openBuilder('/dashboard/flow?agent=a1');
    await waitFor(() => expect(nodeIds()).toHaveLength(5));
    fireEvent.click(canvasNode('hello'));
    const text = await screen.findByRole('textbox', { name: 'Message' });
    await user.clear(text);
    await user.type(text, 'Hello {{{{ vars.name | shout }}');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(nodeEl('hello')).toHaveAttribute('data-invalid', 'true'));
    expect(within(nodeEl('hello')!).getByText('1 problem')).toBeInTheDocument();
    const inspector = screen.getByRole('complementary', { name: 'Node' });
    expect(within(inspector).getByRole('group', { name: 'Problems' })).toHaveTextContent('Unknown filter: shout');
    expect(within(inspector).getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription('Unknown filter: shout');
    expect(screen.getByTestId('save-state')).toHaveTextContent('Unsaved changes');

    // The flow panel lists both, the connection's with a button showing it.
    fireEvent.click(document.querySelector('.react-flow__pane')!);
    const problems = await screen.findByTestId('flow-problems');
    expect(problems).toHaveTextContent('The server refused the flow: 2 problems.');
    expect(problems).toHaveTextContent("'sales' is not a way out of this node");
    await user.click(within(problems).getAllByRole('button', { name: 'Show' })[1]);
    expect(await screen.findByRole('complementary', { name: 'Connection' })).toHaveTextContent("'sales' is not a way out of this node");
  });

  it('previews the saved draft: choice buttons, the node it stopped at, a choice sent, a hand-off', async () => {
    withAgents();
    const sent: ChatIn[] = [];
    server.use(
      mockApi.post(
        '/agents/{id}/test',
        async ({ request }) => {
          sent.push(await request.json());
          const turn = sent.length;
          if (turn === 1) {
            return sseResponse(
              answerEvents({
                conversationId: 'c1',
                turn,
                userText: 'ada@example.com',
                text: ['Sales or support?'],
                over: {
                  flow: {
                    nodeId: 'menu',
                    choices: [
                      { id: 'sales', label: 'Sales' },
                      { id: 'support', label: 'Support' },
                    ],
                  },
                },
              }),
            );
          }
          return sseResponse(answerEvents({ conversationId: 'c1', turn, userText: 'Sales', text: ['A person will answer.'], over: { flow: { nodeId: 'human', choices: [], ending: 'handoff' } } }));
        },
        { id: 'a1' },
      ),
    );
    const { user } = await openBuilder('/dashboard/flow?agent=a1');
    await waitFor(() => expect(nodeIds()).toHaveLength(5));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByTestId('flow-preview');
    expect(within(preview).getByRole('heading', { name: 'Chat preview' })).toBeInTheDocument();

    await user.type(within(preview).getByTestId('chat-input'), 'ada@example.com{Enter}');
    const choices = await within(preview).findByTestId('chat-choices');
    expect(within(choices).getAllByRole('button').map((b) => b.textContent)).toEqual(['Sales', 'Support']);
    expect(sent[0]).toMatchObject({ message: 'ada@example.com', conversationId: null });
    // The canvas lights the node the conversation stopped at.
    await waitFor(() => expect(nodeEl('menu')).toHaveAttribute('data-current', 'true'));
    expect(within(preview).getByTestId('preview-at')).toHaveTextContent('Stopped at: Choice (menu)');

    await user.click(within(choices).getByRole('button', { name: 'Sales' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ message: 'Sales', conversationId: 'c1' });
    await waitFor(() => expect(nodeEl('human')).toHaveAttribute('data-current', 'true'));
    expect(nodeEl('menu')).not.toHaveAttribute('data-current');
    expect(await within(preview).findByText(/someone of your team takes over here/)).toBeInTheDocument();
    expect(within(preview).queryByTestId('chat-choices')).not.toBeInTheDocument();

    // Restart: a fresh conversation, nothing lit.
    await user.click(within(preview).getByRole('button', { name: 'Restart' }));
    await waitFor(() => expect(nodeEl('human')).not.toHaveAttribute('data-current'));
    expect(within(preview).queryAllByTestId('chat-message')).toHaveLength(0);
  });

  it('shows the voice settings on /dashboard/voice-flows, and a voice preview that says when the browser cannot listen', async () => {
    withAgents();
    server.use(mockApi.get('/agents/voices', () => ok([{ id: 'v1', name: 'rachel', gender: 'female', characteristics: 'calm', description: 'Calm', category: 'clear', language: 'en', accent: 'american', ageRange: 'young', useCase: 'support', settings: { stability: 0.5, similarityBoost: 0.75, style: 0, speakerBoost: true } }])));
    const { user } = await openBuilder('/dashboard/voice-flows?agent=a1');
    expect(screen.getByRole('heading', { level: 1, name: 'Voice flow builder' })).toBeInTheDocument();
    await waitFor(() => expect(nodeIds()).toHaveLength(5));

    fireEvent.click(canvasNode('hello'));
    const own = await screen.findByRole('switch', { name: 'Own voice for this message' });
    await user.click(own);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Voice' }), 'rachel');
    fireEvent.change(screen.getByRole('slider', { name: 'Speed' }), { target: { value: '0.8' } });
    await waitFor(() => expect(screen.getByTestId('save-state')).toHaveTextContent('Unsaved changes'));

    fireEvent.click(canvasNode('email'));
    expect(await screen.findByRole('textbox', { name: 'Listen for (seconds)' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Phone keys answer too' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByTestId('flow-preview');
    expect(within(preview).getByRole('heading', { name: 'Voice preview' })).toBeInTheDocument();
    expect(within(preview).getByText('This browser cannot listen: type your answers instead.')).toBeInTheDocument();
    expect(within(preview).getByText('The preview talks to the saved draft: save to try your changes.')).toBeInTheDocument();
  });
});
