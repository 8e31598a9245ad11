import { copyId, nextEdgeId } from '@/components/graph-builder/ids';

// Copy and paste of selected nodes: the copy holds the nodes (never the graph's one entry node: a
// workflow's trigger, a flow's start) and the edges between them; a paste gives every node and
// edge a new id, rewires the edges to the new ids and moves the nodes a little, so they do not
// hide the originals.

export const PASTE_OFFSET = 40;

/** The node types a graph has exactly one of, never copied. */
const ENTRY_KINDS: ReadonlySet<string> = new Set(['trigger', 'start']);

type CopiedNode = { id: string; type: string; position?: { x: number; y: number } };
type CopiedEdge = { id: string; source: string; target: string };

/** A part of a graph: copied nodes and the edges between them. */
export type Fragment<N extends CopiedNode = CopiedNode, E extends CopiedEdge = CopiedEdge> = { nodes: N[]; edges: E[] };

/** The selected nodes (but the entry node) and the edges between them, or null when none. */
export function copySelection<N extends CopiedNode, E extends CopiedEdge>(graph: Fragment<N, E>, selected: ReadonlySet<string>): Fragment<N, E> | null {
  const nodes = graph.nodes.filter((n) => selected.has(n.id) && !ENTRY_KINDS.has(n.type));
  if (nodes.length === 0) return null;
  const ids = new Set(nodes.map((n) => n.id));
  const edges = graph.edges.filter((e) => ids.has(e.source) && ids.has(e.target));
  return structuredClone({ nodes, edges });
}

/** The fragment with new ids (none taken in `graph`), moved by `offset` (`times` pastes of it). */
export function pasteFragment<N extends CopiedNode, E extends CopiedEdge>(graph: Fragment<N, E>, fragment: Fragment<N, E>, times = 1): Fragment<N, E> {
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

/**
 * What a builder copied last, for pasting into the same graph or another of its kind (this tab
 * only): each builder has its own, so a workflow's steps never land in a conversation flow.
 */
export function createClipboard<F>() {
  let copied: { fragment: F; pastes: number } | null = null;
  return {
    put(fragment: F) {
      copied = { fragment, pastes: 0 };
    },
    /** The copy and how many times it has been pasted, counting this one. */
    take(): { fragment: F; times: number } | null {
      if (!copied) return null;
      copied.pastes += 1;
      return { fragment: copied.fragment, times: copied.pastes };
    },
    clear() {
      copied = null;
    },
  };
}
