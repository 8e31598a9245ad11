import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { useConfirmAction } from '@/components/ui/use-confirm-action';

type Doc = { id: string; name: string };

function Screen({ act, onSuccess }: { act: (d: Doc) => Promise<unknown>; onSuccess?: () => void }) {
  const confirm = useConfirmAction<Doc>({
    act,
    title: (d) => `Delete ${d.name}?`,
    body: () => 'This cannot be undone.',
    confirmLabel: 'Delete document',
    success: (_r, d) => `Deleted ${d.name}`,
    onSuccess,
  });
  return (
    <>
      <button type="button" onClick={() => confirm.ask({ id: 'd1', name: 'prices.csv' })}>
        Delete prices.csv
      </button>
      {confirm.dialog}
      <Toaster />
    </>
  );
}

describe('useConfirmAction', () => {
  it('asks first (focus on Cancel; Escape cancels and gives focus back), then acts, toasts and closes', async () => {
    const user = userEvent.setup();
    const act = vi.fn().mockResolvedValue(undefined);
    const onSuccess = vi.fn();
    render(<Screen act={act} onSuccess={onSuccess} />);
    const trigger = screen.getByRole('button', { name: 'Delete prices.csv' });

    await user.click(trigger);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete prices.csv?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(act).not.toHaveBeenCalled();

    await user.click(trigger);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete document' }));
    expect(act).toHaveBeenCalledWith({ id: 'd1', name: 'prices.csv' });
    expect(await screen.findByText('Deleted prices.csv')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalled();
  });

  it("toasts the error's message when the action fails, and closes", async () => {
    const user = userEvent.setup();
    render(<Screen act={() => Promise.reject(new Error('Document not found'))} />);
    await user.click(screen.getByRole('button', { name: 'Delete prices.csv' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete document' }));
    expect(await screen.findByText('Document not found')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
