import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Role, UserSort, UserStatus } from '@/lib/api-enums';
import type { components } from '@/lib/api-types';

// The admin area's accounts: listed a page at a time (searched, filtered and sorted by the
// server), changed (role, status, verified address), deleted, or sent a new verification link.
// One set of keys: every change reads the list again.

type S = components['schemas'];
export type AdminUser = S['AdminUserOut'];
export type AdminUserDetail = S['AdminUserDetailOut'];
export type AdminUserPatch = S['AdminUserPatch'];

/** The list's page size (the API's default). */
export const USERS_PAGE_SIZE = 10;

export type AdminUserParams = {
  page: number;
  search: string;
  role: Role | 'all';
  status: UserStatus | 'all';
  verified: 'all' | 'yes' | 'no';
  sort: UserSort;
  order: 'asc' | 'desc';
};

export const adminUserKeys = {
  all: ['admin-users'] as const,
  list: (params: AdminUserParams) => ['admin-users', 'list', params] as const,
};

/** GET /admin/users: a page of accounts. */
export const adminUsersQueryOptions = (params: AdminUserParams) =>
  queryOptions({
    queryKey: adminUserKeys.list(params),
    queryFn: () =>
      api.list('/admin/users', {
        params: {
          query: {
            page: params.page,
            limit: USERS_PAGE_SIZE,
            search: params.search.trim() || undefined,
            role: params.role === 'all' ? undefined : params.role,
            status: params.status === 'all' ? undefined : params.status,
            verified: params.verified === 'all' ? undefined : params.verified === 'yes',
            sort: params.sort,
            order: params.order,
          },
        },
      }),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
export const useAdminUsers = (params: AdminUserParams) => useQuery(adminUsersQueryOptions(params));

/** PUT /admin/users/{id}: a role, a status, or the address marked verified. */
export function useUpdateAdminUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: AdminUserPatch }) => api.put('/admin/users/{id}', { params: { path: { id } }, body: patch }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}

/** DELETE /admin/users/{id}: the account with its agents and conversations; its teams are handed over. */
export function useDeleteAdminUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/admin/users/{id}', { params: { path: { id } } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}

/** POST /admin/users/{id}/resend-verification: a new verification link by email. */
export function useResendUserVerification() {
  return useMutation({
    mutationFn: (id: string) => api.post('/admin/users/{id}/resend-verification', { params: { path: { id } } }),
  });
}
