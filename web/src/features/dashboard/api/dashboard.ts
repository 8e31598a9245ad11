import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '@/lib/api-client';
import { useRealtime, type RealtimeStatus } from '@/lib/realtime';

export const dashboardKeys = {
  all: ['dashboard'] as const,
};

/** While events keep coming, the overview is refreshed at most this often. */
export const DASHBOARD_REFRESH_MS = 3000;

export const getDashboard = () => api.get('/analytics/dashboard');

/** Overview, activity and system status: fetched again on every visit of /dashboard (the specification). */
export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.all, queryFn: getDashboard, refetchOnMount: 'always' });

export const useDashboard = () => useQuery(dashboardQueryOptions());

const COUNTED_EVENTS = new Set([
  'conversation.started',
  'message.created',
  'conversation.ended',
  'conversation.handed_off',
  'conversation.deleted',
]);

/**
 * Keeps the overview current while it is shown: conversation and message events refresh it,
 * throttled, and so does a reconnection (events may have been missed).
 */
export function useDashboardRealtime(): RealtimeStatus {
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useRealtime((event, info) => {
    if (!COUNTED_EVENTS.has(event.type) && !(event.type === 'ready' && info.resumed)) return;
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void qc.invalidateQueries({ queryKey: dashboardKeys.all });
    }, DASHBOARD_REFRESH_MS);
  });
}
