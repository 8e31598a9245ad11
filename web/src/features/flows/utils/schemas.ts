import { z } from 'zod';
import {
  headerRows,
  headerRowsOf,
  headersOf,
  intText,
  jsonObjectText,
  jsonTextOf,
  optionalText,
  textOf,
  type HeaderRow,
} from '@/components/graph-builder/form-values';
import { isValidId } from '@/components/graph-builder/ids';
import type { AnswerType, ChoiceOption, FlowGraph, FlowKind, HttpMethod, MessageVoice, NodeSettings } from '@/features/flows/api/flows';
import { FLOW_KINDS, FLOW_LIMITS } from '@/features/flows/utils/types';
import { enumValues } from '@/lib/api-enums';

// A flow's shapes as zod schemas typed against the generated API types (`z.ZodType<NodeSettings>`:
// a field the document adds, drops or retypes fails the type check here): they check an imported
// file before it loads; the inspector's forms (below) read their fields into the same shapes.
// Messages are `flowBuilder.form.<key>` keys, some with numbers after a colon (`…range:1:10`),
// translated where they are shown.

export const ANSWER_TYPES = enumValues<AnswerType>({ text: true, number: true, email: true, phone: true, choice: true });
export const HTTP_METHODS = enumValues<HttpMethod>({ GET: true, POST: true, PUT: true, PATCH: true, DELETE: true });

const F = 'flowBuilder.form';
const nullishText = z.string().nullish();
const unit = z.number().min(0).max(1).nullish();

const voiceSchema: z.ZodType<MessageVoice> = z.strictObject({
  voiceId: nullishText,
  speed: z.number().min(FLOW_LIMITS.speed[0]).max(FLOW_LIMITS.speed[1]).nullish(),
  stability: unit,
  similarityBoost: unit,
  style: unit,
});

export const settingsSchema: z.ZodType<NodeSettings> = z.strictObject({
  text: nullishText,
  voice: voiceSchema.nullish(),
  variable: nullishText,
  answerType: z.enum(ANSWER_TYPES).nullish(),
  options: z.array(z.string()).nullish(),
  choices: z.array(z.strictObject({ id: z.string(), label: z.string() })).nullish(),
  retryText: nullishText,
  maxAttempts: z.number().int().min(0).nullish(),
  listenTimeoutSeconds: z.number().int().min(0).nullish(),
  dtmf: z.boolean().nullish(),
  expression: nullishText,
  prompt: nullishText,
  system: nullishText,
  query: nullishText,
  method: z.enum(HTTP_METHODS).nullish(),
  url: nullishText,
  headers: z.record(z.string(), z.string()).nullish(),
  body: nullishText,
  serverId: nullishText,
  tool: nullishText,
  arguments: z.record(z.string(), z.unknown()).nullish(),
});

export const flowGraphSchema: z.ZodType<FlowGraph> = z.strictObject({
  nodes: z.array(
    z.strictObject({
      id: z.string(),
      type: z.enum(FLOW_KINDS),
      name: nullishText,
      position: z.object({ x: z.number(), y: z.number() }).optional(),
      data: settingsSchema.optional(),
    }),
  ),
  edges: z.array(z.strictObject({ id: z.string(), source: z.string(), target: z.string(), sourceHandle: nullishText })),
});

/** What export writes: the flow, and whose it was. */
export type FlowDocument = { format: 'agentforge.flow'; agent?: string; flow: FlowGraph };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What import reads: an exported document (`{flow}`), or a flow alone. */
export const importSchema: z.ZodType<FlowGraph, unknown> = z.preprocess((v) => (isRecord(v) && 'flow' in v ? v.flow : v), flowGraphSchema);

/** An agent's stored flow (the API gives it untyped), or null when it has none or it does not read as one. */
export function storedFlow(value: unknown): FlowGraph | null {
  const parsed = flowGraphSchema.safeParse(value);
  return parsed.success && parsed.data.nodes.length > 0 ? parsed.data : null;
}

// ——— The inspector's forms: fields as typed (texts, rows, sliders), read into the server's settings. ———

