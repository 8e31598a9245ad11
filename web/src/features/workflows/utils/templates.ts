import type { Graph, GraphEdge, GraphNode, NodeData, NodeKind, Trigger } from '@/features/workflows/api/workflows';

// The built-in templates of "Create workflow › From a template": each a trigger and a graph that
// the server's validator accepts (one trigger, every node reachable, ids of letters, digits and
// `_`, each node's settings complete, templates that parse). Texts the nodes send (prompts, emails,
// SMS) are written in English with the run's variables in `{{ … }}`; the names the canvas shows
// come from the caller, in the reader's language. Only `agentAnswer` names an agent: the person
// picks one of theirs before it is made.

export type TemplateId = 'greeting' | 'summarizeWebhook' | 'agentAnswer' | 'dailyReport' | 'callFollowUp' | 'classifyMessage';

/** The names of the nodes a template makes (shown on the canvas), by the template's own keys. */
export type NodeNames = Record<
  | 'start'
  | 'greet'
  | 'done'
  | 'summarize'
  | 'email'
  | 'ask'
  | 'post'
  | 'write'
  | 'answered'
  | 'wait'
  | 'sms'
  | 'notAnswered'
  | 'classify'
  | 'isUrgent'
  | 'alert'
  | 'urgent'
  | 'normal',
  string
>;

export type TemplateContext = {
  /** Where the emails go: the person's own address. */
  email: string;
  /** The agent `agentAnswer` asks (one of the person's). */
  agentId?: string;
  names: NodeNames;
};

export type WorkflowTemplate = {
  id: TemplateId;
  /** The node types it uses, in order (what the card shows). */
  uses: NodeKind[];
  /** It needs one of the person's agents. */
  needsAgent?: boolean;
  /** What starts its runs. */
  trigger: Trigger;
  graph: (ctx: TemplateContext) => Graph;
};

/** A template's trigger and graph for `ctx`: what POST /workflows is sent. */
export const buildTemplate = (template: WorkflowTemplate, ctx: TemplateContext) => ({ trigger: template.trigger, graph: template.graph(ctx) });

/** A node at a column and row of the canvas (the builder's spacing). */
function node<K extends NodeKind>(id: string, type: K, name: string, data: NodeData[K], column: number, row = 0, extra: Partial<GraphNode> = {}): GraphNode {
  return { id, type, name, data: data as GraphNode['data'], position: { x: 280 * column, y: 140 * row }, ...extra };
}

/** The edges along `ids`, numbered from `first`. */
function chain(ids: string[], first = 1): GraphEdge[] {
  return ids.slice(1).map((target, i) => ({ id: `e${first + i}`, source: ids[i], target }));
}

/** What a message-shaped input says: its text, else the whole input as JSON. */
const MESSAGE = "{{ input.message or input.text or (input | tojson) }}";

