import { ChevronRight, History, Server } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { DataTable, type Column } from '@/components/ui/data-table';
import { expandedRowId } from '@/components/ui/data-table-utils';
import { Notice } from '@/components/ui/notice';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { useOpenRows } from '@/components/ui/use-open-rows';
import { useDisconnectIntegration, type Integration, type Integrations } from '@/features/integrations/api/integrations';
import { IntegrationForm } from '@/features/integrations/components/integration-form';
import { IntegrationStatus } from '@/features/integrations/components/integration-status';
import { errorMessage, PURPOSES, useIntegrationMessage } from '@/features/integrations/utils/fields';
import { formatAgo, formatDateTime } from '@/lib/format';

/** Who saved a service's credentials last, and when ("Saved by ada@example.com 5 minutes ago"). */
function SavedBy({ integration }: { integration: Integration }) {
  const { t, i18n } = useTranslation('dashboard');
  const when = formatAgo(integration.updatedAt, i18n.language);
  if (!integration.updatedAt || !when) return null;
  return (
    <p className="mt-1 flex items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400" title={formatDateTime(integration.updatedAt, i18n.language)}>
      <History aria-hidden className="size-3.5 shrink-0" />
      <span className="[overflow-wrap:anywhere]">
        {integration.updatedBy ? (
          <Trans t={t} i18nKey="settings.integrations.savedBy" values={{ email: integration.updatedBy, when }} components={[<bdi key="email" />]} />
        ) : (
          t('settings.integrations.savedWhen', { when })
        )}
      </span>
    </p>
  );
}

/**
 * The services of one holder (mine or a team's): each with what it is for, whether it is
 * connected (or falls back on the server's connection) and who saved it; opened in place, its
 * form. Those who may not change them see the forms read-only.
 */
export function IntegrationList({ data, teamName }: { data: Integrations; teamName?: string }) {
  const { t } = useTranslation('dashboard');
  const msg = useIntegrationMessage();
  const teamId = data.scope === 'team' ? (data.teamId ?? null) : null;
  const readOnly = !data.canEdit;
  const { open, toggle, close } = useOpenRows();
  const disconnect = useDisconnectIntegration(teamId);

  const confirmDisconnect = useConfirmAction<Integration>({
    act: (i) => disconnect.mutateAsync(i.name),
    title: (i) => t('settings.integrations.disconnect.title', { service: i.title }),
    body: (i) => (teamId ? t('settings.integrations.disconnect.bodyTeam', { service: i.title }) : t('settings.integrations.disconnect.bodyMine', { service: i.title })),
    confirmLabel: t('settings.integrations.disconnect.confirm'),
    success: (_r, i) => t('settings.integrations.disconnect.done', { service: i.title }),
    error: (e) => msg(errorMessage(e)),
    onSuccess: (_r, i) => close(i.name),
  });

  const columns: Column<Integration>[] = [
    {
      id: 'service',
      header: t('settings.integrations.columns.service'),
      cell: (i) => {
        const expanded = open.has(i.name);
        return (
          <div className="min-w-0">
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={expanded ? expandedRowId(i.name) : undefined}
              onClick={() => toggle(i.name)}
              className="inline-flex max-w-full items-center gap-1.5 rounded text-start font-medium outline-none hover:text-accent-700 focus-visible:ring-2 focus-visible:ring-accent-500/40 dark:hover:text-accent-300"
            >
              <ChevronRight aria-hidden className={cn('size-4 shrink-0 transition-transform rtl:rotate-180', expanded && 'rotate-90 rtl:rotate-90')} />
              <span dir="ltr">{i.title}</span>
            </button>
            <p className="ms-5.5 text-xs text-zinc-600 dark:text-zinc-400">{t(PURPOSES[i.name])}</p>
            {!i.connected && i.serverConnected ? (
              <p className="ms-5.5 mt-1 flex items-center gap-1 text-xs text-sky-800 dark:text-sky-300">
                <Server aria-hidden className="size-3.5 shrink-0" />
                {t('settings.integrations.serverFallback')}
              </p>
            ) : null}
          </div>
        );
      },
    },
    {
      id: 'status',
      header: t('settings.integrations.columns.status'),
      cellClassName: 'align-top',
      cell: (i) => (
        <div className="min-w-0 sm:w-52">
          <IntegrationStatus connected={i.connected} />
          <SavedBy integration={i} />
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {teamName ? t('settings.integrations.scopeTeam', { team: teamName }) : t('settings.integrations.scopeMine')}
      </p>
      {readOnly ? <Notice tone="info">{t('settings.integrations.readOnly')}</Notice> : null}
      <DataTable
        variant="plain"
        caption={t('settings.integrations.caption')}
        columns={columns}
        rows={data.integrations}
        rowKey={(i) => i.name}
        rowProps={(i) => ({ 'data-testid': `integration-${i.name}` })}
        expanded={(i) =>
          open.has(i.name) ? <IntegrationForm integration={i} teamId={teamId} readOnly={readOnly} onDisconnect={() => confirmDisconnect.ask(i)} /> : null
        }
      />
      {confirmDisconnect.dialog}
    </div>
  );
}