/** A message's own voice: on, which voice (`''`: the agent's) and its four settings. */
export type VoiceForm = { custom: boolean; voiceId: string; speed: number; stability: number; similarityBoost: number; style: number };
/** A new own voice's settings. */
export const VOICE_DEFAULTS = { speed: 1, stability: 0.5, similarityBoost: 0.75, style: 0.2 } as const;

export type FlowFormData = {
  start: Record<string, never>;
  message: { text: string; voice: VoiceForm };
  question: { text: string; variable: string; answerType: AnswerType; options: { value: string }[]; retryText: string; maxAttempts: string; listenTimeoutSeconds: string; dtmf: boolean };
  choice: { text: string; variable: string; choices: ChoiceOption[] };
  condition: { expression: string };
  llm: { prompt: string; system: string; variable: string };
  knowledge: { query: string; variable: string };
  api: { method: HttpMethod; url: string; headers: HeaderRow[]; body: string; variable: string };
  tool: { serverId: string; tool: string; arguments: string; variable: string };
  handoff: { text: string };
  end: { text: string };
};

/** The form's fields: the node's label and its type's settings. */
export type FlowFormValues = { name: string; data: Record<string, unknown> };

const voiceFormOf = (v: MessageVoice | null | undefined): VoiceForm => ({
  custom: v != null,
  voiceId: v?.voiceId ?? '',
  speed: v?.speed ?? VOICE_DEFAULTS.speed,
  stability: v?.stability ?? VOICE_DEFAULTS.stability,
  similarityBoost: v?.similarityBoost ?? VOICE_DEFAULTS.similarityBoost,
  style: v?.style ?? VOICE_DEFAULTS.style,
});

/** A node's settings as its form shows them (whatever the stored settings hold). */
export const toFormData: { [K in FlowKind]: (s: NodeSettings) => FlowFormData[K] } = {
  start: () => ({}),
  message: (s) => ({ text: textOf(s.text), voice: voiceFormOf(s.voice) }),
  question: (s) => ({
    text: textOf(s.text),
    variable: textOf(s.variable),
    answerType: s.answerType ?? 'text',
    options: (s.options ?? []).map((value) => ({ value })),
    retryText: textOf(s.retryText),
    maxAttempts: textOf(s.maxAttempts),
    listenTimeoutSeconds: textOf(s.listenTimeoutSeconds),
    dtmf: s.dtmf === true,
  }),
  choice: (s) => ({ text: textOf(s.text), variable: textOf(s.variable), choices: (s.choices ?? []).map((c) => ({ ...c })) }),
  condition: (s) => ({ expression: textOf(s.expression) }),
  llm: (s) => ({ prompt: textOf(s.prompt), system: textOf(s.system), variable: textOf(s.variable) }),
  knowledge: (s) => ({ query: textOf(s.query), variable: textOf(s.variable) }),
  api: (s) => ({ method: s.method ?? 'GET', url: textOf(s.url), headers: headerRowsOf(s.headers), body: textOf(s.body), variable: textOf(s.variable) }),
  tool: (s) => ({ serverId: textOf(s.serverId), tool: textOf(s.tool), arguments: jsonTextOf(s.arguments), variable: textOf(s.variable) }),
  handoff: (s) => ({ text: textOf(s.text) }),
  end: (s) => ({ text: textOf(s.text) }),
};

/** Where a result is kept: letters, digits and `_`, starting with a letter; blank for none. */
const variableText = z
  .string()
  .trim()
  .refine((v) => v === '' || isValidId(v), `${F}.variable`)
  .transform((v) => (v === '' ? undefined : v));

const range = (limits: readonly [number, number]) => intText(limits[0], limits[1], `${F}.range:${limits[0]}:${limits[1]}`);

/** `out` without the keys whose value is undefined (the server keeps what is sent). */
const defined = (out: NodeSettings): NodeSettings => Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));

const textOnly = z.object({ text: z.string() }).transform(({ text }) => defined({ text: optionalText(text) }));

