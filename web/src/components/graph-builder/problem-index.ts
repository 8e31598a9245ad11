// Where the server's problems with a graph belong: a field such as `graph.nodes.<id>.data.url`
// (a workflow) or `flow.edges.<id>.sourceHandle` (a conversation flow) is about that node or edge
// (`nodes[<index>]` when the id itself is wrong, read against the graph that was checked).

export type ElementAt = { kind: 'node' | 'edge'; id: string; path: string };

const patterns = new Map<string, RegExp>();
const pattern = (prefix: string) => {
  let re = patterns.get(prefix);
  if (!re) {
    re = new RegExp(`^${prefix.replace(/\./g, '\\.')}\\.(nodes|edges)(?:\\.([A-Za-z][A-Za-z0-9_]*)|\\[(\\d+)\\])(?:\\.(.*))?$`);
    patterns.set(prefix, re);
  }
  return re;
};

/** The node or edge a field under `prefix` is about, or null when it is about neither. */
export function elementOf(field: string, prefix: string, graph: { nodes: readonly { id: string }[]; edges: readonly { id: string }[] }): ElementAt | null {
  const m = pattern(prefix).exec(field);
  if (!m) return null;
  const [, list, named, index, rest] = m;
  const id = named ?? (list === 'nodes' ? graph.nodes : graph.edges)[Number(index)]?.id;
  return id === undefined ? null : { kind: list === 'nodes' ? 'node' : 'edge', id, path: rest ?? '' };
}

/** Problems grouped by the node or edge they are about (the others left out). */
export function groupByElement<P extends { at: { kind: string } }>(placed: readonly P[]): { nodes: Map<string, P[]>; edges: Map<string, P[]> } {
  const nodes = new Map<string, P[]>();
  const edges = new Map<string, P[]>();
  for (const p of placed) {
    const at = p.at as Partial<ElementAt>;
    if ((at.kind !== 'node' && at.kind !== 'edge') || at.id === undefined) continue;
    const map = at.kind === 'node' ? nodes : edges;
    map.set(at.id, [...(map.get(at.id) ?? []), p]);
  }
  return { nodes, edges };
}
