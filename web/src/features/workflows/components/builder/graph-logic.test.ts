import { describe, expect, it } from 'vitest';
import { copySelection, pasteFragment } from '@/components/graph-builder/clipboard';
import { closesCycle, connectionProblem, isValidConnection } from '@/features/workflows/components/builder/connection-rules';
import { mirrorX, NODE_WIDTH, toFlow, toGraph } from '@/features/workflows/components/builder/graph-convert';
import { emptyHistory, record, redo, undo } from '@/components/graph-builder/history';
import { copyId, isValidId, nextEdgeId, nextNodeId } from '@/components/graph-builder/ids';
import { readWorkflowDocument } from '@/features/workflows/components/builder/import-document';
import { layoutGraph, needsLayout } from '@/features/workflows/components/builder/layout';
import { indexProblems, placeProblem } from '@/features/workflows/components/builder/problems';
import { latestSteps } from '@/features/workflows/components/builder/run-status';
import { dataSchemas, formSchemas, toFormData } from '@/features/workflows/components/builder/schemas';
import { makeRun, makeStep, sampleGraph } from '@/features/workflows/components/builder/test-fixtures';
import { builderReducer, documentKey, graphOf, initState } from '@/features/workflows/components/builder/use-builder-state';

describe('graph ⇄ canvas conversion', () => {
  it('gives back the same graph, left to right and right to left', () => {
    const graph = sampleGraph();
    for (const rtl of [false, true]) {
      const { nodes, edges } = toFlow(graph, { rtl });
      expect(toGraph(nodes, edges, { rtl })).toEqual(graph);
    }
  });

  it('keeps settings, names, limits, handles and loops where xyflow wants them', () => {
    const graph = sampleGraph();
    graph.edges.push({ id: 'e6', source: 'check', target: 'shape', sourceHandle: 'false', maxIterations: 4 });
    const { nodes, edges } = toFlow(graph);
    const shape = nodes.find((n) => n.id === 'shape')!;
    expect(shape.type).toBe('transform');
    expect(shape.data).toEqual({ kind: 'transform', name: 'Shape', config: { template: 'Hello {{ input.name }}' }, timeoutSeconds: 20 });
    expect(nodes.find((n) => n.id === 'start')!.deletable).toBe(false);
    // The usual way out is xyflow's handle without an id; the others keep theirs.
    expect(edges.find((e) => e.id === 'e1')!.sourceHandle).toBeNull();
    expect(edges.find((e) => e.id === 'e5')!.sourceHandle).toBe('error');
    expect(edges.find((e) => e.id === 'e6')!.data).toEqual({ maxIterations: 4 });
    expect(toGraph(nodes, edges)).toEqual(graph);
  });

  it('mirrors positions on a right-to-left canvas, so the flow still starts at the trigger', () => {
    const { nodes } = toFlow(sampleGraph(), { rtl: true });
    expect(nodes.find((n) => n.id === 'start')!.position).toEqual({ x: -NODE_WIDTH, y: 0 });
    expect(nodes.find((n) => n.id === 'shape')!.position.x).toBe(-320 - NODE_WIDTH);
    expect(mirrorX(mirrorX(123.5, true), true)).toBe(123.5);
  });

  it('reads a node without position or settings as the server does', () => {
    const { nodes, edges } = toFlow({ nodes: [{ id: 'start', type: 'trigger' }], edges: [] });
    expect(toGraph(nodes, edges)).toEqual({ nodes: [{ id: 'start', type: 'trigger', position: { x: 0, y: 0 }, data: {} }], edges: [] });
  });
});

