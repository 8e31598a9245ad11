// Node and edge ids as the server takes them (workflows and conversation flows alike): letters,
// digits and `_`, starting with a letter, at most 64; templates and problems name a node by its id.

export const ID_MAX = 64;
export const ID_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

export const isValidId = (id: string) => id.length <= ID_MAX && ID_PATTERN.test(id);

/**
 * The first free `<base>_<n>` (`transform_1`, `transform_2` …). A graph's one entry node (a
 * workflow's trigger, a flow's start) is named `only` instead, while that is free.
 */
export function nextNodeId(kind: string, taken: ReadonlySet<string>, only?: string): string {
  if (only !== undefined && !taken.has(only)) return only;
  const base = /^[A-Za-z]/.test(kind) ? kind.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 50) : `node_${kind}`;
  for (let n = 1; ; n++) {
    const id = `${base}_${n}`;
    if (!taken.has(id)) return id;
  }
}

/** The first free `e<n>`. */
export function nextEdgeId(taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const id = `e${n}`;
    if (!taken.has(id)) return id;
  }
}

/** A copy's id: `<id>_copy`, then `<id>_copy_2` …, kept within 64 characters. */
export function copyId(id: string, taken: ReadonlySet<string>): string {
  const stem = id.replace(/_copy(_\d+)?$/, '').slice(0, ID_MAX - 9);
  if (!taken.has(`${stem}_copy`)) return `${stem}_copy`;
  for (let n = 2; ; n++) {
    const candidate = `${stem}_copy_${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
