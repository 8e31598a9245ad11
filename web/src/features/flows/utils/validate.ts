import { isValidId } from '@/components/graph-builder/ids';
import type { FlowGraph, FlowKind, NodeSettings } from '@/features/flows/api/flows';
import { waysOut } from '@/features/flows/utils/catalog';
import { wayOf } from '@/features/flows/utils/rules';
import { FLOW_LIMITS } from '@/features/flows/utils/types';

// The server's checks of a flow (crates/domain/src/flow/graph.rs), run in the browser as the flow
// is drawn, so problems show on their nodes at once: the same fields (`flow.nodes.<id>.data.text`,
// `flow.edges.<id>.sourceHandle`, `flow.nodes`), each with the key of its message
// (`flowBuilder.checks.<key>`). What only the server can judge (a template's or an expression's
// syntax in full, an MCP server's tools) comes back from a save.

export type CheckKey =
  | 'tooMany'
  | 'badId'
  | 'idTaken'
  | 'required'
  | 'variableName'
  | 'variableRequired'
  | 'optionsRequired'
  | 'range'
  | 'choicesRequired'
  | 'choiceId'
  | 'choiceLabel'
  | 'braces'
  | 'oneStart'
  | 'edgeEnds'
  | 'intoStart'
  | 'nothingFollows'
  | 'notAWay'
  | 'wayTaken'
  | 'unreachable'
  | 'loop';

export type Check = { field: string; key: CheckKey; values?: Record<string, string | number> };

/** Whether every `{{` of a template is closed before the next one opens. */
export function bracesBalanced(source: string): boolean {
  let open = false;
  for (let i = 0; i < source.length - 1; i++) {
    const pair = source.slice(i, i + 2);
    if (pair === '{{') {
      if (open) return false;
      open = true;
      i++;
    } else if (pair === '}}' && open) {
      open = false;
      i++;
    }
  }
  return !open;
}

const blank = (v: string | null | undefined) => !v || v.trim() === '';

function checkSettings(out: Check[], at: string, kind: FlowKind, s: NodeSettings) {
  const f = (name: string) => `${at}.data.${name}`;
  const add = (name: string, key: CheckKey, values?: Check['values']) => out.push({ field: f(name), key, ...(values ? { values } : {}) });
  const required = (name: keyof NodeSettings, value: string | null | undefined) => {
    if (blank(value)) add(name, 'required');
    else if (!bracesBalanced(value!)) add(name, 'braces');
  };
  const optional = (name: keyof NodeSettings, value: string | null | undefined) => {
    if (!blank(value) && !bracesBalanced(value!)) add(name, 'braces');
  };
  if (s.variable != null && !isValidId(s.variable)) add('variable', 'variableName');
  switch (kind) {
    case 'start':
      return;
    case 'message':
      return required('text', s.text);
    case 'question': {
      required('text', s.text);
      optional('retryText', s.retryText);
      if (s.variable == null) add('variable', 'variableRequired');
      if (!s.answerType) add('answerType', 'required');
      const options = s.options ?? [];
      if (s.answerType === 'choice' && options.length === 0) add('options', 'optionsRequired');
      if (options.length > FLOW_LIMITS.options) add('options', 'tooMany', { max: FLOW_LIMITS.options });
      const [minA, maxA] = FLOW_LIMITS.attempts;
      if (s.maxAttempts != null && (s.maxAttempts < minA || s.maxAttempts > maxA)) add('maxAttempts', 'range', { min: minA, max: maxA });
      const [minL, maxL] = FLOW_LIMITS.listen;
      if (s.listenTimeoutSeconds != null && (s.listenTimeoutSeconds < minL || s.listenTimeoutSeconds > maxL)) add('listenTimeoutSeconds', 'range', { min: minL, max: maxL });
      return;
    }
    case 'choice': {
      required('text', s.text);
      const choices = s.choices ?? [];
      if (choices.length === 0) add('choices', 'choicesRequired');
      if (choices.length > FLOW_LIMITS.options) add('choices', 'tooMany', { max: FLOW_LIMITS.options });
      const ids = new Set<string>();
      for (const c of choices) {
        if (!isValidId(c.id) || ids.has(c.id)) add('choices', 'choiceId', { id: c.id });
        ids.add(c.id);
        if (blank(c.label) || [...c.label].length > FLOW_LIMITS.label) add('choices', 'choiceLabel', { max: FLOW_LIMITS.label });
      }
      return;
    }
    case 'condition':
      return required('expression', s.expression);
    case 'llm':
      required('prompt', s.prompt);
      return optional('system', s.system);
    case 'knowledge':
      return optional('query', s.query);
    case 'api':
      if (!s.method) add('method', 'required');
      required('url', s.url);
      optional('body', s.body);
      for (const value of Object.values(s.headers ?? {})) optional('headers', value);
      return;
    case 'tool':
      if (blank(s.serverId)) add('serverId', 'required');
      if (blank(s.tool)) add('tool', 'required');
      return;
    case 'handoff':
    case 'end':
      return optional('text', s.text);
  }
}

