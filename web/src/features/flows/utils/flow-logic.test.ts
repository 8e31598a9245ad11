import { describe, expect, it } from 'vitest';
import { readDocument } from '@/components/graph-builder/read-document';
import type { FlowGraph, NodeSettings } from '@/features/flows/api/flows';
import { waysOut } from '@/features/flows/utils/catalog';
import { toCanvas, toFlowGraph } from '@/features/flows/utils/convert';
import { layoutFlow, needsLayout } from '@/features/flows/utils/layout';
import { indexFlowProblems } from '@/features/flows/utils/problems';
import { connectionProblem } from '@/features/flows/utils/rules';
import { formSchemas, importSchema, storedFlow, toFormData } from '@/features/flows/utils/schemas';
import { flowOf, flowReducer, initFlowState } from '@/features/flows/utils/state';
import { bracesBalanced, checkFlow } from '@/features/flows/utils/validate';

/** The server's own test flow (crates/domain/src/flow/graph.rs). */
const intake = (): FlowGraph => ({
  nodes: [
    { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
    { id: 'hello', type: 'message', position: { x: 300, y: 0 }, data: { text: 'Hello!' } },
    { id: 'email', type: 'question', position: { x: 600, y: 0 }, data: { text: 'Your email?', variable: 'email', answerType: 'email', retryText: 'That is not an email', maxAttempts: 2 } },
    {
      id: 'menu',
      type: 'choice',
      position: { x: 900, y: 0 },
      data: {
        text: 'Sales or support?',
        variable: 'team',
        choices: [
          { id: 'sales', label: 'Sales' },
          { id: 'support', label: 'Support' },
        ],
      },
    },
    { id: 'vip', type: 'condition', position: { x: 1200, y: 0 }, data: { expression: "vars.email.endswith('@example.com')" } },
    { id: 'human', type: 'handoff', position: { x: 1500, y: -80 }, data: { text: 'A person will answer.' } },
    { id: 'bye', type: 'end', position: { x: 1500, y: 80 }, data: { text: 'Bye {{ vars.email }}' } },
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'hello' },
    { id: 'e2', source: 'hello', target: 'email' },
    { id: 'e3', source: 'email', target: 'menu' },
    { id: 'e4', source: 'email', target: 'bye', sourceHandle: 'invalid' },
    { id: 'e5', source: 'menu', target: 'vip', sourceHandle: 'sales' },
    { id: 'e6', source: 'menu', target: 'email', sourceHandle: 'support' },
    { id: 'e7', source: 'vip', target: 'human', sourceHandle: 'true' },
    { id: 'e8', source: 'vip', target: 'bye', sourceHandle: 'false' },
  ],
});

const fields = (graph: FlowGraph) => checkFlow(graph).map((c) => c.field);
const node = (graph: FlowGraph, id: string) => graph.nodes.find((n) => n.id === id)!;

