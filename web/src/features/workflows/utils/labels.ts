import type { NodeKind, TriggerKind, WorkflowEvent } from '@/features/workflows/api/workflows';
import type { KeyOf } from '@/types/i18n-keys';

// The words of the API's values that are not keys as they are (an event's name has a dot, which
// i18next reads as a level), and the checks of the values the API gives as plain strings.

/** Every event a trigger may wait for, with its words. */
export const EVENT_LABELS: Record<WorkflowEvent, KeyOf<'dashboard'>> = {
  'conversation.started': 'workflows.events.conversationStarted',
  'conversation.ended': 'workflows.events.conversationEnded',
  'conversation.handed_off': 'workflows.events.conversationHandedOff',
  'message.received': 'workflows.events.messageReceived',
  'document.indexed': 'workflows.events.documentIndexed',
  'call.completed': 'workflows.events.callCompleted',
};

const NODE_KINDS: Record<NodeKind, true> = {
  trigger: true,
  agent: true,
  llm: true,
  http: true,
  condition: true,
  transform: true,
  delay: true,
  mcp: true,
  sms: true,
  email: true,
  end: true,
};
const TRIGGER_KINDS: Record<TriggerKind, true> = { manual: true, webhook: true, schedule: true, event: true };

/** A step's `nodeType` (a string in the API) when it is one of the node types. */
export const isNodeKind = (value: string): value is NodeKind => Object.hasOwn(NODE_KINDS, value);
/** A run's `trigger` (a string in the API) when it is one of the trigger types. */
export const isTriggerKind = (value: string): value is TriggerKind => Object.hasOwn(TRIGGER_KINDS, value);
