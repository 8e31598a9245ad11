import { MoreHorizontal, Search, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button-classes';
import { DataTable, type Column } from '@/components/ui/data-table';
import { pageCount, type SortDescriptor } from '@/components/ui/data-table-utils';
import { DropdownMenu, type MenuAction } from '@/components/ui/menu';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import {
  USERS_PAGE_SIZE,
  useAdminUsers,
  useDeleteAdminUser,
  useResendUserVerification,
  useUpdateAdminUser,
  type AdminUser,
  type AdminUserParams,
  type AdminUserPatch,
} from '@/features/admin-users/api/admin-users';
import { UserRoleBadge, UserStatusBadge, YouTag } from '@/features/admin-users/components/user-badges';
import { oneOf, ROLES, USER_SORTS, USER_STATUSES } from '@/lib/api-enums';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { useDebounced } from '@/lib/use-debounced';

type Filters = Pick<AdminUserParams, 'role' | 'status' | 'verified'>;
type Sort = Pick<AdminUserParams, 'sort' | 'order'>;

const VERIFIED = ['yes', 'no'] as const;

const formatDate = (lng: string, iso: string | null | undefined, style: 'day' | 'minute') => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : new Intl.DateTimeFormat(lng, style === 'day' ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' }).format(d);
};

const fullName = (u: AdminUser) => `${u.firstName} ${u.lastName}`.trim();
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * /admin/users: every account, searched, filtered, sorted and paged by the server. An account's
 * menu changes its role or status, marks its address verified or sends a new link, or deletes it;
 * the signed-in admin's own row offers no role, status or delete.
 */
export function AdminUsers() {
  const { t, i18n } = useTranslation('admin');
  const lng = i18n.language;
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Filters>({ role: 'all', status: 'all', verified: 'all' });
  const [sort, setSort] = useState<Sort>({ sort: 'created', order: 'desc' });
  const debounced = useDebounced(search, 300);
  const users = useAdminUsers({ page, search: debounced, ...filters, ...sort });
  const update = useUpdateAdminUser();
  const remove = useDeleteAdminUser();
  const resend = useResendUserVerification();
  const total = users.data?.meta.total ?? 0;
  const filtered = Boolean(debounced.trim()) || Object.values(filters).some((v) => v !== 'all');

  // A search starts from its first page; a page emptied by deletions goes back to the last one.
  const [seenSearch, setSeenSearch] = useState(debounced);
  if (debounced !== seenSearch) {
    setSeenSearch(debounced);
    setPage(1);
  }
  const last = pageCount(total, USERS_PAGE_SIZE);
  if (users.isSuccess && !users.isPlaceholderData && page > last) setPage(last);

  const setFilter = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };

  const change = (u: AdminUser, patch: AdminUserPatch, done: string) =>
    update.mutate(
      { id: u.id, patch },
      {
        onSuccess: () => toast({ title: t(`users.done.${done}` as 'users.done.disable', { email: u.email }), status: 'success' }),
        onError: (e) => toast({ title: messageOf(e), status: 'error' }),
      },
    );

  const sendLink = (u: AdminUser) =>
    resend.mutate(u.id, {
      onSuccess: () => toast({ title: t('users.done.resend', { email: u.email }), status: 'success' }),
      onError: (e) => toast({ title: messageOf(e), status: 'error' }),
    });

  const confirmDelete = useConfirmAction<AdminUser>({
    act: (u) => remove.mutateAsync(u.id),
    title: (u) => t('users.delete.title', { email: u.email }),
    body: () => t('users.delete.body'),
    confirmLabel: t('users.delete.confirm'),
    success: (_r, u) => t('users.delete.done', { email: u.email }),
  });

  const actionsOf = (u: AdminUser): MenuAction[] => {
    const own = u.id === me?.id;
    const items: MenuAction[] = [];
    if (!own) {
      items.push(
        u.role === 'admin'
          ? { id: 'makeUser', label: t('users.actions.makeUser'), onAction: () => change(u, { role: 'user' }, 'makeUser') }
          : { id: 'makeAdmin', label: t('users.actions.makeAdmin'), onAction: () => change(u, { role: 'admin' }, 'makeAdmin') },
        u.status === 'active'
          ? { id: 'disable', label: t('users.actions.disable'), onAction: () => change(u, { status: 'disabled' }, 'disable') }
          : { id: 'enable', label: t('users.actions.enable'), onAction: () => change(u, { status: 'active' }, 'enable') },
      );
    }
    if (!u.emailVerified) {
      items.push(
        { id: 'markVerified', label: t('users.actions.markVerified'), onAction: () => change(u, { emailVerified: true }, 'markVerified') },
        { id: 'resend', label: t('users.actions.resend'), onAction: () => sendLink(u) },
      );
    }
    if (!own) items.push({ id: 'delete', label: t('users.actions.delete'), tone: 'danger', onAction: () => confirmDelete.ask(u) });
    return items;
  };

  const muted = 'whitespace-nowrap text-zinc-600 dark:text-zinc-400';
  const columns: Column<AdminUser>[] = [
    {
      id: 'name',
      header: t('users.columns.name'),
      sortable: true,
      cell: (u) => (
        <span className="flex min-w-0 items-center gap-2">
          <span dir="auto" className="truncate font-medium">
            {fullName(u) || u.email}
          </span>
          {u.id === me?.id ? <YouTag /> : null}
        </span>
      ),
    },
    { id: 'email', header: t('users.columns.email'), sortable: true, cellClassName: 'text-zinc-600 dark:text-zinc-400', cell: (u) => <span className="block truncate">{u.email}</span> },
    { id: 'role', header: t('users.columns.role'), cell: (u) => <UserRoleBadge role={u.role} /> },
    { id: 'status', header: t('users.columns.status'), cell: (u) => <UserStatusBadge status={u.status} /> },
    { id: 'verified', header: t('users.columns.verified'), className: 'hidden md:table-cell', cellClassName: muted, cell: (u) => (u.emailVerified ? t('users.verified.yes') : t('users.verified.no')) },
    { id: 'created', header: t('users.columns.created'), sortable: true, className: 'hidden lg:table-cell', cellClassName: muted, cell: (u) => formatDate(lng, u.createdAt, 'day') },
    {
      id: 'lastLogin',
      header: t('users.columns.lastLogin'),
      sortable: true,
      className: 'hidden lg:table-cell',
      cellClassName: muted,
      cell: (u) => formatDate(lng, u.lastLoginAt, 'minute') ?? t('users.never'),
    },
    {
      id: 'actions',
      header: t('users.columns.actions'),
      hideHeader: true,
      align: 'end',
      cell: (u) => {
        const items = actionsOf(u);
        return items.length ? (
          <DropdownMenu
            label={t('users.actions.menu', { email: u.email })}
            triggerLabel={t('users.actions.menu', { email: u.email })}
            triggerClassName={buttonClasses('ghost', 'sm', 'px-2')}
            trigger={<MoreHorizontal aria-hidden className="size-4" />}
            items={items}
          />
        ) : null;
      },
    },
  ];

  const tableSort: SortDescriptor = { column: sort.sort, direction: sort.order === 'asc' ? 'ascending' : 'descending' };

  const select = <K extends keyof Filters>(key: K, values: readonly string[], text: (v: string) => string) => (
    <SelectField label={t(`users.filters.${key}`)} value={filters[key]} onChange={(e) => setFilter(key, oneOf(values, e.target.value, 'all') as Filters[K])}>
      <option value="all">{t('users.filters.any')}</option>
      {values.map((v) => (
        <option key={v} value={v}>
          {text(v)}
        </option>
      ))}
    </SelectField>
  );

  return (
    <div className="w-full space-y-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.users.title')}</h1>
        <p className="mt-2 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{t('pages.users.description')}</p>
      </header>
      <DataTable
        caption={t('users.caption')}
        columns={columns}
        rows={users.data?.data}
        rowKey={(u) => u.id}
        rowProps={() => ({ 'data-testid': 'admin-user-row' })}
        loading={users.isPending}
        error={users.isError ? users.error.message : null}
        empty={
          <EmptyState
            size="sm"
            bordered={false}
            icon={Users}
            title={filtered ? t('users.empty.noMatch') : t('users.empty.title')}
            description={filtered ? t('users.empty.noMatchHint') : t('users.empty.description')}
          />
        }
        sort={tableSort}
        onSortChange={(s) => {
          setSort({ sort: oneOf(USER_SORTS, s.column, 'created'), order: s.direction === 'ascending' ? 'asc' : 'desc' });
          setPage(1);
        }}
        filters={
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <div className="relative">
              <Search aria-hidden className="pointer-events-none absolute start-3 bottom-3 size-4 text-zinc-400" />
              <FormField label={t('users.search')} type="search" placeholder={t('users.searchPlaceholder')} value={search} onChange={(e) => setSearch(e.target.value)} className="[&_input]:ps-9" />
            </div>
            {select('role', ROLES, (v) => t(`users.roles.${v}` as 'users.roles.user'))}
            {select('status', USER_STATUSES, (v) => t(`users.statuses.${v}` as 'users.statuses.active'))}
            {select('verified', VERIFIED, (v) => t(`users.filters.${v}` as 'users.filters.yes'))}
          </div>
        }
        pagination={{ page, pageSize: USERS_PAGE_SIZE, total, onPageChange: setPage, noneLabel: t('users.none') }}
      />
      {confirmDelete.dialog}
    </div>
  );
}
