import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { CALL_DIRECTIONS, CALL_STATUSES } from '@/lib/api-enums';
import type { CallHistoryParams } from '@/features/phone/api/phone';
import type { PhoneAgent } from '@/features/phone/api/phone-agents';
import type { HistoryFilter } from '@/features/phone/hooks/use-phone-params';

/** Agent, status, direction, and the days from and to; "All …" (empty) is no filter and is never sent. */
export function CallHistoryFilters({
  params,
  agents,
  onChange,
  onClear,
}: {
  params: CallHistoryParams;
  agents: PhoneAgent[];
  onChange: (patch: Partial<Record<HistoryFilter, string>>) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const filtering = !!(params.agentId || params.status || params.direction || params.from || params.to);
  // A link may name an agent the options do not hold (a deleted one, beyond the first 100).
  const unknownAgent = params.agentId && !agents.some((a) => a.id === params.agentId);
  return (
    <div className="@container">
      <div role="search" aria-label={t('phone.history.filters.label')} className="grid items-end gap-3 @lg:grid-cols-2 @3xl:grid-cols-3 @5xl:grid-cols-[repeat(5,minmax(0,1fr))_auto]">
        <SelectField label={t('phone.fields.agent')} value={params.agentId ?? ''} onChange={(e) => onChange({ agentId: e.target.value })}>
          <option value="">{t('phone.history.filters.allAgents')}</option>
          {unknownAgent ? <option value={params.agentId}>{t('phone.unknownAgent')}</option> : null}
          {agents.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('phone.fields.status')} value={params.status ?? ''} onChange={(e) => onChange({ status: e.target.value })}>
          <option value="">{t('phone.history.filters.allStatuses')}</option>
          {CALL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`phone.status.${s}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('phone.fields.direction')} value={params.direction ?? ''} onChange={(e) => onChange({ direction: e.target.value })}>
          <option value="">{t('phone.history.filters.allDirections')}</option>
          {CALL_DIRECTIONS.map((d) => (
            <option key={d} value={d}>
              {t(`phone.direction.${d}`)}
            </option>
          ))}
        </SelectField>
        <FormField type="date" label={t('phone.history.filters.from')} value={params.from ?? ''} max={params.to} onChange={(e) => onChange({ from: e.target.value })} />
        <FormField type="date" label={t('phone.history.filters.to')} value={params.to ?? ''} min={params.from} onChange={(e) => onChange({ to: e.target.value })} />
        {filtering ? (
          <Button variant="ghost" onClick={onClear} className="justify-self-start">
            <X aria-hidden className="size-4" />
            {t('phone.history.filters.clear')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
