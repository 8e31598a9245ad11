import { Info } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { useIntegrations } from '@/features/integrations/api/integrations';
import { IntegrationList } from '@/features/integrations/components/integration-list';
import { errorMessage, isIntegrationName, serviceRowId, useIntegrationMessage } from '@/features/integrations/utils/fields';

/** The search parameter naming the team whose integrations are shown (none: mine), so a team's can be linked to. */
const PARAM = 'integrations';
/** The search parameter naming the service whose form a link opens (`?service=slack#integrations`). */
const SERVICE = 'service';
const MINE = 'mine';

/**
 * Settings › Integrations (`#integrations`): my own credentials for each outside service, or, chosen
 * above the list, one of my teams' (`?integrations=<teamId>`). An agent uses its team's, else its
 * owner's, else the server's. A link may open one service's form (`?service=<name>`), as the
 * integrations catalogue's do.
 */
export function IntegrationsCard() {
  const { t } = useTranslation('dashboard');
  const msg = useIntegrationMessage();
  const { hash } = useLocation();
  const [params, setParams] = useSearchParams();
  const teamId = params.get(PARAM) || null;
  const service = params.get(SERVICE);
  const openService = isIntegrationName(service) ? service : null;
  const query = useIntegrations(teamId);
  // The list on screen (not a placeholder of another holder's).
  const shown = query.data !== undefined && !query.isPlaceholderData;

  // A link to the card (/dashboard/settings?integrations=<team>#integrations) lands on it once it is
  // there; one naming a service (?service=slack), on that service's row, opened.
  useEffect(() => {
    if (!shown || hash !== `#${PARAM}`) return;
    const target = (openService && document.getElementById(serviceRowId(openService))) || document.getElementById(PARAM);
    target?.scrollIntoView?.({ block: 'start' });
  }, [shown, hash, openService]);

  const select = (next: string) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next === MINE) out.delete(PARAM);
        else out.set(PARAM, next);
        return out;
      },
      { replace: true, preventScrollReset: true },
    );

  // While another holder's list loads, the last one's teams stay as the switcher.
  const teams = query.data?.teams ?? [];
  const selected = teamId ?? MINE;
  const tabs = [{ id: MINE, title: t('settings.integrations.mine') }, ...teams.map((team) => ({ id: team.id, title: <span dir="auto">{team.name}</span> }))];
  const teamName = teams.find((team) => team.id === teamId)?.name;

  const content =
    query.isPending || query.isPlaceholderData ? (
      <div role="status" className="flex justify-center py-8">
        <Spinner className="size-6" />
        <span className="sr-only">{t('settings.integrations.loading')}</span>
      </div>
    ) : query.isError ? (
      <Notice
        tone="error"
        action={
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
              {t('settings.integrations.retry')}
            </Button>
            {teamId ? (
              <Button size="sm" variant="secondary" onClick={() => select(MINE)}>
                {t('settings.integrations.showMine')}
              </Button>
            ) : null}
          </div>
        }
      >
        {t('settings.integrations.loadFailed')}
        <span className="block text-xs opacity-80">{msg(errorMessage(query.error))}</span>
      </Notice>
    ) : (
      <IntegrationList key={selected} data={query.data} teamName={teamName} openService={openService} />
    );

  return (
    <div id={PARAM} className="scroll-mt-20">
      <Section id={PARAM} title={t('settings.integrations.title')} description={t('settings.integrations.description')}>
        <div className="space-y-5">
          <p className="flex items-start gap-2 text-sm text-zinc-600 dark:text-zinc-400">
            <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>{t('settings.integrations.today')}</span>
          </p>
          {teams.length > 0 && tabs.some((tab) => tab.id === selected) ? (
            <Tabs label={t('settings.integrations.scopeLabel')} tabs={tabs} selected={selected} onSelect={select} className="space-y-4">
              {() => content}
            </Tabs>
          ) : (
            content
          )}
        </div>
      </Section>
    </div>
  );
}
