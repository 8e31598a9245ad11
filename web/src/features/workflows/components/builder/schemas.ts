import { z } from 'zod';
import type { Graph, GraphEdge, GraphNode, NodeData, NodeKind, Trigger, TriggerKind, WorkflowEvent } from '@/features/workflows/api/workflows';
import {
  headerRows,
  headerRowsOf,
  headersOf,
  intText as sharedIntText,
  jsonObjectText as sharedJsonObjectText,
  jsonTextOf,
  numberText as sharedNumberText,
  optionalText,
  textOf,
  type HeaderRow,
} from '@/components/graph-builder/form-values';
import { ID_MAX, ID_PATTERN } from '@/components/graph-builder/ids';
import { enumValues } from '@/lib/api-enums';

// The shapes the server takes, as zod schemas typed against the generated API types
// (`z.ZodType<NodeData['http']>`: a field the document adds, drops or retypes fails the type
// check here). They check an imported file before it is loaded; the inspector's forms (below)
// read their fields into the same shapes. Messages are `workflowBuilder.validation.*` keys, some
// with numbers after a colon (`…range:1:600`), translated where they are shown.

type D = NodeData;

export const NODE_KINDS = enumValues<NodeKind>({ trigger: true, agent: true, llm: true, http: true, condition: true, transform: true, delay: true, mcp: true, sms: true, email: true, end: true });
export const TRIGGER_KINDS = enumValues<TriggerKind>({ manual: true, webhook: true, schedule: true, event: true });
export const WORKFLOW_EVENTS = enumValues<WorkflowEvent>({
  'conversation.started': true,
  'conversation.ended': true,
  'conversation.handed_off': true,
  'message.received': true,
  'document.indexed': true,
  'call.completed': true,
});
export const EDGE_HANDLES = ['true', 'false', 'error'] as const satisfies readonly NonNullable<GraphEdge['sourceHandle']>[];
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const satisfies readonly D['http']['method'][];

const V = 'workflowBuilder.validation';
export const LIMITS = {
  name: 120,
  timeout: [1, 600],
  retries: [0, 5],
  backoff: [1, 3600],
  loop: [1, 100],
  temperature: [0, 2],
  maxTokens: [1, 32000],
  delaySeconds: [1, 30 * 24 * 3600],
  headers: 30,
} as const;

const record = z.record(z.string(), z.unknown());

// The server's settings of each type.
export const dataSchemas: { [K in NodeKind]: z.ZodType<D[K]> } = {
  trigger: z.record(z.string(), z.never()),
  agent: z.strictObject({ agentId: z.string(), message: z.string(), conversation: z.enum(['run', 'new']).nullish() }),
  llm: z.strictObject({
    prompt: z.string(),
    system: z.string().nullish(),
    agentId: z.string().nullish(),
    temperature: z.number().nullish(),
    maxTokens: z.number().int().min(0).nullish(),
  }),
  http: z.strictObject({ method: z.enum(HTTP_METHODS), url: z.string(), headers: z.record(z.string(), z.string()).nullish(), body: z.string().nullish() }),
  condition: z.strictObject({ expression: z.string() }),
  transform: z.strictObject({ template: z.string(), format: z.enum(['text', 'json']).nullish() }),
  delay: z.strictObject({ seconds: z.number().int().min(0).nullish(), until: z.string().nullish() }),
  mcp: z.strictObject({ serverId: z.string(), tool: z.string(), arguments: record.nullish() }),
  sms: z.strictObject({ to: z.string(), body: z.string() }),
  email: z.strictObject({ to: z.string(), subject: z.string(), body: z.string() }),
  end: z.strictObject({ output: record.nullish() }),
};

export const triggerSchema: z.ZodType<Trigger> = z.strictObject({
  type: z.enum(TRIGGER_KINDS),
  cron: z.string().nullish(),
  timezone: z.string().nullish(),
  event: z.enum(WORKFLOW_EVENTS).nullish(),
  agentId: z.string().nullish(),
});

const idSchema = z.string().max(ID_MAX, `${V}.id`).regex(ID_PATTERN, `${V}.id`);
const count = z.number().int().min(0).nullish();

export const nodeSchema: z.ZodType<GraphNode> = z
  .strictObject({
    id: idSchema,
    type: z.enum(NODE_KINDS),
    name: z.string().nullish(),
    position: z.object({ x: z.number(), y: z.number() }).optional(),
    data: record.optional(),
    timeoutSeconds: count,
    retries: count,
    retryBackoffSeconds: count,
  })
  .superRefine((node, ctx) => {
    const parsed = dataSchemas[node.type].safeParse(node.data ?? {});
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom', path: ['data', ...issue.path], message: issue.message });
  });

export const edgeSchema: z.ZodType<GraphEdge> = z.strictObject({
  id: idSchema,
  source: z.string(),
  target: z.string(),
  sourceHandle: z.enum(EDGE_HANDLES).nullish(),
  maxIterations: count,
});

