import { DashboardOverview } from '@/features/dashboard/components/dashboard-overview';
import { useAuth } from '@/lib/auth';

/** /dashboard and /dashboard/overview. */
export function DashboardOverviewRoute() {
  const { user } = useAuth();
  return <DashboardOverview name={user?.firstName || user?.email} />;
}
