import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TeamSettings } from '@/features/teams/api/team-settings';
import type { Member, TeamDetail } from '@/features/teams/api/teams';
import { FakeWebSocket } from '@/testing/mocks/realtime';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { ALL_FEATURES, mockStatus, WITH_MAIL } from '@/testing/mocks/system';
import { makeInvitation, makeMember, makeTeam, makeTeamDetail, makeTeamSettings, teamOf, teamSettingsHandler } from '@/testing/mocks/teams';
import { adminUser, plainUser, renderApp } from '@/testing/test-utils';

type Sent = { path: string; body?: unknown };

/**
 * Support, seen by Bob (the signed-in user) with the role of `detail`; records what the page sends.
 * Its settings are the server's answer for that role and the team's policy (`settings` overrides
 * it); `beforeSave` holds a save back until the test lets it through.
 */
function teamHandlers(detail: TeamDetail, { settings = {}, beforeSave }: { settings?: Partial<TeamSettings>; beforeSave?: Promise<void> } = {}) {
  const sent: Record<string, Sent> = {};
  const settingsAsked: (string | null)[] = [];
  let current = detail;
  const record = async (name: string, request: Request) => {
    const text = await request.text();
    sent[name] = { path: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined };
  };
  const handlers = [
    mockApi.get('/teams', () => ok([teamOf(current)])),
    mockApi.get('/teams/{id}', () => ok(current), { id: 't1' }),
    // Owners and admins see the team's activity: nothing yet.
    mockApi.get('/teams/{id}/activity', () => ok({ entries: [], nextCursor: null }), { id: 't1' }),
    mockApi.get('/settings/team', ({ request }) => {
      const teamId = new URL(request.url).searchParams.get('teamId');
      settingsAsked.push(teamId);
      if (teamId !== current.id) return fail(404, 'team_not_found', 'Team not found');
      return ok(makeTeamSettings(teamOf(current), settings));
    }),
    mockApi.put('/settings/team', async ({ request }) => {
      await record('settings', request);
      await beforeSave;
      const { name, description, defaultRole, invitePolicy } = sent.settings.body as { name?: string; description?: string; defaultRole?: Member['role']; invitePolicy?: TeamDetail['invitePolicy'] };
      current = { ...current, ...(name !== undefined && { name }), ...(description !== undefined && { description }), ...(defaultRole && { defaultRole }), ...(invitePolicy && { invitePolicy }) };
      return ok(makeTeamSettings(teamOf(current), settings));
    }),
    mockApi.get('/team-invitations/team/{teamId}', () =>
      ok(sent.invite ? [makeInvitation({ id: 'i2', teamId: 't1', teamName: 'Support', email: 'erin@example.com', role: 'viewer' })] : []), { teamId: 't1' },
    ),
    mockApi.post('/team-invitations/team/{teamId}', async ({ request }) => {
      await record('invite', request);
      return ok(makeInvitation({ id: 'i2', teamId: 't1', teamName: 'Support', email: 'erin@example.com', role: 'viewer' }), 201);
    }, { teamId: 't1' }),
    mockApi.put('/teams/{id}/members/{memberId}/role', async ({ request, params }) => {
      await record('role', request);
      const role = (sent.role.body as { role: Member['role'] }).role;
      current = { ...current, members: current.members.map((m) => (m.id === params.memberId ? { ...m, role } : m)) };
      return ok(current.members.find((m) => m.id === params.memberId) ?? makeMember({ id: params.memberId, role }));
    }, { id: 't1' }),
    mockApi.delete('/teams/{id}/members/{memberId}', async ({ request, params }) => {
      await record('remove', request);
      current = { ...current, members: current.members.filter((m) => m.id !== params.memberId) };
      return ok({ id: params.memberId, deleted: true });
    }, { id: 't1' }),
    mockApi.post('/teams/{id}/notify', async ({ request }) => {
      await record('notify', request);
      return ok({ recipients: 2 });
    }, { id: 't1' }),
  ];
  return { sent, settingsAsked, handlers };
}