export const graphSchema: z.ZodType<Graph> = z.strictObject({ nodes: z.array(nodeSchema), edges: z.array(edgeSchema) }).superRefine((graph, ctx) => {
  const ids = new Set<string>();
  graph.nodes.forEach((n, i) => {
    if (ids.has(n.id)) ctx.addIssue({ code: 'custom', path: ['nodes', i, 'id'], message: `${V}.idTaken` });
    ids.add(n.id);
  });
  if (graph.nodes.filter((n) => n.type === 'trigger').length !== 1) ctx.addIssue({ code: 'custom', path: ['nodes'], message: `${V}.oneTrigger` });
  graph.edges.forEach((e, i) => {
    if (!ids.has(e.source)) ctx.addIssue({ code: 'custom', path: ['edges', i, 'source'], message: `${V}.noSuchNode` });
    if (!ids.has(e.target)) ctx.addIssue({ code: 'custom', path: ['edges', i, 'target'], message: `${V}.noSuchNode` });
  });
});

/** What export writes and import reads. */
export type WorkflowDocument = { name?: string; description?: string | null; trigger?: Trigger; graph: Graph };

export const documentSchema: z.ZodType<WorkflowDocument> = z.object({
  name: z.string().optional(),
  description: z.string().nullish(),
  trigger: triggerSchema.optional(),
  graph: graphSchema,
});

// ——— The inspector's forms: fields as typed (texts, rows), read into the server's shapes. ———

// Numbers, JSON objects and header rows as typed (shared with the flow builder), with this
// builder's messages.
const intText = (min: number, max: number) => sharedIntText(min, max, `${V}.range:${min}:${max}`);
const numberText = (min: number, max: number) => sharedNumberText(min, max, `${V}.range:${min}:${max}`);
const jsonObjectText = sharedJsonObjectText(`${V}.jsonObject`);
const optional = optionalText;
const str = textOf;
const jsonText = jsonTextOf;

export type { HeaderRow };

export type FormData = {
  trigger: Record<string, never>;
  agent: { agentId: string; message: string; conversation: '' | 'run' | 'new' };
  llm: { prompt: string; system: string; agentId: string; temperature: string; maxTokens: string };
  http: { method: D['http']['method']; url: string; headers: HeaderRow[]; body: string };
  condition: { expression: string };
  transform: { template: string; format: '' | 'text' | 'json' };
  delay: { mode: 'seconds' | 'until'; seconds: string; until: string };
  mcp: { serverId: string; tool: string; arguments: string };
  sms: { to: string; body: string };
  email: { to: string; subject: string; body: string };
  end: { output: string };
};


/** A node's settings as its form shows them (whatever the stored settings hold). */
export const toFormData: { [K in NodeKind]: (data: Record<string, unknown>) => FormData[K] } = {
  trigger: () => ({}),
  agent: (d) => ({ agentId: str(d.agentId), message: str(d.message), conversation: d.conversation === 'run' || d.conversation === 'new' ? d.conversation : '' }),
  llm: (d) => ({ prompt: str(d.prompt), system: str(d.system), agentId: str(d.agentId), temperature: str(d.temperature), maxTokens: str(d.maxTokens) }),
  http: (d) => ({
    method: HTTP_METHODS.find((m) => m === d.method) ?? 'GET',
    url: str(d.url),
    headers: headerRowsOf(d.headers),
    body: str(d.body),
  }),
  condition: (d) => ({ expression: str(d.expression) }),
  transform: (d) => ({ template: str(d.template), format: d.format === 'text' || d.format === 'json' ? d.format : '' }),
  delay: (d) => ({ mode: d.until != null && d.seconds == null ? 'until' : 'seconds', seconds: str(d.seconds), until: str(d.until) }),
  mcp: (d) => ({ serverId: str(d.serverId), tool: str(d.tool), arguments: jsonText(d.arguments) }),
  sms: (d) => ({ to: str(d.to), body: str(d.body) }),
  email: (d) => ({ to: str(d.to), subject: str(d.subject), body: str(d.body) }),
  end: (d) => ({ output: jsonText(d.output) }),
};