describe('the checks (the server’s rules)', () => {
  it('pass a good flow, whose cycle waits for the person', () => {
    expect(checkFlow(intake())).toEqual([]);
  });

  it('name the node and field of each problem, as the server does', () => {
    const f = intake();
    node(f, 'email').data!.answerType = 'choice';
    node(f, 'hello').data!.text = '{{ oops';
    f.edges[4].sourceHandle = 'nope';
    expect(fields(f)).toEqual(['flow.nodes.hello.data.text', 'flow.nodes.email.data.options', 'flow.edges.e5.sourceHandle']);
    const g = intake();
    g.edges.push({ id: 'e9', source: 'bye', target: 'hello' });
    expect(checkFlow(g)).toEqual([{ field: 'flow.edges.e9.sourceHandle', key: 'nothingFollows' }]);
  });

  it('find unreachable nodes, loops that never wait, a second start and ways taken twice', () => {
    const f: FlowGraph = {
      nodes: [
        { id: 'start', type: 'start' },
        { id: 'a', type: 'message', data: { text: 'A' } },
        { id: 'b', type: 'condition', data: { expression: 'true' } },
        { id: 'lost', type: 'end' },
      ],
      edges: [
        { id: 'e1', source: 'start', target: 'a' },
        { id: 'e2', source: 'a', target: 'b' },
        { id: 'e3', source: 'b', target: 'a', sourceHandle: 'true' },
      ],
    };
    expect(fields(f)).toEqual(['flow.nodes.lost', 'flow.nodes.a', 'flow.nodes.b']);
    const g = intake();
    g.nodes.push({ id: 'again', type: 'start' });
    g.edges.push({ id: 'e9', source: 'hello', target: 'menu' });
    expect(checkFlow(g).map((c) => [c.field, c.key])).toEqual([
      ['flow.nodes', 'oneStart'],
      ['flow.edges.e9.source', 'wayTaken'],
    ]);
  });

  it('check each type’s settings', () => {
    const f: FlowGraph = {
      nodes: [
        { id: 'start', type: 'start' },
        { id: 'q', type: 'question', data: { text: 'Age?', maxAttempts: 11, variable: '2age' } },
        { id: 'c', type: 'choice', data: { text: 'Pick', choices: [{ id: 'x', label: '' }, { id: 'x', label: 'Two' }] } },
        { id: 't', type: 'tool', data: { serverId: '', tool: 'echo' } },
        { id: 'a', type: 'api', data: { url: 'https://x.io' } },
      ],
      edges: [],
    };
    expect(checkFlow(f).filter((c) => !c.field.endsWith('.q') && !/\.(c|t|a)$/.test(c.field)).map((c) => `${c.field}:${c.key}`)).toEqual([
      'flow.nodes.q.data.variable:variableName',
      'flow.nodes.q.data.answerType:required',
      'flow.nodes.q.data.maxAttempts:range',
      'flow.nodes.c.data.choices:choiceLabel',
      'flow.nodes.c.data.choices:choiceId',
      'flow.nodes.t.data.serverId:required',
      'flow.nodes.a.data.method:required',
    ]);
    expect(bracesBalanced('Hi {{ vars.name }}, {{ message }}')).toBe(true);
    expect(bracesBalanced('Hi {{ vars.name }')).toBe(false);
  });

  it('are placed on their node, edge or the flow', () => {
    const index = indexFlowProblems(
      [
        { field: 'flow.nodes.hello.data.text', message: 'a' },
        { field: 'flow.nodes[1].id', message: 'b' },
        { field: 'flow.edges.e4.sourceHandle', message: 'c' },
        { field: 'flow.nodes', message: 'd' },
      ],
      intake(),
    );
    expect(index.nodes.get('hello')?.map((p) => p.message)).toEqual(['a', 'b']);
    expect(index.edges.get('e4')?.[0].at).toEqual({ kind: 'edge', id: 'e4', path: 'sourceHandle' });
    expect(index.flow.map((p) => p.message)).toEqual(['d']);
  });
});

describe('connections', () => {
  const { nodes, edges } = toCanvas(intake(), false);
  const join = (source: string, target: string, sourceHandle: string | null = null) => connectionProblem({ source, target, sourceHandle }, nodes, edges);

  it('leave each node only by its own ways, never into the start nor out of a handoff or an end', () => {
    expect(join('hello', 'start')).toBe('intoStart');
    expect(join('human', 'bye')).toBe('noWayOut');
    expect(join('hello', 'hello')).toBe('self');
    expect(join('menu', 'bye')).toBe('handle');
    expect(join('menu', 'bye', 'support')).toBeNull();
    expect(join('vip', 'hello', 'maybe')).toBe('handle');
    expect(join('email', 'bye', 'invalid')).toBe('duplicate');
    expect(waysOut('question', {})).toEqual([null, 'invalid']);
    expect(waysOut('tool', {})).toEqual([null, 'error']);
  });

  it('move a way already taken to the new target, as one undoable change', () => {
    let s = initFlowState(intake(), false);
    s = flowReducer(s, { type: 'connect', connection: { source: 'menu', target: 'bye', sourceHandle: 'support', targetHandle: null }, at: 1 });
    expect(flowOf(s).edges.filter((e) => e.source === 'menu')).toEqual([
      { id: 'e5', source: 'menu', target: 'vip', sourceHandle: 'sales' },
      { id: 'e9', source: 'menu', target: 'bye', sourceHandle: 'support' },
    ]);
    s = flowReducer(s, { type: 'undo' });
    expect(flowOf(s)).toEqual(intake());
  });
});

