import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import type { AgentOption } from '@/lib/agent-options';

/** Which of my agents' flow is built (one not in the list, such as a team's, kept as it is named). */
export function AgentSelect({ agents, value, name, onPick, compact = false }: { agents: readonly AgentOption[]; value: string; name?: string; onPick: (id: string) => void; compact?: boolean }) {
  const { t } = useTranslation('dashboard');
  const listed = agents.some((a) => a.id === value);
  return (
    <SelectField label={t('flowBuilder.agent')} hideLabel={compact} value={value} onChange={(e) => onPick(e.target.value)} className={compact ? 'w-56' : 'max-w-sm'}>
      {listed ? null : <option value={value}>{name ?? value}</option>}
      {agents.map(({ id, name: label }) => <option key={id} value={id}>{label}</option>)}
    </SelectField>
  );
}
