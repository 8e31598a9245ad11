import { describe, expect, it } from 'vitest';
import { formatBucket, formatChange, formatMetric, formatUsd, metricKind, percentChange } from '@/features/analytics/utils/format';
import { choicesFrom, intervalFits, reportParams, withChoices } from '@/features/analytics/utils/params';

const choices = (search: string) => choicesFrom(new URLSearchParams(search));

describe('the choices in the address', () => {
  it('defaults to the last month across the platform, messages at the period’s own interval', () => {
    expect(choices('')).toEqual({ period: 'month', scope: 'platform', metric: 'messages', from: undefined, to: undefined, agentId: undefined, interval: undefined });
    expect(reportParams(choices(''))).toEqual({ params: { period: 'month', scope: 'platform', agentId: undefined } });
  });

  it('ignores what it does not know', () => {
    expect(choices('period=decade&scope=everyone&metric=vibes&interval=minute&from=yesterday')).toMatchObject({ period: 'month', scope: 'platform', metric: 'messages', interval: undefined, from: undefined });
  });

  it('asks for a custom range by its days, and says why one cannot be asked for', () => {
    expect(reportParams(choices('period=custom&from=2026-11-01&to=2026-11-07&scope=mine'))).toEqual({ params: { scope: 'mine', agentId: undefined, from: '2026-11-01', to: '2026-11-07' } });
    expect(reportParams(choices('period=custom&from=2026-11-01')).problem).toBe('missing');
    expect(reportParams(choices('period=custom&from=2026-11-07&to=2026-11-01')).problem).toBe('order');
    expect(reportParams(choices('period=custom&from=2024-01-01&to=2026-01-01')).problem).toBe('tooLong');
    expect(reportParams(choices('period=custom&from=2024-01-01&to=2025-12-31')).problem).toBeUndefined();
  });

  it('leaves defaults and empty values out of the address, and dates with any other period', () => {
    const prev = new URLSearchParams('period=custom&from=2026-11-01&to=2026-11-07&agentId=a1');
    expect(withChoices(prev, { period: 'week' }).toString()).toBe('period=week&agentId=a1');
    expect(withChoices(prev, { period: 'month', agentId: undefined, scope: 'platform' }).toString()).toBe('');
    expect(withChoices(new URLSearchParams(), { scope: 'mine', metric: 'error_rate' }).toString()).toBe('scope=mine&metric=error_rate');
  });

  it('offers only intervals within the server’s 2,000 points', () => {
    const month = ['2026-10-27T00:00:00Z', '2026-11-26T00:00:00Z'] as const;
    const year = ['2025-12-01T00:00:00Z', '2026-12-01T00:00:00Z'] as const;
    expect(intervalFits('hour', ...month)).toBe(true);
    expect(intervalFits('hour', ...year)).toBe(false);
    expect(intervalFits('day', ...year)).toBe(true);
    expect(intervalFits('hour', undefined, undefined)).toBe(true);
  });
});

describe('the reports’ numbers', () => {
  it('says rates, times and money in the reader’s language', () => {
    expect(formatMetric('en', 'error_rate', 0.042)).toBe('4.2%');
    expect(formatMetric('en', 'latency_p95', 2100)).toBe('2.1 sec');
    expect(formatMetric('en', 'messages', 1234)).toBe('1,234');
    expect(formatMetric('de', 'messages', 1234)).toBe('1.234');
    expect(formatMetric('en', 'latency_avg', null)).toBe('—');
    expect(metricKind('first_token_p95')).toBe('time');
    expect(formatUsd('en', 12.5)).toBe('$12.50');
    expect(formatUsd('en', 0.0042)).toBe('$0.0042');
    expect(formatUsd('en', null)).toBe('—');
    expect(formatChange('en', 23.4)).toBe('+23.4%');
    expect(formatChange('en', -5)).toBe('-5%');
    expect(formatChange('en', 0)).toBe('0%');
  });

  it('compares with the period before only when there was one', () => {
    expect(percentChange(12.5, 10)).toBe(25);
    expect(percentChange(12.5, null)).toBeNull();
    expect(percentChange(12.5, 0)).toBeNull();
  });

  it('names days and months as the server counts them (UTC)', () => {
    expect(formatBucket('en', '2026-11-01T00:00:00Z', 'day')).toBe('Nov 1');
    expect(formatBucket('en', '2026-11-01T00:00:00Z', 'month')).toBe('Nov 2026');
  });
});