describe('the builder state', () => {
  it('adds a node after the selected one by its first free way, and a choice losing a button loses its edge', () => {
    let s = initFlowState(intake(), false);
    s = flowReducer(s, { type: 'addNode', kind: 'message', position: { x: 0, y: 300 }, after: 'email', at: 1 });
    // The question's answer way is taken: the new node hangs off nothing (its Invalid way is taken too).
    expect(flowOf(s).edges).toHaveLength(8);
    s = flowReducer(s, { type: 'addNode', kind: 'end', position: { x: 0, y: 400 }, after: 'vip', at: 2 });
    expect(flowOf(s).nodes.map((n) => n.id)).toContain('end_1');
    s = flowReducer(s, { type: 'updateNode', id: 'menu', patch: { settings: { text: 'Sales?', choices: [{ id: 'sales', label: 'Sales' }] } }, at: 3 });
    expect(flowOf(s).edges.some((e) => e.id === 'e6')).toBe(false);
    s = flowReducer(s, { type: 'delete', nodes: ['start'], edges: [], at: 4 });
    expect(flowOf(s).nodes[0].id).toBe('start');
  });

  it('converts there and back, left to right and mirrored right to left', () => {
    for (const rtl of [false, true]) {
      const { nodes, edges } = toCanvas(intake(), rtl);
      expect(toFlowGraph(nodes, edges, rtl)).toEqual(intake());
    }
    expect(toCanvas(intake(), true).nodes[1].position.x).toBe(-300 - 240);
  });

  it('lays a flow without a layout out from its start', () => {
    const piled = { ...intake(), nodes: intake().nodes.map((n) => ({ ...n, position: { x: 0, y: 0 } })) };
    expect(needsLayout(piled)).toBe(true);
    const laid = layoutFlow(piled);
    const x = (id: string) => laid.nodes.find((n) => n.id === id)!.position!.x;
    expect(x('start')).toBeLessThan(x('hello'));
    expect(x('hello')).toBeLessThan(x('email'));
  });
});

describe('the inspector forms and files', () => {
  it('read each type’s fields back into the settings the server takes', () => {
    const cases: [keyof typeof formSchemas, NodeSettings][] = [
      ['message', { text: 'Hi', voice: { voiceId: 'rachel', speed: 0.9, stability: 0.5, similarityBoost: 0.75, style: 0.2 } }],
      ['question', { text: 'Which?', variable: 'pick', answerType: 'choice', options: ['A', 'B'], maxAttempts: 2, listenTimeoutSeconds: 8, dtmf: true }],
      ['choice', { text: 'Pick', variable: 'team', choices: [{ id: 'a', label: 'A' }] }],
      ['api', { method: 'POST', url: 'https://x.io', headers: { Authorization: 'Bearer x' }, body: '{}', variable: 'res' }],
      ['tool', { serverId: 's1', tool: 'echo', arguments: { message: '{{ message }}' } }],
      ['llm', { prompt: 'Summarise', system: 'Be brief', variable: 'summary' }],
      ['knowledge', { query: 'refunds' }],
      ['end', { text: 'Bye' }],
      ['condition', { expression: 'vars.age >= 18' }],
    ];
    for (const [kind, settings] of cases) {
      const out = formSchemas[kind].safeParse(toFormData[kind](settings));
      expect(out.success, kind).toBe(true);
      expect(out.data, kind).toEqual(settings);
    }
  });

  it('refuse a bad variable, attempts out of range, arguments that are not an object', () => {
    expect(formSchemas.llm.safeParse({ prompt: 'x', system: '', variable: '1x' }).success).toBe(false);
    expect(formSchemas.question.safeParse({ ...toFormData.question({}), maxAttempts: '11' }).success).toBe(false);
    expect(formSchemas.tool.safeParse({ serverId: 's', tool: 't', arguments: '[1]', variable: '' }).success).toBe(false);
  });

  it('read an agent’s stored flow, an exported file or a bare flow, and refuse what is not one', () => {
    expect(storedFlow(intake())).toEqual(intake());
    expect(storedFlow({ nodes: [], edges: [] })).toBeNull();
    expect(storedFlow([1])).toBeNull();
    const say = { notJson: (why: string) => `not json: ${why}`, issue: (i: { path: PropertyKey[] }) => i.path.join('.') };
    expect(readDocument(JSON.stringify({ format: 'agentforge.flow', flow: intake() }), importSchema, say)).toEqual({ ok: true, document: intake() });
    expect(readDocument(JSON.stringify(intake()), importSchema, say)).toEqual({ ok: true, document: intake() });
    const bad = readDocument(JSON.stringify({ nodes: [{ id: 'a', type: 'bogus' }], edges: [] }), importSchema, say);
    expect(bad).toEqual({ ok: false, problems: ['nodes.0.type'] });
    expect(readDocument('{', importSchema, say).ok).toBe(false);
  });
});
