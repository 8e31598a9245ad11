import type { NodeKind } from '@/features/workflows/api/workflows';

// Which edges the canvas lets one draw, as the server's validator reads a graph: nothing into
// the trigger, nothing out of an end, no edge from a node to itself, a condition left by its
// `true` or `false` way (or `error`), `error` out of any node but the trigger and an end, and the
// same two nodes joined the same way once.

type Joined = { source: string; target: string; sourceHandle?: string | null };
type Kinded = { id: string; type?: NodeKind | string };

export type ConnectionProblem = 'missing' | 'self' | 'intoTrigger' | 'outOfEnd' | 'conditionHandle' | 'triggerHandle' | 'handle' | 'duplicate';

const handleOf = (h: string | null | undefined) => (h ? h : null);

/** Why a connection may not be drawn, or null when it may. */
export function connectionProblem(connection: Joined, nodes: readonly Kinded[], edges: readonly Joined[]): ConnectionProblem | null {
  const source = nodes.find((n) => n.id === connection.source);
  const target = nodes.find((n) => n.id === connection.target);
  if (!source || !target) return 'missing';
  if (connection.source === connection.target) return 'self';
  if (target.type === 'trigger') return 'intoTrigger';
  if (source.type === 'end') return 'outOfEnd';
  const handle = handleOf(connection.sourceHandle);
  if (source.type === 'condition') {
    if (handle !== 'true' && handle !== 'false' && handle !== 'error') return 'conditionHandle';
  } else if (source.type === 'trigger') {
    if (handle !== null) return 'triggerHandle';
  } else if (handle !== null && handle !== 'error') {
    return 'handle';
  }
  const taken = edges.some((e) => e.source === connection.source && e.target === connection.target && handleOf(e.sourceHandle) === handle);
  return taken ? 'duplicate' : null;
}

export function isValidConnection(connection: Joined, nodes: readonly Kinded[], edges: readonly Joined[]): boolean {
  return connectionProblem(connection, nodes, edges) === null;
}

/**
 * Whether an edge from `source` to `target` would close a cycle over the edges that are not
 * loops: the target already leads to the source. Such an edge must be a loop edge.
 */
export function closesCycle(source: string, target: string, edges: readonly (Joined & { data?: { maxIterations?: number | null } })[]): boolean {
  const seen = new Set([target]);
  const queue = [target];
  while (queue.length) {
    const at = queue.shift()!;
    if (at === source) return true;
    for (const e of edges) {
      if (e.data?.maxIterations != null || e.source !== at || seen.has(e.target)) continue;
      seen.add(e.target);
      queue.push(e.target);
    }
  }
  return false;
}