/** The nodes on a cycle of `edges` (Tarjan's strongly connected components; a self-loop counts). */
function inCycles(ids: readonly string[], edges: readonly [string, string][]): string[] {
  const next = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const [a, b] of edges) next.get(a)?.push(b);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found = new Set<string>();
  let counter = 0;
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (next.get(v) ?? []).includes(v)) component.forEach((c) => found.add(c));
    }
  };
  for (const id of ids) if (!index.has(id)) visit(id);
  return ids.filter((id) => found.has(id));
}

/** Every problem the server would find with the flow, named as it names them. */
export function checkFlow(graph: FlowGraph): Check[] {
  const out: Check[] = [];
  if (graph.nodes.length > FLOW_LIMITS.nodes) out.push({ field: 'flow.nodes', key: 'tooMany', values: { max: FLOW_LIMITS.nodes } });
  if (graph.edges.length > FLOW_LIMITS.edges) out.push({ field: 'flow.edges', key: 'tooMany', values: { max: FLOW_LIMITS.edges } });
  if (out.length) return out;
  const kinds = new Map<string, FlowKind>();
  const settings = new Map<string, NodeSettings>();
  graph.nodes.forEach((node, i) => {
    if (!isValidId(node.id)) return void out.push({ field: `flow.nodes[${i}].id`, key: 'badId' });
    const at = `flow.nodes.${node.id}`;
    if (kinds.has(node.id)) return void out.push({ field: `${at}.id`, key: 'idTaken' });
    kinds.set(node.id, node.type);
    settings.set(node.id, node.data ?? {});
    checkSettings(out, at, node.type, node.data ?? {});
  });
  const starts = graph.nodes.filter((n) => n.type === 'start');
  if (starts.length !== 1) out.push({ field: 'flow.nodes', key: 'oneStart' });
  const taken = new Set<string>();
  for (const edge of graph.edges) {
    const at = `flow.edges.${edge.id}`;
    const source = kinds.get(edge.source);
    const target = kinds.get(edge.target);
    if (!source || !target) {
      out.push({ field: `${at}.target`, key: 'edgeEnds' });
      continue;
    }
    if (target === 'start') out.push({ field: `${at}.target`, key: 'intoStart' });
    const way = wayOf(edge.sourceHandle);
    if (!waysOut(source, settings.get(edge.source) ?? {}).includes(way)) {
      out.push(source === 'handoff' || source === 'end' ? { field: `${at}.sourceHandle`, key: 'nothingFollows' } : { field: `${at}.sourceHandle`, key: 'notAWay', values: { way: way ?? '—' } });
    }
    const key = `${edge.source}\u0000${way ?? ''}`;
    if (taken.has(key)) out.push({ field: `${at}.source`, key: 'wayTaken' });
    taken.add(key);
  }
  if (starts.length !== 1) return out;
  // Reachable from the start.
  const seen = new Set([starts[0].id]);
  const queue = [starts[0].id];
  while (queue.length) {
    const at = queue.shift()!;
    for (const e of graph.edges) {
      if (e.source !== at || !kinds.has(e.target) || seen.has(e.target)) continue;
      seen.add(e.target);
      queue.push(e.target);
    }
  }
  for (const id of kinds.keys()) if (!seen.has(id)) out.push({ field: `flow.nodes.${id}`, key: 'unreachable' });
  // Every cycle waits for the person: without the edges out of questions and choices, what is left has none.
  const moving = graph.edges.filter((e) => kinds.has(e.target) && !['question', 'choice'].includes(kinds.get(e.source) ?? 'question')).map((e): [string, string] => [e.source, e.target]);
  for (const id of inCycles([...kinds.keys()], moving)) out.push({ field: `flow.nodes.${id}`, key: 'loop' });
  return out;
}
