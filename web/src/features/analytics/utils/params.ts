import type { Interval, Metric, ReportParams, ReportScope } from '@/features/analytics/api/analytics';
import { enumValues, oneOf, PERIODS } from '@/lib/api-enums';

// The choices of /dashboard/analytics live in the address (`?period=week&scope=mine&agentId=…`),
// so a report can be bookmarked, shared and reloaded as it was. What is left out is the default:
// the last 30 days, every agent of the platform, messages at the period's own interval.

export const PERIOD_CHOICES = [...PERIODS, 'custom'] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number];

export const SCOPES = enumValues<ReportScope>({ platform: true, mine: true });
export const METRICS = enumValues<Metric>({
  conversations: true,
  messages: true,
  answers: true,
  tokens_in: true,
  tokens_out: true,
  errors: true,
  error_rate: true,
  latency_avg: true,
  latency_p95: true,
  first_token_p95: true,
  tool_calls: true,
});
export const INTERVALS = enumValues<Interval>({ hour: true, day: true, month: true });

/** The server's longest report, in days. */
export const MAX_RANGE_DAYS = 731;
/** The most points a series may have. */
export const MAX_POINTS = 2000;

export type Choices = {
  period: PeriodChoice;
  /** YYYY-MM-DD, with `custom`. */
  from?: string;
  to?: string;
  scope: ReportScope;
  agentId?: string;
  metric: Metric;
  /** Unset: the period's own. */
  interval?: Interval;
};

export type ChoiceKey = keyof Choices;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string | null | undefined): v is string => !!v && DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

export function choicesFrom(search: URLSearchParams): Choices {
  const period = oneOf(PERIOD_CHOICES, search.get('period'), 'month' as const);
  return {
    period,
    from: isDay(search.get('from')) ? search.get('from')! : undefined,
    to: isDay(search.get('to')) ? search.get('to')! : undefined,
    scope: oneOf(SCOPES, search.get('scope'), 'platform' as const),
    agentId: search.get('agentId') || undefined,
    metric: oneOf(METRICS, search.get('metric'), 'messages' as const),
    interval: oneOf(INTERVALS, search.get('interval'), undefined),
  };
}

const DEFAULTS: Partial<Record<ChoiceKey, string>> = { period: 'month', scope: 'platform', metric: 'messages' };

/** The address's parameters with `patch` applied; defaults and empty values are left out. */
export function withChoices(prev: URLSearchParams, patch: Partial<Record<ChoiceKey, string | undefined>>): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const [key, value] of Object.entries(patch) as Array<[ChoiceKey, string | undefined]>) {
    if (!value || DEFAULTS[key] === value) next.delete(key);
    else next.set(key, value);
  }
  // Dates belong to a custom range only.
  if ((next.get('period') ?? 'month') !== 'custom') {
    next.delete('from');
    next.delete('to');
  }
  return next;
}

/** Why a custom range cannot be asked for. */
export type RangeProblem = 'missing' | 'order' | 'tooLong';

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** What the reports are asked for, or why the custom range cannot be. */
export function reportParams(c: Choices): { params: ReportParams; problem?: RangeProblem } {
  const base = { scope: c.scope, agentId: c.agentId };
  if (c.period !== 'custom') return { params: { ...base, period: c.period } };
  const params = { ...base, from: c.from, to: c.to };
  if (!c.from || !c.to) return { params, problem: 'missing' };
  const days = dayNumber(c.to) - dayNumber(c.from);
  if (days < 0) return { params, problem: 'order' };
  if (days + 1 > MAX_RANGE_DAYS) return { params, problem: 'tooLong' };
  return { params };
}

/** A Date as YYYY-MM-DD in the reader's time zone (a date input's value). */
export function localDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** An instant as YYYY-MM-DD in UTC (the reports' days). */
export const utcDay = (iso: string) => new Date(iso).toISOString().slice(0, 10);

const HOURS: Record<Interval, number> = { hour: 1, day: 24, month: 24 * 31 };

/** Whether a series over [from, to) at `interval` stays within the server's limit of points. */
export function intervalFits(interval: Interval, from: string | undefined, to: string | undefined): boolean {
  if (!from || !to) return true;
  const hours = (Date.parse(to) - Date.parse(from)) / 3_600_000;
  return !(hours > 0) || Math.ceil(hours / HOURS[interval]) <= MAX_POINTS;
}
