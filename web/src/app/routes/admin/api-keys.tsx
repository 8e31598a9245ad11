import { AdminApiKeys } from '@/features/api-keys/components/admin-api-keys';

/** /admin/api-keys: every key of the installation. */
export function AdminApiKeysRoute() {
  return <AdminApiKeys />;
}
