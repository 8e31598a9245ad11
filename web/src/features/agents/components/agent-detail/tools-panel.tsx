import { Blocks, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { useAgentServers, useEndLoan } from '@/features/agents/api/agent-tools';
import type { Agent } from '@/features/agents/api/agents';
import { LendDialog } from '@/features/agents/components/agent-detail/lend-dialog';
import { Card } from '@/features/agents/components/card';
import { errorMessage, useAgentMessage } from '@/features/agents/utils/messages';
import type { McpStatus } from '@/lib/api-enums';
import { useAuth } from '@/lib/auth';
import { useMyMcpServers, type McpAssignment } from '@/lib/mcp';
import type { KeyOf } from '@/types/i18n-keys';

const statusText: Record<McpStatus, { label: KeyOf<'agents'>; dot: string }> = {
  unknown: { label: 'tools.status.unknown', dot: 'bg-zinc-400' },
  connected: { label: 'tools.status.connected', dot: 'bg-emerald-500' },
  error: { label: 'tools.status.error', dot: 'bg-red-500' },
};

/** A list of names, or the words for "every one" when the list is empty. */
function Names({ names, all }: { names: string[]; all: string }) {
  if (names.length === 0) return <span className="text-zinc-600 dark:text-zinc-400">{all}</span>;
  return (
    <ul className="flex max-w-md flex-wrap gap-1">
      {names.map((n) => (
        <li key={n} dir="ltr" className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs dark:bg-zinc-800">
          {n}
        </li>
      ))}
    </ul>
  );
}

/**
 * The agent's Tools tab: the MCP servers lent to it, highest priority first, with the tools it
 * uses from each and what it may call. Those who may edit the agent lend it one of their servers,
 * change a loan (their own servers') and end any; viewers only read.
 */
export function ToolsPanel({ agent }: { agent: Agent }) {
  const { t, i18n } = useTranslation('agents');
  const msg = useAgentMessage();
  const { user } = useAuth();
  const loans = useAgentServers(agent.id);
  const canEdit = agent.access !== 'view';
  const mine = useMyMcpServers();
  const end = useEndLoan(agent.id);
  const [dialog, setDialog] = useState<{ loan?: McpAssignment } | null>(null);
  const lent = new Set((loans.data ?? []).map((l) => l.mcpServerId));
  const available = (mine.data ?? []).filter((s) => !lent.has(s.id));
  // A loan is changed by the server's owner only; anyone who edits the agent may end it.
  const ownsServer = (l: McpAssignment) => !user?.id || l.server.ownerId === user.id;

  const confirmEnd = useConfirmAction<McpAssignment>({
    act: (l) => end.mutateAsync(l.mcpServerId),
    title: (l) => t('tools.remove.title', { name: l.server.name }),
    body: () => t('tools.remove.body', { agent: agent.name }),
    confirmLabel: t('tools.remove.confirm'),
    success: (_r, l) => t('tools.remove.done', { name: l.server.name }),
    error: (e) => msg(errorMessage(e)),
  });

  const columns: Column<McpAssignment>[] = [
    {
      id: 'server',
      header: t('tools.columns.server'),
      cell: (l) => {
        const status = statusText[l.server.status];
        return (
          <div className="min-w-0">
            {ownsServer(l) ? (
              <Link to={`/dashboard/mcp/edit/${l.mcpServerId}`} dir="auto" className="font-medium text-accent-700 hover:underline dark:text-accent-300">
                {l.server.name}
              </Link>
            ) : (
              <span dir="auto" className="font-medium">
                {l.server.name}
              </span>
            )}
            <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-zinc-500 dark:text-zinc-400">
              <span className="inline-flex items-center gap-1">
                <span aria-hidden className={cn('size-1.5 rounded-full', status.dot)} />
                {t(status.label)}
              </span>
              {!l.server.enabled ? <span className="text-amber-700 dark:text-amber-400">{t('tools.disabled')}</span> : null}
            </p>
          </div>
        );
      },
    },
    { id: 'priority', header: t('tools.columns.priority'), align: 'end', cellClassName: 'tabular-nums', cell: (l) => new Intl.NumberFormat(i18n.language).format(l.priority) },
    { id: 'tools', header: t('tools.columns.tools'), cell: (l) => <Names names={l.configuration.tools ?? []} all={t('tools.allTools', { count: l.server.tools.length })} /> },
    { id: 'permissions', header: t('tools.columns.permissions'), className: 'hidden lg:table-cell', cell: (l) => <Names names={l.permissions} all={t('tools.allPermitted')} /> },
  ];
  if (canEdit) {
    columns.push({
      id: 'actions',
      header: t('tools.columns.actions'),
      hideHeader: true,
      align: 'end',
      cell: (l) => (
        <div className="flex justify-end gap-1">
          {ownsServer(l) ? (
            <Button size="sm" variant="ghost" onClick={() => setDialog({ loan: l })} aria-label={t('tools.editLabel', { name: l.server.name })}>
              <Pencil aria-hidden className="size-4" />
              <span className="hidden sm:inline">{t('tools.edit')}</span>
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
            onClick={() => confirmEnd.ask(l)}
            aria-label={t('tools.removeLabel', { name: l.server.name })}
          >
            <Trash2 aria-hidden className="size-4" />
            <span className="hidden sm:inline">{t('tools.remove.button')}</span>
          </Button>
        </div>
      ),
    });
  }

  return (
    <Card
      id="tools"
      title={t('tools.title')}
      action={
        canEdit ? (
          <Button size="sm" onClick={() => setDialog({})}>
            <Plus aria-hidden className="size-4" />
            {t('tools.add')}
          </Button>
        ) : null
      }
    >
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{canEdit ? t('tools.description') : t('tools.readOnly')}</p>
      <DataTable
        className="mt-4 space-y-4"
        variant="plain"
        caption={t('tools.caption', { name: agent.name })}
        columns={columns}
        rows={loans.data}
        rowKey={(l) => l.id}
        rowProps={() => ({ 'data-testid': 'agent-tool-row' })}
        loading={loans.isPending}
        error={loans.isError ? msg(errorMessage(loans.error)) : null}
        empty={
          <EmptyState
            size="sm"
            bordered={false}
            icon={Blocks}
            title={t('tools.empty.title')}
            description={canEdit ? t('tools.empty.description') : t('tools.empty.readOnly')}
            action={
              canEdit ? (
                <Link to="/dashboard/mcp" className="text-sm font-medium text-accent-700 hover:underline dark:text-accent-300">
                  {t('tools.manage')}
                </Link>
              ) : null
            }
          />
        }
      />
      {dialog ? <LendDialog agentId={agent.id} loan={dialog.loan} servers={available} onClose={() => setDialog(null)} /> : null}
      {confirmEnd.dialog}
    </Card>
  );
}
