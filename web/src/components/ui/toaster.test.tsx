import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { toast } from '@/lib/toast';

describe('toasts', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a toast at once and dismisses it after 5000 ms', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Agent created successfully', status: 'success' });
    });
    expect(screen.getByRole('status')).toHaveTextContent('Agent created successfully');
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Agent created successfully')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Agent created successfully')).not.toBeInTheDocument();
  });

  it('closes with the "Close notification" button', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Failed to send message', description: 'Try again', status: 'error' });
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Try again');
    expect(alert).toHaveClass('max-w-[24rem]');
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers its action, which closes the toast once done', async () => {
    const user = userEvent.setup();
    const opened = vi.fn();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Run started', status: 'success', action: { label: 'Open the run', onAction: opened } });
    });
    await user.click(screen.getByRole('button', { name: 'Open the run' }));
    expect(opened).toHaveBeenCalledOnce();
    expect(screen.queryByText('Run started')).not.toBeInTheDocument();
  });

  it.each(['info', 'success', 'warning', 'error', 'default', 'destructive'] as const)('renders the %s status', (status) => {
    render(<Toaster />);
    act(() => {
      toast({ title: `A ${status} toast`, status });
    });
    expect(screen.getByText(`A ${status} toast`).closest('[data-status]')).toHaveAttribute('data-status', status);
  });
});
