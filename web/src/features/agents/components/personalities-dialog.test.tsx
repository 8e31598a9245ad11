import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Personality } from '@/features/agents/api/agents';
import { catalogueHandlers, makePersonality } from '@/testing/mocks/agents';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { plainUser, renderApp } from '@/testing/test-utils';

const personality = (over: Partial<Personality>) => makePersonality({ id: 'p', name: 'P', description: '', tone: '', builtIn: false, ...over });

/** An in-memory /api/personalities that records what it was sent. */
function personalityHandlers() {
  const store: Personality[] = [
    personality({ id: 'builtin-friendly', name: 'Friendly', tone: 'warm', builtIn: true }),
    personality({ id: 'mine-1', name: 'Pirate', tone: 'playful', traits: ['bold', 'loud'], instructions: 'Talk like a pirate.' }),
  ];
  const sent: { create?: unknown; update?: unknown; deleted?: string } = {};
  const handlers = [
    // Before the catalogue's, so this list is the one answered.
    mockApi.get('/personalities', () => ok(store)),
    mockApi.post('/personalities', async ({ request }) => {
      const body = await request.json();
      sent.create = body;
      if (body.name === 'Taken') return fail(422, 'validation_error', 'Validation failed', [{ field: 'name', message: 'Name already in use' }]);
      const p = personality({ ...body, id: 'mine-2' });
      store.push(p);
      return ok(p, 201);
    }),
    mockApi.put('/personalities/{id}', async ({ request, params }) => {
      const body = await request.json();
      sent.update = body;
      const i = store.findIndex((p) => p.id === params.id);
      store[i] = { ...store[i], ...body };
      return ok(store[i]);
    }),
    mockApi.delete('/personalities/{id}', ({ params }) => {
      sent.deleted = params.id;
      store.splice(
        store.findIndex((p) => p.id === params.id),
        1,
      );
      return ok({ id: params.id, deleted: true });
    }),
    ...catalogueHandlers,
  ];
  return { handlers, sent, store };
}

async function openDialog() {
  const { handlers, sent } = personalityHandlers();
  server.use(...handlers);
  const rendered = renderApp('/dashboard/agents/create', { user: plainUser });
  await rendered.user.click(await screen.findByRole('button', { name: 'Manage personalities' }));
  const dialog = screen.getByRole('dialog', { name: 'Personalities' });
  return { ...rendered, dialog, sent };
}

describe('personalities dialog', () => {
  it('lists built-in personalities read-only and the user’s own with edit and delete; Escape closes it', async () => {
    const { user, dialog } = await openDialog();
    // Modal: the page behind is hidden from assistive technology while it is open.
    expect(screen.queryByRole('button', { name: 'Manage personalities' })).not.toBeInTheDocument();
    expect(dialog).toHaveFocus();
    const list = within(dialog).getByRole('list', { name: 'All personalities' });
    const [builtIn, mine] = await within(list).findAllByRole('listitem');
    expect(builtIn).toHaveTextContent('Friendly');
    expect(builtIn).toHaveTextContent('Built-in · read-only');
    expect(within(builtIn).queryByRole('button')).not.toBeInTheDocument();
    expect(mine).toHaveTextContent('Pirate');
    expect(mine).toHaveTextContent('bold, loud');
    expect(within(mine).getByRole('button', { name: 'Edit Pirate' })).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Delete Pirate' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Focus goes back to the button that opened it (react-aria restores it on the next frame).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Manage personalities' })).toHaveFocus());
  });

  it('creates a personality with comma-separated traits and refreshes the form’s select', async () => {
    const { user, dialog, sent } = await openDialog();
    const form = within(dialog).getByRole('form', { name: 'New personality' });
    await user.type(within(form).getByLabelText('Name'), 'Coach');
    await user.type(within(form).getByLabelText('Tone'), 'upbeat');
    await user.type(within(form).getByLabelText('Description'), 'Cheers people on');
    await user.type(within(form).getByLabelText('Traits'), ' patient, curious ,, precise ');
    await user.type(within(form).getByLabelText('Instructions'), 'Encourage.');
    await user.click(within(form).getByRole('button', { name: 'Create personality' }));
    expect(await screen.findByText('Personality Coach created')).toBeInTheDocument();
    expect(sent.create).toEqual({ name: 'Coach', tone: 'upbeat', description: 'Cheers people on', traits: ['patient', 'curious', 'precise'], instructions: 'Encourage.' });
    expect(await within(dialog).findByText('Coach')).toBeInTheDocument();
    // The agent form was not submitted by the dialog's form.
    expect(screen.queryByText('Agent created successfully')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('option', { name: 'Coach · upbeat' })).toBeInTheDocument();
  });

  it('edits one of the user’s personalities', async () => {
    const { user, dialog, sent } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Edit Pirate' }));
    const form = within(dialog).getByRole('form', { name: 'Edit Pirate' });
    expect(within(form).getByLabelText('Traits')).toHaveValue('bold, loud');
    await user.clear(within(form).getByLabelText('Tone'));
    await user.type(within(form).getByLabelText('Tone'), 'gruff');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Personality Pirate updated')).toBeInTheDocument();
    expect(sent.update).toEqual({ name: 'Pirate', tone: 'gruff', description: '', traits: ['bold', 'loud'], instructions: 'Talk like a pirate.' });
    expect(within(dialog).getByRole('form', { name: 'New personality' })).toBeInTheDocument();
    expect(await within(dialog).findByText('· gruff')).toBeInTheDocument();
  });

  it('deletes one of the user’s personalities after confirmation', async () => {
    const { user, dialog, sent } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Delete Pirate' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Pirate?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(sent.deleted).toBeUndefined();
    expect(screen.getByRole('dialog', { name: 'Personalities' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Delete Pirate' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete personality' }));
    expect(await screen.findByText('Personality Pirate deleted')).toBeInTheDocument();
    expect(sent.deleted).toBe('mine-1');
    await waitFor(() => expect(within(dialog).queryByText('Pirate')).not.toBeInTheDocument());
  });

  it('shows the server’s field errors beside the fields', async () => {
    const { user, dialog } = await openDialog();
    const form = within(dialog).getByRole('form', { name: 'New personality' });
    await user.click(within(form).getByRole('button', { name: 'Create personality' }));
    expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription('Required');
    await user.type(within(form).getByLabelText('Name'), 'Taken');
    await user.click(within(form).getByRole('button', { name: 'Create personality' }));
    await waitFor(() => expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription('Name already in use'));
    expect(within(form).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });
});