/** Each form's fields read into the server's settings. */
export const formSchemas: { [K in FlowKind]: z.ZodType<NodeSettings, FlowFormData[K]> } = {
  start: z.object({}).transform((): NodeSettings => ({})),
  message: z
    .object({
      text: z.string(),
      voice: z.object({ custom: z.boolean(), voiceId: z.string(), speed: z.number(), stability: z.number(), similarityBoost: z.number(), style: z.number() }),
    })
    .transform(({ text, voice: { custom, voiceId, ...settings } }) => ({ text, ...(custom ? { voice: { ...(voiceId ? { voiceId } : {}), ...settings } } : {}) })),
  question: z
    .object({
      text: z.string(),
      variable: variableText,
      answerType: z.enum(ANSWER_TYPES),
      options: z.array(z.object({ value: z.string() })).max(FLOW_LIMITS.options, `${F}.tooMany:${FLOW_LIMITS.options}`),
      retryText: z.string(),
      maxAttempts: range(FLOW_LIMITS.attempts),
      listenTimeoutSeconds: range(FLOW_LIMITS.listen),
      dtmf: z.boolean(),
    })
    .transform((v) => {
      const options = v.options.map((o) => o.value.trim()).filter(Boolean);
      return defined({
        text: v.text,
        variable: v.variable,
        answerType: v.answerType,
        options: v.answerType === 'choice' && options.length ? options : undefined,
        retryText: optionalText(v.retryText),
        maxAttempts: v.maxAttempts,
        listenTimeoutSeconds: v.listenTimeoutSeconds,
        dtmf: v.dtmf || undefined,
      });
    }),
  choice: z
    .object({
      text: z.string(),
      variable: variableText,
      choices: z.array(z.object({ id: z.string(), label: z.string().max(FLOW_LIMITS.label, `${F}.tooLong:${FLOW_LIMITS.label}`) })).max(FLOW_LIMITS.options, `${F}.tooMany:${FLOW_LIMITS.options}`),
    })
    .transform((v) => defined({ text: v.text, variable: v.variable, choices: v.choices })),
  condition: z.object({ expression: z.string() }),
  llm: z
    .object({ prompt: z.string(), system: z.string(), variable: variableText })
    .transform((v) => defined({ prompt: v.prompt, system: optionalText(v.system), variable: v.variable })),
  knowledge: z.object({ query: z.string(), variable: variableText }).transform((v) => defined({ query: optionalText(v.query), variable: v.variable })),
  api: z
    .object({
      method: z.enum(HTTP_METHODS),
      url: z.string(),
      headers: headerRows(FLOW_LIMITS.headers, { name: `${F}.headerName`, twice: `${F}.headerTwice`, tooMany: `${F}.tooMany:${FLOW_LIMITS.headers}` }),
      body: z.string(),
      variable: variableText,
    })
    .transform((v) => defined({ method: v.method, url: v.url, headers: headersOf(v.headers), body: optionalText(v.body), variable: v.variable })),
  tool: z
    .object({ serverId: z.string(), tool: z.string(), arguments: jsonObjectText(`${F}.jsonObject`), variable: variableText })
    .transform((v) => defined({ serverId: v.serverId, tool: v.tool, arguments: v.arguments, variable: v.variable })),
  handoff: textOnly,
  end: textOnly,
};

export function flowFormSchema(kind: FlowKind) {
  // Each type's schema reads its own fields; here any of them stands in for the form's `data`.
  const data: z.ZodType<NodeSettings, Record<string, unknown>> = formSchemas[kind] as z.ZodType<NodeSettings, Record<string, unknown>>;
  return z.object({ name: z.string().max(FLOW_LIMITS.name, `${F}.tooLong:${FLOW_LIMITS.name}`), data });
}
export type FlowFormOutput = z.output<ReturnType<typeof flowFormSchema>>;

/** A new button's id: the first free `option_<n>` (the id its edge leaves by). */
export function nextChoiceId(taken: readonly { id: string }[]): string {
  const ids = new Set(taken.map((c) => c.id));
  for (let n = 1; ; n++) if (!ids.has(`option_${n}`)) return `option_${n}`;
}
