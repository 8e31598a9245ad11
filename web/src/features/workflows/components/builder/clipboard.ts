import type { Graph } from '@/features/workflows/api/workflows';
import { copyId, nextEdgeId } from '@/features/workflows/components/builder/ids';
import type { Fragment } from '@/features/workflows/components/builder/types';

// Copy and paste of selected nodes: the copy holds the nodes (never the trigger: a workflow has
// one) and the edges between them; a paste gives every node and edge a new id, rewires the
// edges to the new ids and moves the nodes a little, so they do not hide the originals.

export const PASTE_OFFSET = 40;

/** The selected nodes (but the trigger) and the edges between them, or null when none. */
export function copySelection(graph: Graph, selected: ReadonlySet<string>): Fragment | null {
  const nodes = graph.nodes.filter((n) => selected.has(n.id) && n.type !== 'trigger');
  if (nodes.length === 0) return null;
  const ids = new Set(nodes.map((n) => n.id));
  const edges = graph.edges.filter((e) => ids.has(e.source) && ids.has(e.target));
  return structuredClone({ nodes, edges });
}

/** The fragment with new ids (none taken in `graph`), moved by `offset` (`times` pastes of it). */
export function pasteFragment(graph: Graph, fragment: Fragment, times = 1): Fragment {
  const nodeIds = new Set(graph.nodes.map((n) => n.id));
  const edgeIds = new Set(graph.edges.map((e) => e.id));
  const renamed = new Map<string, string>();
  const shift = PASTE_OFFSET * times;
  const nodes = fragment.nodes.map((n) => {
    const id = copyId(n.id, nodeIds);
    nodeIds.add(id);
    renamed.set(n.id, id);
    const position = n.position ?? { x: 0, y: 0 };
    return { ...structuredClone(n), id, position: { x: position.x + shift, y: position.y + shift } };
  });
  const edges = fragment.edges.map((e) => {
    const id = nextEdgeId(edgeIds);
    edgeIds.add(id);
    return { ...e, id, source: renamed.get(e.source) ?? e.source, target: renamed.get(e.target) ?? e.target };
  });
  return { nodes, edges };
}

// What was copied last, for pasting into this workflow or another one (this tab only).
let copied: { fragment: Fragment; pastes: number } | null = null;

export const clipboard = {
  put(fragment: Fragment) {
    copied = { fragment, pastes: 0 };
  },
  /** The copy and how many times it has been pasted, counting this one. */
  take(): { fragment: Fragment; times: number } | null {
    if (!copied) return null;
    copied.pastes += 1;
    return { fragment: copied.fragment, times: copied.pastes };
  },
  clear() {
    copied = null;
  },
};
