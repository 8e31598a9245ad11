import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import { useBuilderAgents } from '@/features/workflows/api/builder';
import { useWatch } from 'react-hook-form';
import { useNodeField, type NodeFormValues } from '@/features/workflows/components/builder/node-form-schema';

/** A select of my agents for `data.agentId`; `noneLabel` offers "none" first (llm: the server's model). */
export function AgentSelect({ label, noneLabel, hint }: { label: string; noneLabel: string; hint?: string }) {
  const { t } = useTranslation('dashboard');
  const { register, error } = useNodeField();
  const agents = useBuilderAgents();
  const value = String(useWatch<NodeFormValues>({ name: 'data.agentId' }) ?? '');
  const known = (agents.data ?? []).some((a) => a.id === value);
  return (
    <SelectField label={label} hint={hint} error={error('data.agentId')} {...register('data.agentId')}>
      <option value="">{agents.isLoading ? t('workflowBuilder.fields.loading') : noneLabel}</option>
      {(agents.data ?? []).map((a) => (
        <option key={a.id} value={a.id}>
          {a.name}
        </option>
      ))}
      {value && !known && !agents.isLoading ? <option value={value}>{t('workflowBuilder.fields.unknownAgent', { id: value })}</option> : null}
    </SelectField>
  );
}
