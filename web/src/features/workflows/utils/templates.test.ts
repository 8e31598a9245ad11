import { describe, expect, it } from 'vitest';
import type { Graph } from '@/features/workflows/api/workflows';
import { buildTemplate, WORKFLOW_TEMPLATES, type NodeNames } from '@/features/workflows/utils/templates';

// The server's validator (crates/domain/src/workflow/graph.rs) is the judge (e2e/workflows.spec.ts
// sends every template to POST /workflows/validate); these are its structural rules, checked here
// so a template that breaks one fails at once.

const names = new Proxy({} as NodeNames, { get: (_, key) => `Node ${String(key)}` });
const ID = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** The node ids reachable from `start` over the edges. */
function reach(graph: Graph, start: string): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length) {
    const at = queue.shift()!;
    for (const e of graph.edges) if (e.source === at && !seen.has(e.target)) queue.push((seen.add(e.target), e.target));
  }
  return seen;
}

/** Whether `{{ … }}` and `{% … %}` open and close in turn in every text of a value. */
function balanced(value: unknown): boolean {
  if (typeof value === 'string') return (value.match(/\{\{/g) ?? []).length === (value.match(/\}\}/g) ?? []).length && (value.match(/\{%/g) ?? []).length === (value.match(/%\}/g) ?? []).length;
  if (Array.isArray(value)) return value.every(balanced);
  if (value && typeof value === 'object') return Object.values(value).every(balanced);
  return true;
}

describe('the built-in workflow templates', () => {
  it('are at least five, each with its own id', () => {
    expect(WORKFLOW_TEMPLATES.length).toBeGreaterThanOrEqual(5);
    expect(new Set(WORKFLOW_TEMPLATES.map((t) => t.id)).size).toBe(WORKFLOW_TEMPLATES.length);
  });

  for (const template of WORKFLOW_TEMPLATES) {
    it(`${template.id}: one trigger, valid ids, every node reachable, edges that fit their nodes`, () => {
      const { trigger, graph } = buildTemplate(template, { email: 'me@example.com', agentId: 'a1', names });
      const kinds = new Map(graph.nodes.map((n) => [n.id, n.type]));
      expect(graph.nodes.filter((n) => n.type === 'trigger')).toHaveLength(1);
      for (const n of graph.nodes) expect(n.id, n.id).toMatch(ID);
      for (const e of graph.edges) expect(e.id, e.id).toMatch(ID);
      expect(new Set(graph.nodes.map((n) => n.id)).size).toBe(graph.nodes.length);
      expect(new Set(graph.edges.map((e) => e.id)).size).toBe(graph.edges.length);
      const start = graph.nodes.find((n) => n.type === 'trigger')!.id;
      expect([...reach(graph, start)].sort()).toEqual([...kinds.keys()].sort());
      for (const e of graph.edges) {
        expect(kinds.has(e.source) && kinds.has(e.target), `${e.id} joins nodes that exist`).toBe(true);
        expect(kinds.get(e.target)).not.toBe('trigger');
        expect(kinds.get(e.source)).not.toBe('end');
        if (kinds.get(e.source) === 'condition') expect(['true', 'false', 'error']).toContain(e.sourceHandle);
        else expect([undefined, null, 'error']).toContain(e.sourceHandle);
      }
      expect(graph.nodes.every((n) => balanced(n.data))).toBe(true);
      expect(template.uses.every((kind) => graph.nodes.some((n) => n.type === kind))).toBe(true);
      if (trigger.type === 'schedule') expect(trigger.cron).toBeTruthy();
      if (trigger.type === 'event') expect(trigger.event).toBeTruthy();
    });
  }

  it('send their emails to the address given, and name the agent chosen', () => {
    for (const template of WORKFLOW_TEMPLATES) {
      const { graph } = buildTemplate(template, { email: 'me@example.com', agentId: 'a7', names });
      for (const n of graph.nodes.filter((n) => n.type === 'email')) expect(n.data?.to).toBe('me@example.com');
      for (const n of graph.nodes.filter((n) => n.type === 'agent')) expect(n.data?.agentId).toBe('a7');
      expect(graph.nodes.some((n) => n.type === 'agent')).toBe(!!template.needsAgent);
    }
  });
});
