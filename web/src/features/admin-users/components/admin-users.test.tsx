import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUser, AdminUserPatch } from '@/features/admin-users/api/admin-users';
import { fail, mockApi, ok, paged } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { makeAdminUser } from '@/testing/mocks/users';
import { adminUser, renderApp } from '@/testing/test-utils';

const ada = makeAdminUser({ id: adminUser.id, email: adminUser.email, firstName: 'Ada', lastName: 'Admin', role: 'admin' });
const bob = makeAdminUser();
const carol = makeAdminUser({ id: '3', email: 'carol@example.com', firstName: 'Carol', lastName: 'Member', status: 'disabled', emailVerified: false, lastLoginAt: null });

/** GET /admin/users over `all`, filtering by search and status as the server would; every request is kept in `asked`. */
function listUsers(all: () => AdminUser[], asked: URL[] = []) {
  return mockApi.get('/admin/users', ({ request }) => {
    const url = new URL(request.url);
    asked.push(url);
    const search = url.searchParams.get('search')?.toLowerCase();
    const status = url.searchParams.get('status');
    const data = all().filter((u) => (!search || `${u.firstName} ${u.lastName} ${u.email}`.toLowerCase().includes(search)) && (!status || u.status === status));
    return paged(data);
  });
}

const rowOf = (email: string) => screen.getAllByTestId('admin-user-row').find((r) => within(r).queryByText(email))!;

describe('/admin/users', () => {
  it('lists accounts, searches them and filters by status on the server', async () => {
    const asked: URL[] = [];
    server.use(listUsers(() => [ada, bob, carol], asked));
    const { user } = renderApp('/admin/users', { user: adminUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('admin-user-row')).toHaveLength(3);
    const carolRow = rowOf('carol@example.com');
    expect(within(carolRow).getByText('Carol Member')).toBeInTheDocument();
    expect(within(carolRow).getByText('Disabled')).toBeInTheDocument();
    expect(within(carolRow).getByText('Not verified')).toBeInTheDocument();
    expect(within(carolRow).getByText('Never')).toBeInTheDocument();
    expect(within(rowOf('ada@example.com')).getByText('Admin')).toBeInTheDocument();
    expect(asked.at(-1)?.searchParams.get('sort')).toBe('created');

    await user.type(screen.getByLabelText('Search'), 'carol');
    await waitFor(() => expect(screen.getAllByTestId('admin-user-row')).toHaveLength(1));
    expect(asked.at(-1)?.searchParams.get('search')).toBe('carol');
    await user.clear(screen.getByLabelText('Search'));
    await waitFor(() => expect(screen.getAllByTestId('admin-user-row')).toHaveLength(3));

    await user.selectOptions(screen.getByLabelText('Status'), 'Active');
    await waitFor(() => expect(screen.getAllByTestId('admin-user-row')).toHaveLength(2));
    expect(asked.at(-1)?.searchParams.get('status')).toBe('active');

    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('sort')).toBe('email'));
    expect(asked.at(-1)?.searchParams.get('order')).toBe('asc');
  });

  it('disables an account, and shows the server message when it refuses', async () => {
    const sent: AdminUserPatch[] = [];
    let users = [ada, bob, makeAdminUser({ id: '4', email: 'dan@example.com', firstName: 'Dan', lastName: 'Last', role: 'admin' })];
    server.use(
      listUsers(() => users),
      mockApi.put('/admin/users/{id}', async ({ params, request }) => {
        const patch = await request.json();
        sent.push(patch);
        if (params.id === '4') return fail(409, 'last_admin', 'The last active admin cannot be demoted or disabled');
        users = users.map((u) => (u.id === params.id ? { ...u, status: patch.status ?? u.status } : u));
        return ok({ ...users.find((u) => u.id === params.id)!, agentCount: 0, teamCount: 0 });
      }),
    );
    const { user } = renderApp('/admin/users', { user: adminUser });
    await screen.findAllByTestId('admin-user-row');
    await user.click(within(rowOf('bob@example.com')).getByRole('button', { name: 'Actions for bob@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    expect(await screen.findByText('bob@example.com disabled')).toBeInTheDocument();
    expect(sent[0]).toEqual({ status: 'disabled' });
    await waitFor(() => expect(within(rowOf('bob@example.com')).getByText('Disabled')).toBeInTheDocument());

    await user.click(within(rowOf('dan@example.com')).getByRole('button', { name: 'Actions for dan@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make user' }));
    expect(await screen.findByText('The last active admin cannot be demoted or disabled')).toBeInTheDocument();
    expect(sent[1]).toEqual({ role: 'user' });
  });

  it('deletes an account once confirmed', async () => {
    let deleted = '';
    server.use(
      listUsers(() => [ada, bob].filter((u) => u.id !== deleted)),
      mockApi.delete('/admin/users/{id}', ({ params }) => {
        deleted = params.id;
        return ok({ id: params.id, deleted: true });
      }),
    );
    const { user } = renderApp('/admin/users', { user: adminUser });
    await screen.findAllByTestId('admin-user-row');
    await user.click(within(rowOf('bob@example.com')).getByRole('button', { name: 'Actions for bob@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete bob@example.com?' });
    expect(dialog).toHaveTextContent('agents and conversations');
    expect(deleted).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    expect(await screen.findByText('bob@example.com deleted')).toBeInTheDocument();
    expect(deleted).toBe('2');
    await waitFor(() => expect(screen.getAllByTestId('admin-user-row')).toHaveLength(1));
  });

  it('offers no role, status or delete on my own row', async () => {
    server.use(listUsers(() => [ada, bob]));
    const { user } = renderApp('/admin/users', { user: adminUser });
    await screen.findAllByTestId('admin-user-row');
    const mine = rowOf('ada@example.com');
    expect(within(mine).getByText('You')).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'Actions for ada@example.com' })).not.toBeInTheDocument();
    expect(within(rowOf('bob@example.com')).queryByText('You')).not.toBeInTheDocument();

    // Unverified, my row keeps only the verification actions.
    server.use(listUsers(() => [{ ...ada, emailVerified: false }, bob]));
    await user.click(screen.getByRole('button', { name: 'Email' }));
    await user.click(await within(rowOf('ada@example.com')).findByRole('button', { name: 'Actions for ada@example.com' }));
    const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
    expect(items).toEqual(['Mark email verified', 'Resend verification link']);
  });
});
