import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import type { WebhookFilters as Filters } from '@/features/webhooks/api/webhooks';
import { filtering, type FilterParam } from '@/features/webhooks/utils/filters';
import { PLATFORM_TITLES, PLATFORMS, STATUSES } from '@/features/webhooks/utils/platforms';
import type { AgentOption } from '@/lib/agent-options';

/** Platform, status and agent; "All …" is no filter (and is left out of the address and the calls). */
export function WebhookFilters({ filters, agents, onChange, onClear }: { filters: Filters; agents: AgentOption[]; onChange: (name: FilterParam, value: string) => void; onClear: () => void }) {
  const { t } = useTranslation('dashboard');
  // A link may name an agent the list of options does not hold (another page of them, or one gone).
  const unknownAgent = filters.agentId !== 'all' && !agents.some((a) => a.id === filters.agentId);
  return (
    <div role="search" aria-label={t('webhooks.filters.label')} className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,14rem))_auto]">
      <SelectField label={t('webhooks.filters.platform')} value={filters.platform} onChange={(e) => onChange('platform', e.target.value)}>
        <option value="all">{t('webhooks.filters.allPlatforms')}</option>
        {PLATFORMS.map((p) => (
          <option key={p} value={p}>
            {PLATFORM_TITLES[p]}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('webhooks.filters.status')} value={filters.status} onChange={(e) => onChange('status', e.target.value)}>
        <option value="all">{t('webhooks.filters.allStatuses')}</option>
        {STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`webhooks.status.${s}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('webhooks.filters.agent')} value={filters.agentId} onChange={(e) => onChange('agentId', e.target.value)}>
        <option value="all">{t('webhooks.filters.allAgents')}</option>
        {unknownAgent ? <option value={filters.agentId}>{t('webhooks.filters.otherAgent')}</option> : null}
        {agents.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </SelectField>
      {filtering(filters) ? (
        <Button variant="ghost" onClick={onClear} className="justify-self-start">
          <X aria-hidden className="size-4" />
          {t('webhooks.filters.clear')}
        </Button>
      ) : null}
    </div>
  );
}
