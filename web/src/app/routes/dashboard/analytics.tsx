import { AnalyticsScreen } from '@/features/analytics/components/analytics-screen';

/** /dashboard/analytics (platform admins): the reports. */
export function AnalyticsRoute() {
  return <AnalyticsScreen />;
}
