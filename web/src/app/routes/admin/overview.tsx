import { AdminOverview } from '@/features/admin-overview/components/admin-overview';

/** /admin: the installation at a glance, what is left to set up, and its repairs. */
export function AdminOverviewRoute() {
  return <AdminOverview />;
}
