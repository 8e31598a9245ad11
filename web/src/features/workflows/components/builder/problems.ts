import type { Graph, Problem } from '@/features/workflows/api/workflows';

// The problems the server finds (`POST /workflows/validate`, or a save's 422), placed where the
// builder shows them: on a node (`graph.nodes.<id>…`, or `graph.nodes[<index>]…` when the id
// itself is wrong), on an edge, on the trigger, or on the workflow as a whole.

export type Placed = {
  field: string;
  message: string;
  /** What it is about. */
  at: { kind: 'node'; id: string; path: string } | { kind: 'edge'; id: string; path: string } | { kind: 'trigger'; path: string } | { kind: 'workflow'; path: string };
};

export type ProblemIndex = {
  all: Placed[];
  nodes: Map<string, Placed[]>;
  edges: Map<string, Placed[]>;
  trigger: Placed[];
  workflow: Placed[];
};

const ELEMENT = /^graph\.(nodes|edges)(?:\.([A-Za-z][A-Za-z0-9_]*)|\[(\d+)\])(?:\.(.*))?$/;

/** Where one problem belongs, reading indexes against the graph that was checked. */
export function placeProblem(problem: Problem, graph: Graph): Placed {
  const { field, message } = problem;
  const m = ELEMENT.exec(field);
  if (m) {
    const [, list, named, index, rest] = m;
    const items = list === 'nodes' ? graph.nodes : graph.edges;
    const id = named ?? items[Number(index)]?.id;
    if (id !== undefined) return { field, message, at: { kind: list === 'nodes' ? 'node' : 'edge', id, path: rest ?? '' } };
  }
  if (field === 'trigger' || field.startsWith('trigger.')) return { field, message, at: { kind: 'trigger', path: field.slice('trigger.'.length) } };
  return { field, message, at: { kind: 'workflow', path: field } };
}

export function indexProblems(problems: readonly Problem[], graph: Graph): ProblemIndex {
  const index: ProblemIndex = { all: [], nodes: new Map(), edges: new Map(), trigger: [], workflow: [] };
  for (const p of problems) {
    const placed = placeProblem(p, graph);
    index.all.push(placed);
    if (placed.at.kind === 'node' || placed.at.kind === 'edge') {
      const map = placed.at.kind === 'node' ? index.nodes : index.edges;
      map.set(placed.at.id, [...(map.get(placed.at.id) ?? []), placed]);
    } else if (placed.at.kind === 'trigger') index.trigger.push(placed);
    else index.workflow.push(placed);
  }
  return index;
}

export const noProblems = (): ProblemIndex => ({ all: [], nodes: new Map(), edges: new Map(), trigger: [], workflow: [] });
