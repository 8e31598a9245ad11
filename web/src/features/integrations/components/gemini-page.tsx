import { Server } from 'lucide-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { Spinner } from '@/components/ui/spinner';
import { useIntegrations } from '@/features/integrations/api/integrations';
import { IntegrationForm } from '@/features/integrations/components/integration-form';
import { IntegrationStatus } from '@/features/integrations/components/integration-status';
import { SavedBy } from '@/features/integrations/components/saved-by';
import { useDisconnectConfirm } from '@/features/integrations/hooks/use-disconnect-confirm';
import { settingsLink } from '@/features/integrations/utils/catalogue';
import { errorMessage, useIntegrationMessage } from '@/features/integrations/utils/fields';

/** Whether Gemini can answer: my own connection, or the server's standing in. */
export type GeminiConnection = { connected: boolean; serverConnected: boolean };

const inlineLink = 'font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800 dark:text-accent-300 dark:hover:text-accent-200';

/**
 * /dashboard/gemini: my own Gemini connection, the same form as Settings › Integrations (key,
 * model, base URL; Test connection, Save, Disconnect), then what the route puts under it
 * (`forAgent`: choosing Gemini for an agent), told whether Gemini is connected.
 */
export function GeminiPage({ forAgent }: { forAgent?: (gemini: GeminiConnection | undefined) => ReactNode }) {
  const { t } = useTranslation('dashboard');
  const msg = useIntegrationMessage();
  const query = useIntegrations(null);
  const gemini = query.data?.integrations.find((i) => i.name === 'gemini');
  const confirmDisconnect = useDisconnectConfirm(null);

  const content = query.isPending ? (
    <div role="status" className="flex justify-center py-8">
      <Spinner className="size-6" />
      <span className="sr-only">{t('settings.integrations.loading')}</span>
    </div>
  ) : query.isError ? (
    <Notice
      tone="error"
      action={
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {t('settings.integrations.retry')}
        </Button>
      }
    >
      {t('settings.integrations.loadFailed')}
      <span className="block text-xs opacity-80">{msg(errorMessage(query.error))}</span>
    </Notice>
  ) : !gemini ? (
    // A server whose list has no Gemini (never today: the document lists it).
    <Notice tone="error">{t('gemini.missing')}</Notice>
  ) : (
    <div className="space-y-5">
      <div data-testid="gemini-status" className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <IntegrationStatus connected={gemini.connected} />
        {!gemini.connected && gemini.serverConnected ? (
          <span className="flex items-center gap-1 text-xs text-sky-800 dark:text-sky-300">
            <Server aria-hidden className="size-3.5 shrink-0" />
            {t('settings.integrations.serverFallback')}
          </span>
        ) : null}
        <SavedBy integration={gemini} className="mt-0" />
      </div>
      <IntegrationForm integration={gemini} teamId={null} readOnly={!query.data.canEdit} onDisconnect={() => confirmDisconnect.ask(gemini)} />
    </div>
  );

  return (
    <div className="w-full max-w-3xl space-y-8">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.gemini.title')}</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('gemini.intro')}</p>
      </header>
      <Section id="gemini-connection" title={t('gemini.connection.title')} description={t('gemini.connection.description')}>
        {content}
        <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
          <Trans t={t} i18nKey="gemini.connection.teams" components={[<Link key="settings" to={settingsLink('gemini')} className={inlineLink} />]} />
        </p>
      </Section>
      {forAgent?.(gemini ? { connected: gemini.connected, serverConnected: gemini.serverConnected } : undefined)}
      {confirmDisconnect.dialog}
    </div>
  );
}
