import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import type { ReportRange } from '@/features/analytics/api/analytics';
import { localDay, PERIOD_CHOICES, SCOPES, utcDay, type ChoiceKey, type Choices, type RangeProblem } from '@/features/analytics/utils/params';

export type AgentChoice = { id: string; name: string };

/** Radio buttons drawn as one segmented control (a fieldset: its legend names the choice). */
function Segmented<K extends string>({ legend, name, options, value, onChange }: { legend: string; name: string; options: Array<{ id: K; label: string }>; value: K; onChange: (id: K) => void }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">{legend}</legend>
      <div className="inline-flex max-w-full flex-wrap gap-0.5 rounded-lg border border-zinc-300 bg-white p-0.5 shadow-sm dark:border-zinc-700 dark:bg-zinc-900">
        {options.map((o) => (
          <label
            key={o.id}
            className={cn(
              'cursor-pointer rounded-md px-3 py-1.5 text-sm whitespace-nowrap text-zinc-700 transition hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
              'has-checked:bg-accent-600 has-checked:font-medium has-checked:text-white has-focus-visible:ring-2 has-focus-visible:ring-accent-500/50 dark:has-checked:bg-accent-500',
            )}
          >
            <input type="radio" name={name} value={o.id} checked={value === o.id} onChange={() => onChange(o.id)} className="sr-only" />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * What the reports cover: a period (or a range of days), every agent of the platform or mine,
 * one agent or all. Each change goes into the address.
 */
export function AnalyticsFilters({
  choices,
  onChange,
  agents,
  problem,
  range,
}: {
  choices: Choices;
  onChange: (patch: Partial<Record<ChoiceKey, string | undefined>>) => void;
  agents: AgentChoice[];
  problem?: RangeProblem;
  range?: ReportRange;
}) {
  const { t } = useTranslation('dashboard');
  const name = useId();
  const custom = choices.period === 'custom';

  const choosePeriod = (period: Choices['period']) => {
    if (period !== 'custom') return onChange({ period });
    // A custom range starts as the one on screen (or the last 30 days).
    const today = new Date();
    const from = choices.from ?? (range ? utcDay(range.from) : localDay(new Date(today.getTime() - 29 * 86_400_000)));
    const to = choices.to ?? (range ? utcDay(new Date(Date.parse(range.to) - 1).toISOString()) : localDay(today));
    onChange({ period, from, to });
  };

  return (
    <div role="group" aria-label={t('analytics.filters.label')} className="flex flex-wrap items-start gap-x-6 gap-y-4 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <Segmented
        legend={t('analytics.filters.period')}
        name={`${name}-period`}
        options={PERIOD_CHOICES.map((p) => ({ id: p, label: t(`analytics.periods.${p}`) }))}
        value={choices.period}
        onChange={choosePeriod}
      />
      {custom ? (
        <div className="flex flex-wrap items-start gap-3">
          <FormField
            type="date"
            label={t('analytics.filters.from')}
            value={choices.from ?? ''}
            max={choices.to}
            onChange={(e) => onChange({ period: 'custom', from: e.target.value, to: choices.to })}
            className="w-40"
          />
          <FormField
            type="date"
            label={t('analytics.filters.to')}
            value={choices.to ?? ''}
            min={choices.from}
            onChange={(e) => onChange({ period: 'custom', from: choices.from, to: e.target.value })}
            error={problem ? t(`analytics.filters.problems.${problem}`) : undefined}
            className="w-40"
          />
        </div>
      ) : null}
      <Segmented
        legend={t('analytics.filters.scope')}
        name={`${name}-scope`}
        options={SCOPES.map((s) => ({ id: s, label: t(`analytics.scopes.${s}`) }))}
        value={choices.scope}
        // The agent chosen may not be one of mine.
        onChange={(scope) => onChange({ scope, agentId: undefined })}
      />
      <SelectField label={t('analytics.filters.agent')} value={choices.agentId ?? ''} onChange={(e) => onChange({ agentId: e.target.value || undefined })} className="w-56 max-w-full">
        <option value="">{t('analytics.filters.allAgents')}</option>
        {agents.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
