import { AdminConfiguration } from '@/features/configuration/components/admin-configuration';

/** /admin/configuration: the installation's settings, section by section, applied at once. */
export function AdminConfigurationRoute() {
  return <AdminConfiguration />;
}
