import { AdminUsers } from '@/features/admin-users/components/admin-users';

/** /admin/users: every account of the installation. */
export function AdminUsersRoute() {
  return <AdminUsers />;
}
