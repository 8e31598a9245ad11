import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LanguageSwitcher } from '@/components/ui/language-switcher';
import { i18n, LOADER, LOAD_PATH } from '@/lib/i18n';

describe('i18n', () => {
  it('uses the loader constants and the /locales path', () => {
    expect(LOADER).toEqual({ maxParallelReads: 10, maxRetries: 5, retryTimeout: 350 });
    expect(LOAD_PATH).toBe('/locales/{{lng}}/{{ns}}.json');
    expect(i18n.options.fallbackLng).toEqual(['en']);
    expect(i18n.options.defaultNS).toBe('common');
  });

  it('stores the language under i18nextLng and switches Arabic to right-to-left', async () => {
    await i18n.changeLanguage('ar');
    expect(localStorage.getItem('i18nextLng')).toBe('ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    await i18n.changeLanguage('fr');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('lists each language by its own name in the switcher', async () => {
    const user = userEvent.setup();
    render(<LanguageSwitcher />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(screen.getByRole('option', { name: 'العربية' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '日本語' })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(12);
    await user.selectOptions(select, 'ar');
    expect(localStorage.getItem('i18nextLng')).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
  });
});
