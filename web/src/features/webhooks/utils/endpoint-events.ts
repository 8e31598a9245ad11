import type { DeliveryStatus, Endpoint, EndpointEvent } from '@/features/webhooks/api/endpoints';
import { enumValues } from '@/lib/api-enums';
import type { KeyOf } from '@/types/i18n-keys';

// What an event endpoint may subscribe to, and how a delivery stands. The lists are checked
// against the API document's enums: an event it adds fails the type check until it is here.

/** The events in the order the form offers them (conversations first, then the agents' own, then calls). */
export const ENDPOINT_EVENTS = enumValues<EndpointEvent>({
  'conversation.started': true,
  'message.created': true,
  'conversation.ended': true,
  'conversation.handed_off': true,
  'agent.deployed': true,
  'document.indexed': true,
  'call.completed': true,
});

export const DELIVERY_STATUSES = enumValues<DeliveryStatus>({ pending: true, succeeded: true, failed: true });

/** Each event's one-line description (the event's own name is shown as it is sent, untranslated). */
export const EVENT_DESCRIPTIONS: Record<EndpointEvent, KeyOf<'dashboard'>> = {
  'conversation.started': 'webhooks.endpoints.events.conversationStarted',
  'message.created': 'webhooks.endpoints.events.messageCreated',
  'conversation.ended': 'webhooks.endpoints.events.conversationEnded',
  'conversation.handed_off': 'webhooks.endpoints.events.conversationHandedOff',
  'agent.deployed': 'webhooks.endpoints.events.agentDeployed',
  'document.indexed': 'webhooks.endpoints.events.documentIndexed',
  'call.completed': 'webhooks.endpoints.events.callCompleted',
};

/** The waits before each retry (the server's `webhook_retry_schedule_seconds` default), in seconds. */
export const RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000] as const;

/** A wait in its largest whole unit, in the reader's language: "5 sec", "30 min", "2 hr". */
function wait(seconds: number, lng: string): string {
  const [value, unit]: [number, string] = seconds % 3600 === 0 ? [seconds / 3600, 'hour'] : seconds % 60 === 0 ? [seconds / 60, 'minute'] : [seconds, 'second'];
  return new Intl.NumberFormat(lng, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
}

/** The retry schedule as a list in the reader's language: "5 sec, 5 min, 30 min, 2 hr, 5 hr, and 10 hr". */
export const retrySchedule = (lng: string) => new Intl.ListFormat(lng, { style: 'long', type: 'conjunction' }).format(RETRY_SCHEDULE_SECONDS.map((s) => wait(s, lng)));

/** The largest endpoint description the server takes, in characters. */
export const DESCRIPTION_MAX = 500;
/** The longest endpoint URL, likewise. */
export const URL_MAX = 2000;

/** Whether a URL typed is an http:// or https:// URL with a host (the server checks the same, and whether its address is public). */
export function isHttpUrl(text: string): boolean {
  try {
    const u = new URL(text.trim());
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** A URL as a short title: its host and path, without the scheme ("hooks.example.com/agentforge"). */
export function shortUrl(url: string): string {
  try {
    const u = new URL(url);
    const path = u.pathname === '/' ? '' : u.pathname;
    return `${u.host}${path}${u.search}`;
  } catch {
    return url;
  }
}

/** How an endpoint stands: sending, sending but failing, switched off by its owner, or by the server after a day of failures. */
export type EndpointState = 'enabled' | 'failing' | 'disabled' | 'disabledByServer';

export const endpointState = (e: Pick<Endpoint, 'enabled' | 'disabledReason' | 'failingSince'>): EndpointState =>
  !e.enabled ? (e.disabledReason ? 'disabledByServer' : 'disabled') : e.failingSince ? 'failing' : 'enabled';