describe('connection rules', () => {
  const { nodes, edges } = toFlow(sampleGraph());
  const join = (source: string, target: string, sourceHandle: string | null = null) => connectionProblem({ source, target, sourceHandle }, nodes, edges);

  it('refuses edges into the trigger, out of an end, and from a node to itself', () => {
    expect(join('shape', 'start')).toBe('intoTrigger');
    expect(join('done', 'other')).toBe('outOfEnd');
    expect(join('shape', 'shape')).toBe('self');
    expect(join('shape', 'nowhere')).toBe('missing');
  });

  it('leaves a condition only by true, false (or error), the trigger only by its one way, others by next or error', () => {
    expect(join('check', 'other')).toBe('conditionHandle');
    expect(join('check', 'shape', 'true')).toBeNull();
    expect(join('check', 'shape', 'error')).toBeNull();
    expect(join('start', 'done', 'error')).toBe('triggerHandle');
    expect(join('shape', 'done', 'true')).toBe('handle');
    expect(join('shape', 'done')).toBeNull();
    expect(join('shape', 'done', 'error')).toBeNull();
  });

  it('refuses joining the same two nodes the same way twice', () => {
    expect(join('start', 'shape')).toBe('duplicate');
    expect(join('check', 'done', 'true')).toBe('duplicate');
    expect(join('check', 'done', 'false')).toBeNull();
    expect(isValidConnection({ source: 'shape', target: 'other', sourceHandle: 'error' }, nodes, edges)).toBe(false);
  });

  it('sees an edge back to an earlier node as closing a cycle (to be a loop edge)', () => {
    expect(closesCycle('check', 'shape', edges)).toBe(true);
    expect(closesCycle('shape', 'done', edges)).toBe(false);
  });
});

describe('undo and redo', () => {
  it('keeps snapshots, merges changes of one kind in a row, and clears redo on a new change', () => {
    let h = emptyHistory();
    h = record(h, 'a', null, 0);
    h = record(h, 'b', 'typing', 10);
    h = record(h, 'c', 'typing', 500); // same field, soon after: one step
    expect(h.past).toEqual(['a', 'b']);
    const back = undo(h, 'd')!;
    expect(back.snapshot).toBe('b');
    const forward = redo(back.history, 'b')!;
    expect(forward.snapshot).toBe('d');
    expect(record(back.history, 'b', null, 9000).future).toEqual([]);
    expect(undo(emptyHistory(), 'x')).toBeNull();
  });

  it('undoes and redoes adding, connecting and deleting nodes', () => {
    let s = initState({ graph: sampleGraph(), trigger: { type: 'manual' }, name: 'Greeter', description: '', rtl: false });
    const original = documentKey(s);
    s = builderReducer(s, { type: 'addNode', kind: 'http', position: { x: 100, y: 300 }, at: 1 });
    expect(s.nodes.map((n) => n.id)).toContain('http_1');
    s = builderReducer(s, { type: 'connect', connection: { source: 'shape', target: 'http_1', sourceHandle: null, targetHandle: null }, at: 2 });
    expect(s.edges).toHaveLength(6);
    s = builderReducer(s, { type: 'delete', nodes: ['http_1'], edges: [], at: 3 });
    expect(s.nodes).toHaveLength(5);
    expect(s.edges).toHaveLength(5);
    s = builderReducer(s, { type: 'undo' });
    expect(s.edges).toHaveLength(6);
    s = builderReducer(s, { type: 'undo' });
    expect(s.edges).toHaveLength(5);
    expect(s.nodes).toHaveLength(6);
    s = builderReducer(s, { type: 'undo' });
    expect(documentKey(s)).toBe(original);
    s = builderReducer(s, { type: 'redo' });
    s = builderReducer(s, { type: 'redo' });
    expect(graphOf(s).edges.at(-1)).toMatchObject({ source: 'shape', target: 'http_1' });
  });

  it('never deletes the trigger, and makes an edge closing a cycle a loop', () => {
    let s = initState({ graph: sampleGraph(), trigger: { type: 'manual' }, name: 'Greeter', description: '', rtl: false });
    s = builderReducer(s, { type: 'delete', nodes: ['start'], edges: [], at: 1 });
    expect(s.nodes.some((n) => n.id === 'start')).toBe(true);
    s = builderReducer(s, { type: 'connect', connection: { source: 'check', target: 'shape', sourceHandle: 'error', targetHandle: null }, at: 2 });
    expect(graphOf(s).edges.at(-1)).toEqual({ id: 'e6', source: 'check', target: 'shape', sourceHandle: 'error', maxIterations: 3 });
  });

  it('renames a node with its edges and the templates naming it', () => {
    let s = initState({ graph: sampleGraph(), trigger: { type: 'manual' }, name: 'Greeter', description: '', rtl: false });
    s = builderReducer(s, { type: 'renameNode', from: 'shape', to: 'greeting', at: 1 });
    const g = graphOf(s);
    expect(g.nodes.map((n) => n.id)).toEqual(['start', 'greeting', 'check', 'done', 'other']);
    expect(g.edges.filter((e) => e.source === 'greeting' || e.target === 'greeting')).toHaveLength(3);
    expect(g.nodes.find((n) => n.id === 'check')!.data).toEqual({ expression: 'nodes.greeting.output.text != ""' });
  });
});

