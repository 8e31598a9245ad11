import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import arDashboard from '../../../../public/locales/ar/dashboard.json';
import { i18n } from '@/lib/i18n';
import { adminUser, plainUser, renderApp } from '@/testing/test-utils';

const searchBox = () => screen.findByRole('searchbox', { name: 'Search the help' });
const article = (name: string | RegExp) => screen.getByRole('button', { name });

describe('help center', () => {
  it('shows the sections and their articles, closed until opened', async () => {
    const { user } = renderApp('/dashboard/help', { user: plainUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Help center' })).toBeInTheDocument();
    expect(await searchBox()).toHaveAttribute('type', 'search');
    expect(screen.getByRole('search')).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Help sections' });
    expect(within(nav).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['#getting-started', '#agents', '#knowledge', '#tools', '#channels', '#faq']);
    expect(screen.getByRole('heading', { level: 2, name: 'Frequently asked questions' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Knowledge' })).toBeInTheDocument();

    const button = article('Create your first agent');
    expect(button.closest('h3')).not.toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(panel).not.toBeVisible();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Create an agent' })).toHaveAttribute('href', '/dashboard/agents/create');
    expect(within(panel).getByRole('link', { name: /Link to this article/ })).toHaveAttribute('href', '#create-first-agent');
    await user.click(button);
    expect(panel).not.toBeVisible();
  });

  it('filters the articles as one types, marks what it found, counts it and keeps the query in the address', async () => {
    const { user, router } = renderApp('/dashboard/help', { user: plainUser });
    await screen.findByRole('button', { name: 'Create your first agent' });
    await user.type(await searchBox(), 'revoke');

    expect(await screen.findByRole('status')).toHaveTextContent(/^\d+ articles? found$/);
    const count = Number(screen.getByRole('status').textContent!.split(' ')[0]);
    const buttons = screen.getAllByRole('button', { expanded: true });
    expect(buttons).toHaveLength(count);
    expect(count).toBeGreaterThanOrEqual(2);
    // Found articles are open, with every match marked.
    for (const b of buttons) {
      const panel = document.getElementById(b.getAttribute('aria-controls')!)!;
      expect(panel).toBeVisible();
    }
    const marks = document.querySelectorAll('mark');
    expect(marks.length).toBeGreaterThanOrEqual(count);
    for (const mark of marks) expect(mark.textContent!.toLowerCase()).toBe('revoke');
    expect(screen.queryByRole('button', { name: 'Create your first agent' })).not.toBeInTheDocument();
    // Sections without a match leave the page and the navigation.
    expect(screen.queryByRole('heading', { level: 2, name: 'Getting started' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Help sections' })).queryByRole('link', { name: /Getting started/ })).not.toBeInTheDocument();

    expect(router.state.location.search).toBe('?q=revoke');
    await user.clear(screen.getByRole('searchbox'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('button', { name: 'Create your first agent' })).toBeInTheDocument();
  });

  it('matches titles and bodies whatever the case and accents', async () => {
    const { user } = renderApp('/dashboard/help', { user: plainUser });
    await user.type(await searchBox(), 'MÓDEL CÖNNECTED');
    // "no language model is connected": both words, accents and case aside.
    const button = await screen.findByRole('button', { name: 'Why does my agent say that no language model is connected?' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const marks = [...document.querySelectorAll('mark')].map((m) => m.textContent!.toLowerCase());
    expect(new Set(marks)).toEqual(new Set(['model', 'connected']));
  });

  it('finds accented words of another language from a query typed without accents', async () => {
    await i18n.changeLanguage('fr');
    // An account already in French: the app has no language to tell the server.
    const { user } = renderApp('/dashboard/help', { user: { ...plainUser, language: 'fr' } });
    await screen.findByRole('heading', { level: 2, name: 'Premiers pas' });
    await user.type(await searchBox(), 'deploiement');
    const marks = await waitFor(() => {
      const found = [...document.querySelectorAll('mark')];
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    for (const mark of marks) expect(mark.textContent!.toLowerCase()).toMatch(/^d[ée]ploiement$/);
    expect(marks.some((m) => m.textContent!.toLowerCase() === 'déploiement')).toBe(true);
  });

  it('restores a search from ?q= in the address', async () => {
    renderApp('/dashboard/help?q=rate%20limits', { user: plainUser });
    expect(await searchBox()).toHaveValue('rate limits');
    expect(await screen.findByRole('button', { name: 'What are the rate limits?' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('status')).toHaveTextContent(/articles? found/);
    expect(screen.queryByRole('button', { name: 'Create your first agent' })).not.toBeInTheDocument();
  });

  it('says when nothing matches, and points to the contact page', async () => {
    const { user, router } = renderApp('/dashboard/help', { user: plainUser });
    await user.type(await searchBox(), 'zzxxqq');
    expect(await screen.findByRole('heading', { level: 2, name: 'No article matches “zzxxqq”' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 articles found');
    expect(screen.queryByRole('navigation', { name: 'Help sections' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('button', { name: 'Create your first agent' })).toBeInTheDocument();
  });

  it('opens the article an address links to, and brings it into view', async () => {
    // jsdom lays nothing out and has no scrollIntoView: record what the page asks to bring into view.
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    renderApp('/dashboard/help#connect-a-model', { user: plainUser });
    const button = await screen.findByRole('button', { name: 'Connect a language model' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('connect-a-model-panel')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create your first agent' })).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(scrolled).toContain('connect-a-model'));
    expect(button).toHaveFocus();
  });

  it('shows links into the admin area only to admins', async () => {
    renderApp('/dashboard/help#connect-a-model', { user: plainUser });
    const panel = await waitFor(() => {
      const p = document.getElementById('connect-a-model-panel');
      expect(p).not.toBeNull();
      return p!;
    });
    expect(within(panel).queryByRole('link', { name: /Admin › Configuration/ })).not.toBeInTheDocument();
  });

  it('gives admins the link to Admin › Configuration', async () => {
    renderApp('/dashboard/help#connect-a-model', { user: adminUser });
    const panel = await waitFor(() => {
      const p = document.getElementById('connect-a-model-panel');
      expect(p).not.toBeNull();
      return p!;
    });
    expect(within(panel).getByRole('link', { name: /Admin › Configuration › Language model/ })).toHaveAttribute('href', '/admin/configuration#model');
  });

  it('renders Arabic right to left, in Arabic', async () => {
    i18n.addResourceBundle('ar', 'dashboard', arDashboard, true, true);
    await i18n.changeLanguage('ar');
    renderApp('/dashboard/help', { user: { ...plainUser, language: 'ar' } });
    expect(await screen.findByRole('heading', { level: 1, name: arDashboard.help.title })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: arDashboard.help.sectionsLabel });
    const content = nav.closest('[dir]')!;
    expect(content).toHaveAttribute('dir', 'rtl');
    expect(content).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('searchbox', { name: arDashboard.help.searchLabel })).toBeInTheDocument();
    // Code stays left to right inside Arabic text.
    for (const code of content.querySelectorAll('code')) expect(code).toHaveAttribute('dir', 'ltr');
  });
});
