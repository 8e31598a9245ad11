import { Hash, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Section } from '@/components/ui/section';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { useDeletePhoneNumber, usePhoneNumbers, type PhoneNumber } from '@/features/phone/api/phone';
import type { PhoneAgent } from '@/features/phone/api/phone-agents';
import { NumberDialog } from '@/features/phone/components/number-dialog';
import { NumberText } from '@/features/phone/components/number-text';
import { usePhoneError } from '@/features/phone/utils/messages';

/**
 * The numbers of my Twilio account whose calls and SMS reach an agent: add one, change its agent
 * or recording, remove it (confirmed).
 */
export function NumbersCard({ agents }: { agents: PhoneAgent[] }) {
  const { t } = useTranslation('dashboard');
  const say = usePhoneError();
  const numbers = usePhoneNumbers();
  const remove = useDeletePhoneNumber();
  // The dialog: a new number (`{}`), or the number changed.
  const [editing, setEditing] = useState<{ number?: PhoneNumber } | null>(null);
  const agentName = (id: string) => agents.find((a) => a.id === id)?.name;

  const confirm = useConfirmAction<PhoneNumber>({
    act: (n) => remove.mutateAsync(n.id),
    title: (n) => t('phone.numbers.removeTitle', { number: n.phoneNumber }),
    body: () => t('phone.numbers.removeBody'),
    confirmLabel: t('phone.numbers.removeConfirm'),
    tone: 'danger',
    success: (_r, n) => t('phone.numbers.removed', { number: n.phoneNumber }),
    error: (e) => say(e),
  });

  const columns: Column<PhoneNumber>[] = [
    { id: 'number', header: t('phone.fields.number'), cell: (n) => <NumberText value={n.phoneNumber} className="font-medium" /> },
    {
      id: 'agent',
      header: t('phone.fields.agent'),
      cell: (n) => (
        <span dir="auto" className="block max-w-56 truncate text-zinc-700 dark:text-zinc-300">
          {agentName(n.agentId) ?? t('phone.unknownAgent')}
        </span>
      ),
    },
    { id: 'record', header: t('phone.fields.recordCalls'), className: 'hidden sm:table-cell', cell: (n) => (n.recordCalls ? t('phone.yes') : t('phone.no')) },
    {
      id: 'actions',
      header: t('phone.numbers.actions'),
      hideHeader: true,
      align: 'end',
      cell: (n) => (
        <div className="flex justify-end gap-1">
          <Button size="sm" variant="ghost" aria-label={t('phone.numbers.editLabel', { number: n.phoneNumber })} onClick={() => setEditing({ number: n })}>
            <Pencil aria-hidden className="size-4" />
            <span className="hidden md:inline">{t('phone.numbers.edit')}</span>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
            aria-label={t('phone.numbers.removeLabel', { number: n.phoneNumber })}
            onClick={() => confirm.ask(n)}
          >
            <Trash2 aria-hidden className="size-4" />
            <span className="hidden md:inline">{t('phone.numbers.remove')}</span>
          </Button>
        </div>
      ),
    },
  ];

  const addButton = (
    <Button size="sm" onClick={() => setEditing({})} disabled={agents.length === 0}>
      <Plus aria-hidden className="size-4" />
      {t('phone.numbers.add')}
    </Button>
  );

  return (
    <Section id="phone-numbers" title={t('phone.numbers.title')} description={t('phone.numbers.description')} action={agents.length > 0 ? addButton : undefined}>
      <DataTable
        caption={t('phone.numbers.caption')}
        columns={columns}
        rows={numbers.data ?? []}
        rowKey={(n) => n.id}
        rowProps={() => ({ 'data-testid': 'phone-number-row' })}
        loading={numbers.isPending}
        error={numbers.isError ? say(numbers.error) : null}
        variant="plain"
        empty={
          <EmptyState
            size="sm"
            bordered={false}
            icon={Hash}
            title={t('phone.numbers.empty.title')}
            description={agents.length > 0 ? t('phone.numbers.empty.description') : t('phone.noAgents.description')}
            action={agents.length > 0 ? addButton : <ButtonLink size="sm" to="/dashboard/agents/create">{t('phone.noAgents.create')}</ButtonLink>}
          />
        }
      />
      {editing ? <NumberDialog agents={agents} number={editing.number} onClose={() => setEditing(null)} /> : null}
      {confirm.dialog}
    </Section>
  );
}
