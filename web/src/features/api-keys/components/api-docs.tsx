import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { useRevokeApiKey, type ApiKey } from '@/features/api-keys/api/api-keys';
import { AgentsCell, ExpiresCell, KeyName, Prefix, RevokeButton } from '@/features/api-keys/components/key-cells';
import { CodeExamples } from '@/features/api-keys/components/code-examples';
import { CreateKeyDialog } from '@/features/api-keys/components/create-key-dialog';
import { formatDay, formatMinute } from '@/features/api-keys/utils/format';
import { useAgentOptions } from '@/lib/agent-options';
import { useMyApiKeys } from '@/lib/api-keys';

/**
 * /dashboard/integrations/api-docs: my API keys (made here, shown once, revoked here) and
 * ready-to-copy examples of calling an agent with one.
 */
export function ApiDocs() {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.language;
  const keys = useMyApiKeys();
  const agents = useAgentOptions();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const agentNames = new Map((agents.data ?? []).map((a) => [a.id, a.name]));

  const confirmRevoke = useConfirmAction<ApiKey>({
    act: (k) => revoke.mutateAsync(k.id),
    title: (k) => t('apiKeys.revoke.title', { name: k.name }),
    body: () => t('apiKeys.revoke.body'),
    confirmLabel: t('apiKeys.revoke.confirm'),
    success: (_r, k) => t('apiKeys.revoke.done', { name: k.name }),
  });

  const columns: Column<ApiKey>[] = [
    { id: 'name', header: t('apiKeys.columns.name'), cell: (k) => <KeyName apiKey={k} /> },
    { id: 'prefix', header: t('apiKeys.columns.prefix'), cell: (k) => <Prefix prefix={k.prefix} /> },
    { id: 'agents', header: t('apiKeys.columns.agents'), className: 'hidden md:table-cell', cell: (k) => <AgentsCell agentIds={k.agentIds} names={agentNames} /> },
    { id: 'created', header: t('apiKeys.columns.created'), className: 'hidden lg:table-cell', cellClassName: 'whitespace-nowrap text-zinc-600 dark:text-zinc-400', cell: (k) => formatDay(lng, k.createdAt) },
    {
      id: 'lastUsed',
      header: t('apiKeys.columns.lastUsed'),
      className: 'hidden sm:table-cell',
      cellClassName: 'whitespace-nowrap text-zinc-600 dark:text-zinc-400',
      cell: (k) => formatMinute(lng, k.lastUsedAt) ?? t('apiKeys.never'),
    },
    { id: 'expires', header: t('apiKeys.columns.expires'), cell: (k) => <ExpiresCell apiKey={k} /> },
    {
      id: 'actions',
      header: t('apiKeys.columns.actions'),
      hideHeader: true,
      align: 'end',
      cell: (k) => <RevokeButton label={t('apiKeys.revoke.label', { name: k.name })} onRevoke={() => confirmRevoke.ask(k)} />,
    },
  ];

  return (
    <div className="w-full max-w-6xl space-y-8">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.apiDocs.title')}</h1>
        <p className="mt-2 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{t('pages.apiDocs.description')}</p>
      </header>

      <section aria-labelledby="api-keys-title" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <h2 id="api-keys-title" className="text-lg font-semibold">
              {t('apiKeys.title')}
            </h2>
            <p className="mt-1 max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{t('apiKeys.description')}</p>
          </div>
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden className="size-4" />
            {t('apiKeys.create.button')}
          </Button>
        </div>
        <DataTable
          caption={t('apiKeys.caption')}
          columns={columns}
          rows={keys.data}
          rowKey={(k) => k.id}
          rowProps={() => ({ 'data-testid': 'api-key-row' })}
          loading={keys.isPending}
          error={keys.isError ? keys.error.message : null}
          empty={<EmptyState size="sm" bordered={false} icon={KeyRound} title={t('apiKeys.empty.title')} description={t('apiKeys.empty.description')} />}
        />
      </section>

      <CodeExamples agents={agents.data ?? []} />

      {creating ? <CreateKeyDialog agents={agents.data ?? []} onClose={() => setCreating(false)} /> : null}
      {confirmRevoke.dialog}
    </div>
  );
}