describe('copy and paste', () => {
  it('copies the selected nodes (never the trigger) with the edges between them, and pastes them with new ids', () => {
    const graph = sampleGraph();
    const copied = copySelection(graph, new Set(['start', 'shape', 'check', 'done']))!;
    expect(copied.nodes.map((n) => n.id)).toEqual(['shape', 'check', 'done']);
    expect(copied.edges.map((e) => e.id)).toEqual(['e2', 'e3']);
    const pasted = pasteFragment(graph, copied);
    expect(pasted.nodes.map((n) => n.id)).toEqual(['shape_copy', 'check_copy', 'done_copy']);
    expect(pasted.edges).toEqual([
      { id: 'e6', source: 'shape_copy', target: 'check_copy' },
      { id: 'e7', source: 'check_copy', target: 'done_copy', sourceHandle: 'true' },
    ]);
    expect(pasted.nodes[0].position).toEqual({ x: 360, y: 40 });
    // Pasting again gives other ids still.
    const twice = pasteFragment({ nodes: [...graph.nodes, ...pasted.nodes], edges: [...graph.edges, ...pasted.edges] }, copied, 2);
    expect(twice.nodes.map((n) => n.id)).toEqual(['shape_copy_2', 'check_copy_2', 'done_copy_2']);
    expect(copySelection(graph, new Set(['start']))).toBeNull();
  });

  it('pastes through the builder state as selected nodes, one undo step', () => {
    let s = initState({ graph: sampleGraph(), trigger: { type: 'manual' }, name: 'Greeter', description: '', rtl: false });
    const fragment = copySelection(graphOf(s), new Set(['shape']))!;
    s = builderReducer(s, { type: 'paste', fragment, times: 1, at: 1 });
    expect(s.nodes.filter((n) => n.selected).map((n) => n.id)).toEqual(['shape_copy']);
    s = builderReducer(s, { type: 'undo' });
    expect(s.nodes.map((n) => n.id)).not.toContain('shape_copy');
  });
});

describe('ids', () => {
  it('follows the server rule and finds free ids', () => {
    expect(isValidId('fetch_2')).toBe(true);
    expect(isValidId('2fetch')).toBe(false);
    expect(isValidId('a-b')).toBe(false);
    expect(isValidId(`a${'b'.repeat(64)}`)).toBe(false);
    expect(nextNodeId('http', new Set(['http_1']))).toBe('http_2');
    expect(nextEdgeId(new Set(['e1', 'e2']))).toBe('e3');
    expect(copyId('x_copy', new Set(['x_copy']))).toBe('x_copy_2');
  });
});

describe('import', () => {
  const say = { notJson: (why: string) => `not json: ${why}`, issue: (i: { path: PropertyKey[]; message: string }) => `${i.path.join('.')}: ${i.message}` };

  it('rejects what is not JSON, and JSON that is not a workflow', () => {
    const notJson = readWorkflowDocument('{"graph": ', say);
    expect(notJson.ok).toBe(false);
    if (!notJson.ok) expect(notJson.problems[0]).toMatch(/^not json/);
    const noGraph = readWorkflowDocument('{"name": "x"}', say);
    expect(noGraph.ok).toBe(false);
    const badNode = readWorkflowDocument(
      JSON.stringify({ graph: { nodes: [{ id: 'start', type: 'trigger' }, { id: 'f', type: 'http', data: { url: 'https://x.io', method: 'FETCH' } }], edges: [{ id: 'e1', source: 'start', target: 'g' }] } }),
      say,
    );
    expect(badNode.ok).toBe(false);
    if (!badNode.ok) expect(badNode.problems.join('\n')).toMatch(/graph\.nodes\.1\.data\.method[\s\S]*graph\.edges\.0\.target/);
    const twoTriggers = readWorkflowDocument(JSON.stringify({ graph: { nodes: [{ id: 'a', type: 'trigger' }, { id: 'b', type: 'trigger' }], edges: [] } }), say);
    expect(twoTriggers.ok).toBe(false);
  });

  it('reads an exported document', () => {
    const doc = { name: 'Greeter', trigger: { type: 'schedule', cron: '0 9 * * 1-5', timezone: 'Europe/Paris' }, graph: sampleGraph() };
    const read = readWorkflowDocument(JSON.stringify(doc), say);
    expect(read).toEqual({ ok: true, document: doc });
  });
});

