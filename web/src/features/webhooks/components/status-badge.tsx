import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import type { DeliveryStatus } from '@/features/webhooks/api/endpoints';
import type { WebhookEventStatus, WebhookStatus } from '@/features/webhooks/api/webhooks';
import type { EndpointState } from '@/features/webhooks/utils/endpoint-events';
import type { KeyOf } from '@/types/i18n-keys';

type Look = { label: KeyOf<'dashboard'>; className: string; dot: string };

const green = 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/30';
const grey = 'bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-500/10 dark:text-zinc-300 dark:ring-zinc-400/30';
const red = 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/30';
const amber = 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/30';
const blue = 'bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-400/30';

/** Every webhook status of the API document, with its words and colours. */
const statuses: Record<WebhookStatus, Look> = {
  active: { label: 'webhooks.status.active', className: green, dot: 'bg-emerald-500' },
  paused: { label: 'webhooks.status.paused', className: grey, dot: 'bg-zinc-400' },
  failing: { label: 'webhooks.status.failing', className: red, dot: 'bg-red-500' },
};

/** Every event status, likewise. */
const eventStatuses: Record<WebhookEventStatus, Look> = {
  queued: { label: 'webhooks.eventStatus.queued', className: blue, dot: 'bg-sky-500' },
  succeeded: { label: 'webhooks.eventStatus.succeeded', className: green, dot: 'bg-emerald-500' },
  failed: { label: 'webhooks.eventStatus.failed', className: red, dot: 'bg-red-500' },
  ignored: { label: 'webhooks.eventStatus.ignored', className: grey, dot: 'bg-zinc-400' },
};

/** Every state of an event endpoint, likewise. */
const endpointStates: Record<EndpointState, Look> = {
  enabled: { label: 'webhooks.endpoints.status.enabled', className: green, dot: 'bg-emerald-500' },
  failing: { label: 'webhooks.endpoints.status.failing', className: amber, dot: 'bg-amber-500' },
  disabled: { label: 'webhooks.endpoints.status.disabled', className: grey, dot: 'bg-zinc-400' },
  disabledByServer: { label: 'webhooks.endpoints.status.disabledByServer', className: red, dot: 'bg-red-500' },
};

/** Every delivery status, likewise. */
const deliveryStatuses: Record<DeliveryStatus, Look> = {
  pending: { label: 'webhooks.endpoints.deliveries.status.pending', className: blue, dot: 'bg-sky-500' },
  succeeded: { label: 'webhooks.endpoints.deliveries.status.succeeded', className: green, dot: 'bg-emerald-500' },
  failed: { label: 'webhooks.endpoints.deliveries.status.failed', className: red, dot: 'bg-red-500' },
};

function Badge({ look, title }: { look: Look; title?: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <span title={title} className={cn('inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', look.className)}>
      <span aria-hidden className={cn('size-1.5 rounded-full', look.dot)} />
      {t(look.label)}
    </span>
  );
}

/** A webhook's status; a failing one says why on hover (and in its panel). */
export function WebhookStatusBadge({ status, title }: { status: WebhookStatus; title?: string }) {
  return <Badge look={statuses[status]} title={title} />;
}

/** What became of one event. */
export function EventStatusBadge({ status }: { status: WebhookEventStatus }) {
  return <Badge look={eventStatuses[status]} />;
}

/** How an event endpoint stands. */
export function EndpointStateBadge({ state }: { state: EndpointState }) {
  return <Badge look={endpointStates[state]} />;
}

/** Where one delivery to an endpoint stands. */
export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  return <Badge look={deliveryStatuses[status]} />;
}
