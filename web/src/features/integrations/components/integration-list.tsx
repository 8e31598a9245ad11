import { ChevronRight, Server } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { DataTable, type Column } from '@/components/ui/data-table';
import { expandedRowId } from '@/components/ui/data-table-utils';
import { Notice } from '@/components/ui/notice';
import { useOpenRows } from '@/components/ui/use-open-rows';
import type { Integration, IntegrationName, Integrations } from '@/features/integrations/api/integrations';
import { IntegrationForm } from '@/features/integrations/components/integration-form';
import { IntegrationStatus } from '@/features/integrations/components/integration-status';
import { SavedBy } from '@/features/integrations/components/saved-by';
import { useDisconnectConfirm } from '@/features/integrations/hooks/use-disconnect-confirm';
import { PURPOSES, serviceRowId } from '@/features/integrations/utils/fields';

/**
 * The services of one holder (mine or a team's): each with what it is for, whether it is
 * connected (or falls back on the server's connection) and who saved it; opened in place, its
 * form (`openService`, the one a link names, opened from the start). Those who may not change
 * them see the forms read-only.
 */
export function IntegrationList({ data, teamName, openService }: { data: Integrations; teamName?: string; openService?: IntegrationName | null }) {
  const { t } = useTranslation('dashboard');
  const teamId = data.scope === 'team' ? (data.teamId ?? null) : null;
  const readOnly = !data.canEdit;
  const { open, toggle, close } = useOpenRows(openService ? [openService] : []);
  const confirmDisconnect = useDisconnectConfirm(teamId, (i) => close(i.name));

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
        rowProps={(i) => ({ id: serviceRowId(i.name), className: 'scroll-mt-20', 'data-testid': `integration-${i.name}` })}
        expanded={(i) =>
          open.has(i.name) ? <IntegrationForm integration={i} teamId={teamId} readOnly={readOnly} onDisconnect={() => confirmDisconnect.ask(i)} /> : null
        }
      />
      {confirmDisconnect.dialog}
    </div>
  );
}