describe('the inspector forms', () => {
  it('read each type of settings back into what the server takes', () => {
    for (const [kind, data] of [
      ['http', { method: 'POST', url: 'https://x.io', headers: { Authorization: 'Bearer {{ input.token }}' }, body: '{}' }],
      ['llm', { prompt: 'Hi', temperature: 0.5, maxTokens: 200 }],
      ['delay', { seconds: 60 }],
      ['mcp', { serverId: 's1', tool: 'echo', arguments: { message: '{{ input.m }}' } }],
      ['end', { output: { ok: true } }],
      ['agent', { agentId: 'a1', message: 'Hi', conversation: 'new' }],
      ['transform', { template: 'x', format: 'json' }],
    ] as const) {
      const form = toFormData[kind](data);
      const out = formSchemas[kind].safeParse(form);
      expect(out.success, kind).toBe(true);
      expect(out.data, kind).toEqual(data);
      expect(dataSchemas[kind].safeParse(out.data).success, kind).toBe(true);
    }
  });

  it('refuses numbers out of range and arguments that are not a JSON object', () => {
    expect(formSchemas.llm.safeParse({ prompt: 'x', system: '', agentId: '', temperature: '3', maxTokens: '' }).success).toBe(false);
    expect(formSchemas.mcp.safeParse({ serverId: 's', tool: 't', arguments: '[1]' }).success).toBe(false);
    expect(formSchemas.http.safeParse({ method: 'GET', url: 'x', headers: [{ name: 'Bad name', value: 'v' }], body: '' }).success).toBe(false);
  });
});

describe('problems and run steps', () => {
  it('places the server problems on nodes, edges, the trigger and the workflow', () => {
    const graph = sampleGraph();
    expect(placeProblem({ field: 'graph.nodes.shape.data.template', message: 'Required' }, graph).at).toEqual({ kind: 'node', id: 'shape', path: 'data.template' });
    expect(placeProblem({ field: 'graph.nodes[2].id', message: 'bad id' }, graph).at).toEqual({ kind: 'node', id: 'check', path: 'id' });
    expect(placeProblem({ field: 'graph.nodes.done', message: 'unreachable' }, graph).at).toEqual({ kind: 'node', id: 'done', path: '' });
    expect(placeProblem({ field: 'graph.edges.e3.sourceHandle', message: 'x' }, graph).at).toEqual({ kind: 'edge', id: 'e3', path: 'sourceHandle' });
    expect(placeProblem({ field: 'trigger.cron', message: 'x' }, graph).at).toEqual({ kind: 'trigger', path: 'cron' });
    expect(placeProblem({ field: 'graph.nodes', message: 'x' }, graph).at).toEqual({ kind: 'workflow', path: 'graph.nodes' });
    const index = indexProblems([{ field: 'graph.nodes.shape.data.template', message: 'a' }, { field: 'graph.nodes.shape', message: 'b' }], graph);
    expect(index.nodes.get('shape')).toHaveLength(2);
  });

  it("takes each node's latest iteration", () => {
    const steps = latestSteps(makeRun('running', [makeStep('shape', 'succeeded'), makeStep('shape', 'running', { iteration: 1 }), makeStep('check', 'pending')]));
    expect(steps.get('shape')?.status).toBe('running');
    expect(steps.get('check')?.status).toBe('pending');
  });
});

describe('automatic layout', () => {
  it('lays the nodes out left to right from the trigger', () => {
    const graph = sampleGraph();
    const piled = { ...graph, nodes: graph.nodes.map((n) => ({ ...n, position: { x: 0, y: 0 } })) };
    expect(needsLayout(piled)).toBe(true);
    const laid = layoutGraph(piled);
    const x = (id: string) => laid.nodes.find((n) => n.id === id)!.position!.x;
    expect(x('start')).toBeLessThan(x('shape'));
    expect(x('shape')).toBeLessThan(x('check'));
    expect(x('check')).toBeLessThan(x('done'));
    expect(needsLayout(laid)).toBe(false);
  });
});
