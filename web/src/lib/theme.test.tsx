import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ThemeSwitch } from '@/components/ui/theme-switch';
import { ThemeProvider } from '@/lib/theme';

const renderSwitch = () =>
  render(
    <ThemeProvider>
      <ThemeSwitch />
    </ThemeProvider>,
  );

describe('theme', () => {
  it('defaults to light', () => {
    renderSwitch();
    expect(document.documentElement).not.toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
  });

  it('switches to dark, stores it under "theme" and back', async () => {
    const user = userEvent.setup();
    renderSwitch();
    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('restores a stored dark theme', () => {
    localStorage.setItem('theme', 'dark');
    renderSwitch();
    expect(document.documentElement).toHaveClass('dark');
  });
});