describe('team settings', () => {
  // The administrator allows collaboration (off by default: below).
  beforeEach(() => {
    mockStatus(ALL_FEATURES);
  });

  it('creates a team, with the server’s field errors beside the fields, and opens it', async () => {
    let created = false;
    const bodies: unknown[] = [];
    server.use(
      mockApi.get('/teams', () => ok(created ? [makeTeam()] : [])),
      mockApi.post('/teams', async ({ request }) => {
        bodies.push(await request.json());
        if (bodies.length === 1) return fail(422, 'validation_failed', 'Validation failed', [{ field: 'name', message: 'String must contain at most 100 character(s)' }]);
        created = true;
        return ok(makeTeamDetail(), 201);
      }),
      mockApi.get('/teams/{id}', () => ok(makeTeamDetail()), { id: 't1' }),
      mockApi.get('/team-invitations/team/{teamId}', () => ok([]), { teamId: 't1' }),
      mockApi.get('/teams/{id}/activity', () => ok({ entries: [], nextCursor: null }), { id: 't1' }),
      teamSettingsHandler(makeTeam()),
    );
    const { user, router } = renderApp('/dashboard/settings/team', { user: plainUser });
    expect(await screen.findByRole('heading', { name: 'No teams yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create team' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a team' });
    await user.click(within(dialog).getByRole('button', { name: 'Create team' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.type(within(dialog).getByLabelText('Name'), 'Support');
    await user.type(within(dialog).getByLabelText('Description'), 'The help desk');
    await user.click(within(dialog).getByRole('button', { name: 'Create team' }));
    expect(await within(dialog).findByText('String must contain at most 100 character(s)')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Create team' }));
    expect(await screen.findByText('Team Support created')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ name: 'Support', description: 'The help desk' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Support' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?team=t1');
    expect(screen.getByRole('button', { name: /Support/, current: true })).toBeInTheDocument();
  });

  it('lets an owner invite with a role, change a role and remove a member', async () => {
    const { handlers, sent } = teamHandlers(makeTeamDetail('owner'));
    server.use(...handlers);
    const { user } = renderApp('/dashboard/settings/team', { user: plainUser });
    const members = await screen.findByRole('region', { name: 'Members' });
    expect(within(members).getAllByTestId('member-row')).toHaveLength(3);

    // Owners hand out every role, ownership included.
    const carol = within(members).getByRole('combobox', { name: 'Role of Carol Member' });
    expect(within(carol).getAllByRole('option').map((o) => o.textContent)).toEqual(['Owner', 'Admin', 'Member', 'Viewer']);
    await user.selectOptions(carol, 'admin');
    expect(await screen.findByText('Carol Member is now Admin')).toBeInTheDocument();
    expect(sent.role).toEqual({ path: '/api/teams/t1/members/m2/role', body: { role: 'admin' } });
    await waitFor(() => expect(within(members).getByRole('combobox', { name: 'Role of Carol Member' })).toHaveValue('admin'));

    const invite = await screen.findByRole('region', { name: 'Invite someone' });
    expect(await within(invite).findByText('No pending invitations.')).toBeInTheDocument();
    await user.type(within(invite).getByLabelText('Email'), 'erin@example.com');
    const role = within(invite).getByLabelText('Role');
    expect(role).toHaveValue('member');
    expect(within(role).getByRole('option', { name: 'Owner' })).toBeInTheDocument();
    await user.selectOptions(role, 'viewer');
    await user.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to erin@example.com')).toBeInTheDocument();
    expect(sent.invite).toEqual({ path: '/api/team-invitations/team/t1', body: { email: 'erin@example.com', role: 'viewer' } });
    expect(await within(invite).findByTestId('pending-invitation')).toHaveTextContent('erin@example.com');
    expect(within(invite).getByLabelText('Email')).toHaveValue('');

    await user.click(within(members).getByRole('button', { name: 'Remove Dan Viewer' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Dan Viewer from the team?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Dan Viewer was removed from the team')).toBeInTheDocument();
    expect(sent.remove).toEqual({ path: '/api/teams/t1/members/m3', body: undefined });
    await waitFor(() => expect(within(members).getAllByTestId('member-row')).toHaveLength(2));

    // My own row: leaving, not removing; the owner-only danger zone is there.
    expect(within(members).getByRole('button', { name: 'Leave team' })).toBeInTheDocument();
    expect(within(members).queryByRole('button', { name: 'Remove Bob User' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Delete team' })).toBeInTheDocument();
  });

  it('shows the server’s reason when a role change is refused (the last owner)', async () => {
    const { handlers } = teamHandlers(makeTeamDetail('owner'));
    // The first handler that matches answers.
    server.use(mockApi.put('/teams/{id}/members/{memberId}/role', () => fail(409, 'last_owner', 'A team needs an owner: make someone else owner first'), { id: 't1', memberId: 'm1' }), ...handlers);
    const { user } = renderApp('/dashboard/settings/team', { user: plainUser });
    const members = await screen.findByRole('region', { name: 'Members' });
    await user.selectOptions(within(members).getByRole('combobox', { name: 'Role of Bob User' }), 'member');
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('The role could not be changed');
    expect(toast).toHaveTextContent('A team needs an owner: make someone else owner first');
    expect(within(members).getByRole('combobox', { name: 'Role of Bob User' })).toHaveValue('owner');
  });

  it('keeps ownership out of an admin’s reach, and the deletion too', async () => {
    const detail = makeTeamDetail('admin');
    detail.members.push(makeMember({ id: 'm4', userId: '5', email: 'olive@example.com', firstName: 'Olive', lastName: 'Owner', role: 'owner' }));
    const { handlers } = teamHandlers(detail);
    server.use(...handlers);
    renderApp('/dashboard/settings/team', { user: plainUser });
    const members = await screen.findByRole('region', { name: 'Members' });
    expect(within(members).queryByRole('combobox', { name: 'Role of Olive Owner' })).not.toBeInTheDocument();
    expect(within(members).queryByRole('button', { name: 'Remove Olive Owner' })).not.toBeInTheDocument();
    const carol = within(members).getByRole('combobox', { name: 'Role of Carol Member' });
    expect(within(carol).getAllByRole('option').map((o) => o.textContent)).toEqual(['Admin', 'Member', 'Viewer']);
    expect(within(members).getByRole('button', { name: 'Remove Carol Member' })).toBeInTheDocument();

    const invite = await screen.findByRole('region', { name: 'Invite someone' });
    expect(within(within(invite).getByLabelText('Role')).queryByRole('option', { name: 'Owner' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Settings' })).getByRole('button', { name: 'Save settings' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Message the team' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Help desk bot from the team' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Delete team' })).not.toBeInTheDocument();
  });

  it('shows a viewer the team without the controls their role may not use, and lets them leave', async () => {
    const { handlers, sent } = teamHandlers(makeTeamDetail('viewer'));
    let left = false;
    server.use(
      mockApi.get('/teams', () => ok(left ? [] : [makeTeam({ role: 'viewer' })])),
      mockApi.delete('/teams/{id}/members/{memberId}', () => {
        left = true;
        return ok({ id: 'm1', deleted: true });
      }, { id: 't1', memberId: 'm1' }),
      ...handlers,
    );
    const { user } = renderApp('/dashboard/settings/team', { user: plainUser });
    const members = await screen.findByRole('region', { name: 'Members' });
    expect(within(members).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(members).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(within(members).getAllByTestId('role-badge').map((b) => b.textContent)).toEqual(['Viewer', 'Member', 'Viewer']);
    for (const name of ['Invite someone', 'Pending invitations', 'Message the team', 'Delete team']) {
      expect(screen.queryByRole('region', { name })).not.toBeInTheDocument();
    }
    const agents = screen.getByRole('region', { name: 'Agents' });
    expect(within(agents).getByRole('link', { name: 'Help desk bot' })).toHaveAttribute('href', '/dashboard/agents/a7');
    expect(within(agents).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(members).getByRole('button', { name: 'Leave team' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Leave Support?' })).getByRole('button', { name: 'Leave team' }));
    expect(await screen.findByText('You left Support')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No teams yet' })).toBeInTheDocument();
    expect(sent.remove).toBeUndefined();
  });

  it('messages the team and says how many members it reached', async () => {
    const { handlers, sent } = teamHandlers(makeTeamDetail('owner'));
    server.use(...handlers);
    const { user } = renderApp('/dashboard/settings/team', { user: plainUser });
    const notify = await screen.findByRole('region', { name: 'Message the team' });
    await user.click(within(notify).getByRole('button', { name: 'Send message' }));
    expect(await within(notify).findByText('Required')).toBeInTheDocument();
    await user.type(within(notify).getByLabelText('Message'), 'Standup moves to 10:00');
    await user.click(within(notify).getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Sent to 2 members')).toBeInTheDocument();
    expect(sent.notify.body).toEqual({ message: 'Standup moves to 10:00' });
    expect(within(notify).getByLabelText('Message')).toHaveValue('');
  });

  it('deletes the team after confirmation (owner)', async () => {
    let deleted = false;
    const { handlers } = teamHandlers(makeTeamDetail('owner'));
    server.use(
      mockApi.get('/teams', () => ok(deleted ? [] : [makeTeam()])),
      mockApi.delete('/teams/{id}', () => {
        deleted = true;
        return ok({ id: 't1', deleted: true });
      }, { id: 't1' }),
      ...handlers,
    );
    const { user } = renderApp('/dashboard/settings/team', { user: plainUser });
    const danger = await screen.findByRole('region', { name: 'Delete team' });
    await user.click(within(danger).getByRole('button', { name: 'Delete team' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Support?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toBe(false);
    await user.click(within(danger).getByRole('button', { name: 'Delete team' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete team' }));
    expect(await screen.findByText('Team Support deleted')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No teams yet' })).toBeInTheDocument();
  });
});

describe('the team’s settings', () => {
  beforeEach(() => {
    mockStatus(ALL_FEATURES);
  });

  it('shows an owner the settings and saves what changed, with its pending and saved states; the invite form follows the new default', async () => {
    let letSaveThrough!: () => void;
    const beforeSave = new Promise<void>((resolve) => (letSaveThrough = resolve));
    const { handlers, sent, settingsAsked } = teamHandlers(makeTeamDetail('owner'), { beforeSave });
    server.use(...handlers);
    const { user } = renderApp('/dashboard/settings/team', { user: plainUser });
    const settings = await screen.findByRole('region', { name: 'Settings' });
    expect(settingsAsked).toContain('t1');
    expect(within(settings).getByLabelText('Name')).toHaveValue('Support');
    expect(within(settings).getByLabelText('Description')).toHaveValue('The help desk');
    const defaultRole = within(settings).getByRole('combobox', { name: 'Default role for new members' });
    expect(defaultRole).toHaveValue('member');
    expect(within(defaultRole).getAllByRole('option').map((o) => o.textContent)).toEqual(['Admin', 'Member', 'Viewer']);
    const policy = within(settings).getByRole('group', { name: 'Who may invite' });
    expect(within(policy).getByRole('radio', { name: 'Owners and admins' })).toBeChecked();
    expect(within(policy).getByRole('radio', { name: 'All members except viewers' })).not.toBeChecked();
    expect(within(settings).queryByText("Only the team's owners and admins can change these settings.")).not.toBeInTheDocument();
    const save = within(settings).getByRole('button', { name: 'Save settings' });
    expect(save).toBeDisabled();
    const invite = screen.getByRole('region', { name: 'Invite someone' });
    expect(within(invite).getByLabelText('Role')).toHaveValue('member');

    await user.selectOptions(defaultRole, 'viewer');
    await user.click(within(policy).getByRole('radio', { name: 'All members except viewers' }));
    await user.click(save);
    expect(await within(settings).findByRole('button', { name: 'Saving…' })).toBeDisabled();
    letSaveThrough();
    expect(await within(settings).findByText('Settings saved')).toBeInTheDocument();
    // Only what changed is sent.
    expect(sent.settings).toEqual({ path: '/api/settings/team', body: { teamId: 't1', defaultRole: 'viewer', invitePolicy: 'members' } });
    expect(within(settings).getByRole('button', { name: 'Save settings' })).toBeDisabled();
    expect(defaultRole).toHaveValue('viewer');
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Invite someone' })).getByLabelText('Role')).toHaveValue('viewer'));

    // A new change takes the "saved" away until it is saved in turn.
    await user.type(within(settings).getByLabelText('Name'), ' EU');
    expect(within(settings).queryByText('Settings saved')).not.toBeInTheDocument();
    await user.click(within(settings).getByRole('button', { name: 'Save settings' }));
    expect(await within(settings).findByText('Settings saved')).toBeInTheDocument();
    expect(sent.settings.body).toEqual({ teamId: 't1', name: 'Support EU' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Support EU' })).toBeInTheDocument();
  });

  it('shows the server’s field error beside its field (422), and its reason for any other refusal', async () => {
    const { handlers } = teamHandlers(makeTeamDetail('admin'));
    let saves = 0;
    server.use(
      mockApi.put('/settings/team', () => {
        saves += 1;
        return saves === 1
          ? fail(422, 'validation_failed', 'Validation failed', [{ field: 'description', message: 'At most 500 characters' }])
          : fail(403, 'insufficient_team_role', 'Your role in this team does not allow this');
      }),
      ...handlers,
    );
    const { user } = renderApp('/dashboard/settings/team', { user: plainUser });
    const settings = await screen.findByRole('region', { name: 'Settings' });
    const name = within(settings).getByLabelText('Name');
    await user.clear(name);
    await user.click(within(settings).getByRole('button', { name: 'Save settings' }));
    expect(await within(settings).findByText('Required')).toBeInTheDocument();
    expect(saves).toBe(0);

    await user.type(name, 'Support');
    await user.type(within(settings).getByLabelText('Description'), ', all of it');
    await user.click(within(settings).getByRole('button', { name: 'Save settings' }));
    const description = within(settings).getByLabelText('Description');
    await waitFor(() => expect(description).toHaveAttribute('aria-invalid', 'true'));
    expect(description).toHaveAccessibleDescription('At most 500 characters');
    expect(within(settings).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(settings).queryByText('Settings saved')).not.toBeInTheDocument();

    await user.click(within(settings).getByRole('button', { name: 'Save settings' }));
    expect(await within(settings).findByRole('alert')).toHaveTextContent('Your role in this team does not allow this');
    expect(saves).toBe(2);
  });

  it('shows a member the settings read-only with a note and a link to the team’s integrations, and no invitation while only owners and admins invite', async () => {
    const { handlers, sent } = teamHandlers(makeTeamDetail('member'));
    server.use(...handlers);
    renderApp('/dashboard/settings/team', { user: plainUser });
    const settings = await screen.findByRole('region', { name: 'Settings' });
    expect(within(settings).getByRole('status')).toHaveTextContent("Only the team's owners and admins can change these settings.");
    expect(within(settings).getByLabelText('Name')).toBeDisabled();
    expect(within(settings).getByLabelText('Name')).toHaveValue('Support');
    expect(within(settings).getByLabelText('Description')).toBeDisabled();
    expect(within(settings).getByRole('combobox', { name: 'Default role for new members' })).toBeDisabled();
    for (const radio of within(settings).getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(within(settings).getByRole('radio', { name: 'Owners and admins' })).toBeChecked();
    expect(within(settings).queryByRole('button')).not.toBeInTheDocument();
    // The team's integrations, which members see read-only, are a link away.
    expect(within(settings).getByRole('link', { name: 'Team integrations' })).toHaveAttribute('href', '/dashboard/settings?integrations=t1#integrations');
    await screen.findByRole('region', { name: 'Members' });
    expect(screen.queryByRole('region', { name: 'Invite someone' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pending invitations' })).not.toBeInTheDocument();
    expect(sent.settings).toBeUndefined();
  });

  it('gives a member the invite form where the team lets members invite: members and viewers, the default preselected', async () => {
    const { handlers, sent } = teamHandlers(makeTeamDetail('member', { defaultRole: 'viewer', invitePolicy: 'members' }));
    server.use(...handlers);
    const { user } = renderApp('/dashboard/settings/team', { user: plainUser });
    const invite = await screen.findByRole('region', { name: 'Invite someone' });
    expect(within(invite).getByText(/This team lets members invite too/)).toBeInTheDocument();
    const role = within(invite).getByLabelText('Role');
    expect(role).toHaveValue('viewer');
    expect(within(role).getAllByRole('option').map((o) => o.textContent)).toEqual(['Member', 'Viewer']);
    // The team's open invitations are for owners and admins.
    expect(within(invite).queryByRole('table')).not.toBeInTheDocument();
    // The settings stay the owners' and admins'.
    const settings = screen.getByRole('region', { name: 'Settings' });
    expect(within(settings).getByRole('radio', { name: 'All members except viewers' })).toBeChecked();
    expect(within(settings).getByRole('combobox', { name: 'Default role for new members' })).toBeDisabled();

    await user.type(within(invite).getByLabelText('Email'), 'erin@example.com');
    await user.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to erin@example.com')).toBeInTheDocument();
    expect(sent.invite).toEqual({ path: '/api/team-invitations/team/t1', body: { email: 'erin@example.com', role: 'viewer' } });
  });

  it('starts a member’s invitation on "Member" when the team’s default is a role they may not give', async () => {
    const { handlers } = teamHandlers(makeTeamDetail('member', { defaultRole: 'admin', invitePolicy: 'members' }));
    server.use(...handlers);
    renderApp('/dashboard/settings/team', { user: plainUser });
    const invite = await screen.findByRole('region', { name: 'Invite someone' });
    expect(within(invite).getByLabelText('Role')).toHaveValue('member');
  });

  it('preselects the team’s default role in an admin’s invite form', async () => {
    const { handlers } = teamHandlers(makeTeamDetail('admin', { defaultRole: 'admin' }));
    server.use(...handlers);
    renderApp('/dashboard/settings/team', { user: plainUser });
    const invite = await screen.findByRole('region', { name: 'Invite someone' });
    expect(within(invite).getByLabelText('Role')).toHaveValue('admin');
    expect(await within(invite).findByText('No pending invitations.')).toBeInTheDocument();
  });
});

describe('team invitations', () => {
  const research = makeTeam({ id: 't9', name: 'Research', role: 'viewer' });

  it('accepts the invitation of an emailed link, opens the team and drops the token from the address', async () => {
    let accepted = false;
    server.use(
      mockApi.get('/team-invitations/details/{token}', () => ok(makeInvitation()), { token: 'tok-1' }),
      mockApi.post('/team-invitations/accept/{token}', () => {
        accepted = true;
        return ok({ team: research, member: makeMember({ role: 'viewer' }) });
      }, { token: 'tok-1' }),
      // The same invitation is in my list: it is shown once, on top.
      mockApi.get('/team-invitations/user', () => ok(accepted ? [] : [makeInvitation()])),
      mockApi.get('/teams', () => ok(accepted ? [research] : [])),
      mockApi.get('/teams/{id}', () => ok({ ...makeTeamDetail('viewer'), id: 't9', name: 'Research' }), { id: 't9' }),
      teamSettingsHandler(research),
    );
    const { user, router } = renderApp('/dashboard/settings/team?invitation=tok-1', { user: plainUser });
    const card = await screen.findByRole('article', { name: 'Join Research' });
    expect(within(card).getByText('Invited by Ada Admin')).toBeInTheDocument();
    expect(within(card).getByTestId('role-badge')).toHaveTextContent('Viewer');
    expect(within(card).getByText(/^Expires on Mar \d, 2026$/)).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'No teams yet' });
    expect(screen.queryByRole('region', { name: 'Invitations for you' })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('invitation')).toHaveLength(1);

    await user.click(within(card).getByRole('button', { name: 'Accept the invitation to Research' }));
    expect(await screen.findByText('You joined Research')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?team=t9'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Research' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Join Research' })).not.toBeInTheDocument());
  });

  it('shows the server’s message when the invitation has expired (410)', async () => {
    server.use(
      mockApi.get('/team-invitations/details/{token}', () => ok(makeInvitation()), { token: 'tok-2' }),
      mockApi.post('/team-invitations/accept/{token}', () => fail(410, 'invitation_expired', 'This invitation has expired; ask for a new one'), { token: 'tok-2' }),
    );
    const { user, router } = renderApp('/dashboard/settings/team?invitation=tok-2', { user: plainUser });
    const card = await screen.findByRole('article', { name: 'Join Research' });
    await user.click(within(card).getByRole('button', { name: 'Accept the invitation to Research' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('This invitation has expired; ask for a new one');
    expect(router.state.location.search).toBe('?invitation=tok-2');
  });

  it('says why the invitation of a link cannot be shown (sent to another address)', async () => {
    const message = 'This invitation was sent to another email address; sign in with that address to accept it';
    server.use(mockApi.get('/team-invitations/details/{token}', () => fail(403, 'invitation_for_another_email', message), { token: 'tok-3' }));
    const { user, router } = renderApp('/dashboard/settings/team?invitation=tok-3', { user: plainUser });
    const region = await screen.findByRole('region', { name: 'Invitation' });
    expect(await within(region).findByRole('alert')).toHaveTextContent(message);
    await user.click(within(region).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('region', { name: 'Invitation' })).not.toBeInTheDocument();
  });

  it('asks an unverified user to verify the address instead of listing invitations, with a button for a new link', async () => {
    mockStatus(WITH_MAIL);
    let listed = false;
    let resent = false;
    server.use(
      mockApi.get('/team-invitations/user', () => {
        listed = true;
        return fail(403, 'email_unverified', 'Verify your email address first');
      }),
      mockApi.post('/auth/resend-verification', () => {
        resent = true;
        return ok({ message: 'Sent' });
      }),
    );
    const { user } = renderApp('/dashboard/settings/team', { user: { ...plainUser, emailVerified: false } });
    const mine = await screen.findByRole('region', { name: 'Invitations for you' });
    expect(within(mine).getByRole('status')).toHaveTextContent('Verify your email address to see and accept the team invitations sent to it');
    expect(within(mine).queryByTestId('invitation')).not.toBeInTheDocument();
    await user.click(within(mine).getByRole('button', { name: 'Resend verification link' }));
    expect(await screen.findByText('A new verification link was sent to bob@example.com.')).toBeInTheDocument();
    expect(resent).toBe(true);
    expect(listed).toBe(false);
  });

  it('says to verify the address first when the server refuses an emailed invitation for it (email_unverified)', async () => {
    server.use(mockApi.get('/team-invitations/details/{token}', () => fail(403, 'email_unverified', 'Verify your email address first'), { token: 'tok-4' }));
    renderApp('/dashboard/settings/team?invitation=tok-4', { user: plainUser });
    const region = await screen.findByRole('region', { name: 'Invitation' });
    expect(await within(region).findByText(/^Verify your email address to see and accept the team invitations sent to it/)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Resend verification link' })).toBeInTheDocument();
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('declines an invitation of "Invitations for you" by its id', async () => {
    const invitation = makeInvitation();
    let declined: string | null = null;
    server.use(
      mockApi.get('/team-invitations/user', () => ok(declined ? [] : [invitation])),
      mockApi.post('/team-invitations/reject/{token}', ({ params }) => {
        declined = String(params.token);
        return ok({ ...invitation, status: 'rejected' });
      }),
    );
    const { user } = renderApp('/dashboard/settings/team', { user: plainUser });
    const mine = await screen.findByRole('region', { name: 'Invitations for you' });
    await user.click(within(mine).getByRole('button', { name: 'Decline the invitation to Research' }));
    expect(await screen.findByText('Invitation to Research declined')).toBeInTheDocument();
    expect(declined).toBe(invitation.id);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Invitations for you' })).not.toBeInTheDocument());
  });

  it('shows a team message from the socket as a toast on any dashboard screen', async () => {
    renderApp('/dashboard', { user: plainUser });
    await screen.findByRole('heading', { name: 'Welcome, Bob' });
    // The socket opens once the dashboard has its session; on a busy machine, after the heading.
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    act(() => FakeWebSocket.last().open());
    act(() => FakeWebSocket.last().emit({ type: 'team.notification', teamId: 't1', teamName: 'Support', message: 'Standup moves to 10:00', from: 'Ada Admin' }));
    const toast = (await screen.findByText('Ada Admin: Standup moves to 10:00', undefined, { timeout: 5000 })).closest('[data-status]');
    expect(toast).toHaveAttribute('data-status', 'info');
    expect(toast).toHaveTextContent('Support');
  });
});

describe('team settings while collaboration is off', () => {
  it('offers no invitation and says why; the members, the open invitations and the agents stay', async () => {
    const { handlers } = teamHandlers(makeTeamDetail('owner'));
    server.use(
      mockApi.get('/team-invitations/team/{teamId}', () => ok([makeInvitation({ id: 'i3', teamId: 't1', teamName: 'Support', email: 'faye@example.com', role: 'member' })]), { teamId: 't1' }),
      ...handlers,
    );
    renderApp('/dashboard/settings/team', { user: plainUser });
    expect(await screen.findByText(/The administrator has turned collaboration off \(team sharing and invitations\)/)).toBeInTheDocument();
    const members = await screen.findByRole('region', { name: 'Members' });
    expect(within(members).getAllByTestId('member-row')).toHaveLength(3);
    expect(screen.queryByRole('region', { name: 'Invite someone' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).not.toBeInTheDocument();
    const pending = screen.getByRole('region', { name: 'Pending invitations' });
    expect(await within(pending).findByTestId('pending-invitation')).toHaveTextContent('faye@example.com');
    expect(within(pending).getByRole('button', { name: 'Revoke the invitation of faye@example.com' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Agents' })).getByRole('link', { name: 'Help desk bot' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Turn collaboration on' })).not.toBeInTheDocument();
  });

  it('gives an admin the way to turn collaboration on, and offers the invitation once it is on (configuration.changed)', async () => {
    const status = mockStatus();
    const { handlers } = teamHandlers(makeTeamDetail('owner'));
    server.use(...handlers);
    renderApp('/dashboard/settings/team', { user: adminUser });
    expect(await screen.findByRole('link', { name: 'Turn collaboration on' })).toHaveAttribute('href', '/admin/configuration#features');
    await screen.findByRole('region', { name: 'Members' });
    expect(screen.queryByRole('region', { name: 'Invite someone' })).not.toBeInTheDocument();

    status.set(ALL_FEATURES);
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    act(() => FakeWebSocket.last().open());
    act(() => FakeWebSocket.last().emit({ type: 'configuration.changed', revision: 3 }));
    const invite = await screen.findByRole('region', { name: 'Invite someone' });
    expect(within(invite).getByRole('button', { name: 'Send invitation' })).toBeInTheDocument();
    expect(screen.queryByText(/turned collaboration off/)).not.toBeInTheDocument();
  });

  it('tells an unverified user that no email went out when the server has no mail server', async () => {
    server.use(
      mockApi.post('/auth/resend-verification', () => ok({ message: 'Sent' })),
    );
    const { user } = renderApp('/dashboard/settings/team', { user: { ...plainUser, emailVerified: false } });
    const mine = await screen.findByRole('region', { name: 'Invitations for you' });
    expect(await within(mine).findByText(/This server has no mail server yet, so no email went out: an administrator can verify your address \(Admin › Users\) or set up mail\./)).toBeInTheDocument();
    expect(within(mine).queryByText(/open the link we emailed you/)).not.toBeInTheDocument();
    await user.click(within(mine).getByRole('button', { name: 'Resend verification link' }));
    expect(await screen.findByText('This server has no mail server yet, so no email went out: an administrator can verify your address (Admin › Users) or set up mail.', { selector: '[data-status] *' })).toBeInTheDocument();
  });
});

describe('all teams (platform admins)', () => {
  it('lists every team, opens one to show its members and agents, and deletes one after confirmation', async () => {
    let scope: string | null = null;
    let deleted = false;
    server.use(
      mockApi.get('/teams', ({ request }) => {
        scope = new URL(request.url).searchParams.get('scope');
        const research = makeTeam({ id: 't9', name: 'Research', role: null, memberCount: 2, agentCount: 0 });
        return ok(deleted ? [makeTeam()] : [makeTeam(), research]);
      }),
      mockApi.get(
        '/teams/{id}',
        () =>
          ok({
            ...makeTeam({ id: 't9', name: 'Research', role: null }),
            members: [makeMember({ id: 'm8', userId: '8', email: 'rita@example.com', firstName: 'Rita', lastName: 'Lab', role: 'owner' })],
            agents: [{ id: 'a9', name: 'Lab notes', description: '', type: 'general', status: 'draft', ownerId: '8' }],
          }),
        { id: 't9' },
      ),
      mockApi.delete('/teams/{id}', () => {
        deleted = true;
        return ok({ id: 't9', deleted: true });
      }, { id: 't9' }),
    );
    const { user } = renderApp('/dashboard/teams', { user: adminUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Teams' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'All teams' });
    expect(await within(table).findAllByTestId('admin-team-row')).toHaveLength(2);
    expect(scope).toBe('all');
    const row = within(table).getAllByTestId('admin-team-row')[1];
    expect(row).toHaveTextContent('Not a member');

    const toggle = within(row).getByRole('button', { name: 'Research' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('rita@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lab notes' })).toHaveAttribute('href', '/dashboard/agents/a9');

    await user.click(within(row).getByRole('button', { name: 'Delete Research' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete Research?' })).getByRole('button', { name: 'Delete team' }));
    expect(await screen.findByText('Team Research deleted')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByTestId('admin-team-row')).toHaveLength(1));
  });
});
