import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { useAgents, type Agent } from '@/features/agents/api/agents';

const PARAMS = { page: 1, limit: 100, status: 'all', type: 'all', search: '', sort: 'lastActive', order: 'desc', team: 'all' } as const;

/**
 * The agent to chat with (/dashboard/chat), the most recently active one unless `value` names
 * another; `children` renders the chat for the chosen agent. Visiting refetches the agent list.
 */
export function AgentPicker({ value, onChange, children }: { value: string | null; onChange: (id: string) => void; children: (agent: Agent) => ReactNode }) {
  const { t } = useTranslation('agents');
  const agents = useAgents(PARAMS);
  if (agents.isPending) return <Spinner />;
  const rows = agents.data?.data ?? [];
  if (rows.length === 0) {
    return (
      <div className="max-w-2xl rounded-2xl border border-dashed border-zinc-300 p-8 text-center dark:border-zinc-700">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('picker.empty')}</p>
        <ButtonLink to="/dashboard/agents/create" className="mt-4">
          {t('list.create')}
        </ButtonLink>
      </div>
    );
  }
  const selected = rows.find((a) => a.id === value) ?? rows[0];
  return (
    <>
      <SelectField label={t('picker.select')} value={selected.id} onChange={(e) => onChange(e.target.value)} className="max-w-sm">
        {rows.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
            {a.status !== 'active' ? ` (${t(`statuses.${a.status}`, { defaultValue: a.status })})` : ''}
          </option>
        ))}
      </SelectField>
      {children(selected)}
    </>
  );
}
