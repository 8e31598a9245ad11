import { Search, SearchX } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { HelpArticleItem } from '@/features/help/components/help-article';
import { HelpNav } from '@/features/help/components/help-nav';
import { useHelpContent } from '@/features/help/hooks/use-help-content';
import { filterHelp, queryTerms } from '@/features/help/utils/search';
import { directionOf } from '@/lib/languages';

function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return '';
  }
}

/**
 * /dashboard/help: the help in the app's language, searched as one types. The query lives in the
 * address (`?q=`), so a search can be shared; `#<article id>` opens that article and scrolls to it.
 */
export function HelpCenter() {
  const { t, i18n } = useTranslation('dashboard');
  const help = useHelpContent(i18n.language);
  const [params, setParams] = useSearchParams();
  const { hash } = useLocation();
  const target = decodeHash(hash);

  const urlQuery = params.get('q') ?? '';
  const [query, setQuery] = useState(urlQuery);
  const [seenUrlQuery, setSeenUrlQuery] = useState(urlQuery);
  if (urlQuery !== seenUrlQuery) {
    // The address changed under the box (back, forward, the sidebar's link): the box follows it.
    setSeenUrlQuery(urlQuery);
    setQuery(urlQuery);
  }

  const search = (value: string) => {
    setQuery(value);
    setSeenUrlQuery(value);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set('q', value);
        else next.delete('q');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const terms = useMemo(() => queryTerms(query), [query]);
  const sections = help.data?.sections;
  const shown = useMemo(() => (sections ? filterHelp(sections, terms) : []), [sections, terms]);
  const count = shown.reduce((n, s) => n + s.articles.length, 0);
  const searching = terms.length > 0;

  // What the reader opened or closed, for this query: a new search starts again from the
  // defaults (every article found open; without a search, only the one the address links to).
  const [toggled, setToggled] = useState<{ query: string; open: Record<string, boolean> }>({ query, open: {} });
  const opened = toggled.query === query ? toggled.open : {};
  const isOpen = (id: string) => opened[id] ?? (searching || id === target);
  const toggle = (id: string) => setToggled({ query, open: { ...opened, [id]: !isOpen(id) } });

  // A link to an article (or a section) brings it into view once the help is on screen; an
  // article's button takes the focus, so the keyboard goes on from there.
  const loaded = sections !== undefined;
  useEffect(() => {
    if (!loaded || !target) return;
    const element = document.getElementById(target);
    if (!element) return;
    element.scrollIntoView?.({ block: 'start' });
    element.querySelector<HTMLElement>(':scope > h3 > button')?.focus({ preventScroll: true });
  }, [loaded, target]);

  return (
    <div className="w-full max-w-6xl">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('help.title')}</h1>
        <p className="mt-2 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{t('help.description')}</p>
      </header>

      <form role="search" className="mt-6 max-w-2xl" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="help-search" className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {t('help.searchLabel')}
        </label>
        <div className="relative mt-1.5">
          <Search aria-hidden className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-zinc-500 dark:text-zinc-400" />
          <input
            id="help-search"
            type="search"
            value={query}
            onChange={(e) => search(e.target.value)}
            placeholder={t('help.searchPlaceholder')}
            autoComplete="off"
            className="block h-11 w-full rounded-lg border border-zinc-300 bg-white ps-9 pe-3 text-sm shadow-sm outline-none placeholder:text-zinc-500 focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 dark:border-zinc-700 dark:bg-zinc-900 dark:placeholder:text-zinc-400"
          />
        </div>
      </form>
      <p role="status" className="mt-2 min-h-5 text-sm text-zinc-600 dark:text-zinc-400">
        {searching && loaded ? t('help.results', { count }) : ''}
      </p>

      {help.isPending ? (
        <div className="mt-8 flex items-center gap-3 text-sm text-zinc-600 dark:text-zinc-400">
          <Spinner />
          {t('help.loading')}
        </div>
      ) : help.isError && !loaded ? (
        <Notice tone="error" className="mt-8 max-w-2xl" action={<Button variant="secondary" size="sm" onClick={() => void help.refetch()}>{t('help.retry')}</Button>}>
          {t('help.loadFailed')}
        </Notice>
      ) : searching && count === 0 ? (
        <EmptyState
          className="mt-8"
          icon={SearchX}
          title={t('help.noResults', { query: query.trim() })}
          description={t('help.noResultsHint')}
          action={
            <>
              <Button variant="secondary" onClick={() => search('')}>
                {t('help.clear')}
              </Button>
              <ButtonLink to="/contact">{t('help.contact')}</ButtonLink>
            </>
          }
        />
      ) : help.data ? (
        <div lang={help.data.language} dir={directionOf(help.data.language)} className="mt-6 grid gap-8 lg:grid-cols-[13rem_minmax(0,1fr)]">
          <HelpNav sections={shown} searching={searching} />
          <div className="min-w-0 space-y-10">
            {shown.map((section) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-20">
                <h2 id={`${section.id}-title`} className="text-lg font-semibold">
                  {section.title}
                </h2>
                <div className="mt-3 divide-y divide-zinc-200 overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
                  {section.articles.map((article) => (
                    <HelpArticleItem key={article.id} article={article} terms={terms} open={isOpen(article.id)} onToggle={() => toggle(article.id)} />
                  ))}
                </div>
              </section>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