export const WORKFLOW_TEMPLATES: WorkflowTemplate[] = [
  {
    id: 'greeting',
    uses: ['trigger', 'transform', 'end'],
    trigger: { type: 'manual' },
    graph: ({ names }) => ({
      nodes: [
        node('start', 'trigger', names.start, {}, 0),
        node('greet', 'transform', names.greet, { template: "Hello, {{ input.name or 'world' }}! This run started at {{ run.startedAt }}.", format: 'text' }, 1),
        node('done', 'end', names.done, { output: { greeting: '{{ nodes.greet.output.text }}', runId: '{{ run.id }}' } }, 2),
      ],
      edges: chain(['start', 'greet', 'done']),
    }),
  },
  {
    id: 'summarizeWebhook',
    uses: ['trigger', 'llm', 'email', 'end'],
    trigger: { type: 'webhook' },
    graph: ({ email, names }) => ({
      nodes: [
        node('start', 'trigger', names.start, {}, 0),
        node('summarize', 'llm', names.summarize, { prompt: `Summarize this payload in three short sentences for a busy reader:\n\n{{ input | tojson }}` }, 1, 0, { retries: 2, retryBackoffSeconds: 5 }),
        node(
          'email',
          'email',
          names.email,
          { to: email, subject: 'New data received by {{ workflow.name }}', body: '{{ nodes.summarize.output.text }}\n\nRun {{ run.id }} of {{ workflow.name }}.' },
          2,
        ),
        node('done', 'end', names.done, { output: { summary: '{{ nodes.summarize.output.text }}' } }, 3),
      ],
      edges: chain(['start', 'summarize', 'email', 'done']),
    }),
  },
  {
    id: 'agentAnswer',
    uses: ['trigger', 'agent', 'http', 'end'],
    needsAgent: true,
    trigger: { type: 'manual' },
    graph: ({ agentId = '', names }) => ({
      nodes: [
        node('start', 'trigger', names.start, {}, 0),
        node('ask', 'agent', names.ask, { agentId, message: MESSAGE, conversation: 'new' }, 1),
        node(
          'post',
          'http',
          names.post,
          {
            method: 'POST',
            url: 'https://hooks.example.com/answers',
            headers: { 'Content-Type': 'application/json' },
            body: "{{ {'question': input.message or input.text, 'answer': nodes.ask.output.answer} | tojson }}",
          },
          2,
          0,
          { retries: 2, retryBackoffSeconds: 5 },
        ),
        node('done', 'end', names.done, { output: { answer: '{{ nodes.ask.output.answer }}' } }, 3),
      ],
      edges: chain(['start', 'ask', 'post', 'done']),
    }),
  },
  {
    id: 'dailyReport',
    uses: ['trigger', 'llm', 'email', 'end'],
    trigger: { type: 'schedule', cron: '0 9 * * 1-5', timezone: 'UTC' },
    graph: ({ email, names }) => ({
      nodes: [
        node('start', 'trigger', names.start, {}, 0),
        node(
          'write',
          'llm',
          names.write,
          {
            system: 'You write short, friendly internal reports.',
            prompt: 'Write a short report for the start of the working day ({{ run.startedAt }}): three bullet points on what to focus on, and one line of encouragement.',
          },
          1,
          0,
          { retries: 2, retryBackoffSeconds: 30 },
        ),
        node('email', 'email', names.email, { to: email, subject: 'Your daily report', body: '{{ nodes.write.output.text }}' }, 2),
        node('done', 'end', names.done, { output: { report: '{{ nodes.write.output.text }}' } }, 3),
      ],
      edges: chain(['start', 'write', 'email', 'done']),
    }),
  },
  {
    id: 'callFollowUp',
    uses: ['trigger', 'condition', 'delay', 'sms', 'end'],
    trigger: { type: 'event', event: 'call.completed' },
    graph: ({ names }) => ({
      nodes: [
        node('start', 'trigger', names.start, {}, 0),
        node('answered', 'condition', names.answered, { expression: "input.call.status == 'completed'" }, 1),
        node('wait', 'delay', names.wait, { seconds: 3600 }, 2),
        node(
          'sms',
          'sms',
          names.sms,
          {
            to: "{{ input.call.from if input.call.direction == 'inbound' else input.call.to }}",
            body: 'Thank you for your call today. If anything is still open, just reply to this message and we will get back to you.',
          },
          3,
        ),
        node('done', 'end', names.done, { output: { sentTo: '{{ nodes.sms.output.to }}' } }, 4),
        node('notAnswered', 'end', names.notAnswered, { output: { skipped: true, status: '{{ input.call.status }}' } }, 2, 1),
      ],
      edges: [
        { id: 'e1', source: 'start', target: 'answered' },
        { id: 'e2', source: 'answered', target: 'wait', sourceHandle: 'true' },
        { id: 'e3', source: 'answered', target: 'notAnswered', sourceHandle: 'false' },
        ...chain(['wait', 'sms', 'done'], 4),
      ],
    }),
  },
  {
    id: 'classifyMessage',
    uses: ['trigger', 'llm', 'condition', 'email', 'end'],
    trigger: { type: 'manual' },
    graph: ({ email, names }) => ({
      nodes: [
        node('start', 'trigger', names.start, {}, 0),
        node(
          'classify',
          'llm',
          names.classify,
          { prompt: `Classify this customer message as urgent or normal. Answer with one word only: urgent or normal.\n\nMessage: ${MESSAGE}`, temperature: 0 },
          1,
        ),
        node('isUrgent', 'condition', names.isUrgent, { expression: "'urgent' in (nodes.classify.output.text | lower)" }, 2),
        node('alert', 'email', names.alert, { to: email, subject: 'An urgent message came in', body: `${MESSAGE}\n\nRun {{ run.id }} of {{ workflow.name }}.` }, 3),
        node('urgent', 'end', names.urgent, { output: { priority: 'urgent' } }, 4),
        node('normal', 'end', names.normal, { output: { priority: 'normal' } }, 3, 1),
      ],
      edges: [
        ...chain(['start', 'classify', 'isUrgent']),
        { id: 'e3', source: 'isUrgent', target: 'alert', sourceHandle: 'true' },
        { id: 'e4', source: 'isUrgent', target: 'normal', sourceHandle: 'false' },
        { id: 'e5', source: 'alert', target: 'urgent' },
      ],
    }),
  },
];