/** Each form's fields read into the server's settings (output typed as the API's). */
export const formSchemas: { [K in NodeKind]: z.ZodType<D[K], FormData[K]> } = {
  trigger: z.object({}).transform((): Record<string, never> => ({})),
  agent: z
    .object({ agentId: z.string(), message: z.string(), conversation: z.enum(['', 'run', 'new']) })
    .transform(({ agentId, message, conversation }) => ({ agentId, message, ...(conversation ? { conversation } : {}) })),
  llm: z
    .object({
      prompt: z.string(),
      system: z.string(),
      agentId: z.string(),
      temperature: numberText(...LIMITS.temperature),
      maxTokens: intText(...LIMITS.maxTokens),
    })
    .transform((v) => {
      const out: D['llm'] = { prompt: v.prompt };
      if (optional(v.system)) out.system = v.system;
      if (v.agentId) out.agentId = v.agentId;
      if (v.temperature !== undefined) out.temperature = v.temperature;
      if (v.maxTokens !== undefined) out.maxTokens = v.maxTokens;
      return out;
    }),
  http: z
    .object({
      method: z.enum(HTTP_METHODS),
      url: z.string(),
      headers: headerRows(LIMITS.headers, { name: `${V}.headerName`, twice: `${V}.headerTwice`, tooMany: `${V}.tooMany:${LIMITS.headers}` }),
      body: z.string(),
    })
    .transform((v) => {
      const out: D['http'] = { method: v.method, url: v.url };
      const headers = headersOf(v.headers);
      if (headers) out.headers = headers;
      if (optional(v.body)) out.body = v.body;
      return out;
    }),
  condition: z.object({ expression: z.string() }),
  transform: z
    .object({ template: z.string(), format: z.enum(['', 'text', 'json']) })
    .transform(({ template, format }) => ({ template, ...(format ? { format } : {}) })),
  delay: z
    .object({ mode: z.enum(['seconds', 'until']), seconds: z.string(), until: z.string() })
    .superRefine((v, ctx) => {
      if (v.mode !== 'seconds') return;
      const [min, max] = LIMITS.delaySeconds;
      const s = v.seconds.trim();
      if (!/^\d+$/.test(s) || Number(s) < min || Number(s) > max) ctx.addIssue({ code: 'custom', path: ['seconds'], message: `${V}.range:${min}:${max}` });
    })
    .transform((v): D['delay'] => (v.mode === 'seconds' ? { seconds: Number(v.seconds.trim()) } : { until: v.until })),
  mcp: z
    .object({ serverId: z.string(), tool: z.string(), arguments: jsonObjectText })
    .transform(({ serverId, tool, arguments: args }) => ({ serverId, tool, ...(args ? { arguments: args } : {}) })),
  sms: z.object({ to: z.string(), body: z.string() }),
  email: z.object({ to: z.string(), subject: z.string(), body: z.string() }),
  end: z.object({ output: jsonObjectText }).transform(({ output }) => (output ? { output } : {})),
};

/** The fields every node has (the trigger and an end only their name). */
export type CommonForm = { name: string; timeoutSeconds: string; retries: string; retryBackoffSeconds: string };
export type CommonValues = { name?: string; timeoutSeconds?: number; retries?: number; retryBackoffSeconds?: number };

export const commonSchema: z.ZodType<CommonValues, CommonForm> = z
  .object({
    name: z.string().max(LIMITS.name, `${V}.tooLong:${LIMITS.name}`),
    timeoutSeconds: intText(...LIMITS.timeout),
    retries: intText(...LIMITS.retries),
    retryBackoffSeconds: intText(...LIMITS.backoff),
  })
  .transform((v) => ({ ...v, name: optional(v.name) }));

/** A node id as typed: the server's rule, and no other node's. */
export const nodeIdSchema = (taken: ReadonlySet<string>) =>
  z
    .string()
    .trim()
    .min(1, `${V}.required`)
    .max(ID_MAX, `${V}.id`)
    .regex(ID_PATTERN, `${V}.id`)
    .refine((v) => !taken.has(v), `${V}.idTaken`);

/** A loop edge's limit as typed. */
export const loopSchema = intText(...LIMITS.loop).pipe(z.number(`${V}.range:${LIMITS.loop[0]}:${LIMITS.loop[1]}`));

// ——— The trigger's form. ———

export type TriggerForm = { type: TriggerKind; cron: string; timezone: string; event: '' | WorkflowEvent; agentId: string };

export const toTriggerForm = (t: Trigger): TriggerForm => ({
  type: t.type,
  cron: t.cron ?? '',
  timezone: t.timezone ?? '',
  event: t.event ?? '',
  agentId: t.agentId ?? '',
});

/** The trigger as the server takes it: only the fields of its type. */
export const triggerFormSchema: z.ZodType<Trigger, TriggerForm> = z
  .object({
    type: z.enum(TRIGGER_KINDS),
    cron: z.string(),
    timezone: z.string(),
    event: z.enum(['', ...WORKFLOW_EVENTS]),
    agentId: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'schedule' && v.cron.trim().split(/\s+/).filter(Boolean).length !== 5) ctx.addIssue({ code: 'custom', path: ['cron'], message: `${V}.cron` });
    if (v.type === 'event' && !v.event) ctx.addIssue({ code: 'custom', path: ['event'], message: `${V}.required` });
  })
  .transform((v): Trigger => {
    if (v.type === 'schedule') return { type: 'schedule', cron: v.cron.trim(), ...(v.timezone.trim() ? { timezone: v.timezone.trim() } : {}) };
    if (v.type === 'event') return { type: 'event', event: v.event || null, ...(v.agentId ? { agentId: v.agentId } : {}) };
    return { type: v.type };
  });
