import { Search, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { CatalogueCard } from '@/features/integrations/components/catalogue-card';
import { useCatalogue } from '@/features/integrations/hooks/use-catalogue';
import { GROUPS, nameMatches } from '@/features/integrations/utils/catalogue';
import { errorMessage, useIntegrationMessage } from '@/features/integrations/utils/fields';

/** The search box's text in the address, so a filtered catalogue can be linked to. */
const PARAM = 'q';

/**
 * /dashboard/integrations (and /marketplace, /collaboration, /integrations/elevenlabs, which show
 * the same screen): what can be connected today, grouped (models, voice and phone, messaging
 * channels, tools and API), each entry with its status from the server and the way into its
 * setup; a search box filters the entries by name.
 */
export function IntegrationsCatalogue() {
  const { t } = useTranslation('dashboard');
  const msg = useIntegrationMessage();
  const { entries, servicesError, retry, retrying } = useCatalogue();
  const [params, setParams] = useSearchParams();

  const urlQuery = params.get(PARAM) ?? '';
  const [query, setQuery] = useState(urlQuery);
  const [seenUrlQuery, setSeenUrlQuery] = useState(urlQuery);
  if (urlQuery !== seenUrlQuery) {
    // The address changed under the box (back, forward, a link): the box follows it.
    setSeenUrlQuery(urlQuery);
    setQuery(urlQuery);
  }
  const search = (value: string) => {
    setQuery(value);
    setSeenUrlQuery(value);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(PARAM, value);
        else next.delete(PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const searching = query.trim() !== '';
  const shown = useMemo(() => entries.filter((e) => nameMatches(e.name, query)), [entries, query]);
  const groups = GROUPS.map((g) => ({ ...g, entries: shown.filter((e) => e.group === g.id) })).filter((g) => g.entries.length > 0);

  return (
    <div className="w-full max-w-6xl">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.integrations.title')}</h1>
        <p className="mt-2 max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{t('catalogue.intro')}</p>
        <p className="mt-1 max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">
          <Trans
            t={t}
            i18nKey="catalogue.teams"
            components={[<Link key="settings" to="/dashboard/settings#integrations" className="font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800 dark:text-accent-300 dark:hover:text-accent-200" />]}
          />
        </p>
      </header>

      <form role="search" className="mt-6 max-w-md" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="catalogue-search" className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {t('catalogue.search.label')}
        </label>
        <div className="relative mt-1.5">
          <Search aria-hidden className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-zinc-500 dark:text-zinc-400" />
          <input
            id="catalogue-search"
            type="search"
            value={query}
            onChange={(e) => search(e.target.value)}
            placeholder={t('catalogue.search.placeholder')}
            autoComplete="off"
            className="block h-10 w-full rounded-lg border border-zinc-300 bg-white ps-9 pe-3 text-sm shadow-sm outline-none placeholder:text-zinc-500 focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 dark:border-zinc-700 dark:bg-zinc-900 dark:placeholder:text-zinc-400"
          />
        </div>
      </form>
      <p role="status" className="mt-2 min-h-5 text-sm text-zinc-600 dark:text-zinc-400">
        {searching ? t('catalogue.search.results', { count: shown.length }) : ''}
      </p>

      {servicesError ? (
        <Notice
          tone="error"
          className="mt-4 max-w-3xl"
          action={
            <Button size="sm" variant="secondary" onClick={retry} disabled={retrying}>
              {t('settings.integrations.retry')}
            </Button>
          }
        >
          {t('catalogue.loadFailed')}
          <span className="block text-xs opacity-80">{msg(errorMessage(servicesError))}</span>
        </Notice>
      ) : null}

      {groups.length === 0 ? (
        <EmptyState
          className="mt-6"
          icon={SearchX}
          title={t('catalogue.search.none', { query: query.trim() })}
          description={t('catalogue.search.noneHint')}
          action={
            <Button variant="secondary" onClick={() => search('')}>
              {t('catalogue.search.clear')}
            </Button>
          }
        />
      ) : (
        <div className="mt-4 space-y-10">
          {groups.map((g) => (
            <section key={g.id} aria-labelledby={`catalogue-${g.id}-title`} data-testid={`catalogue-group-${g.id}`}>
              <h2 id={`catalogue-${g.id}-title`} className="text-lg font-semibold">
                {t(g.title)}
              </h2>
              <p className="mt-1 max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{t(g.note)}</p>
              <ul role="list" className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {g.entries.map((entry) => (
                  <li key={entry.id} className="min-w-0">
                    <CatalogueCard entry={entry} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
