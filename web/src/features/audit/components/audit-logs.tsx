import { Download, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditEntries } from '@/components/audit/audit-entries';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { FormField } from '@/components/ui/form-field';
import { DropdownMenu } from '@/components/ui/menu';
import { SelectField } from '@/components/ui/select-field';
import { oneOf } from '@/lib/api-enums';
import { ACTOR_KINDS, AUDIT_ACTIONS, AUDIT_OUTCOMES, AUDIT_RESOURCES, NO_FILTERS, useAdminAudit, useAuditExport, type AuditFilters } from '@/lib/audit';
import { toast } from '@/lib/toast';
import { useDebounced } from '@/lib/use-debounced';

/**
 * /admin/audit-logs: every change, sign-in and refusal of the installation, newest first. Filters
 * (text, action, resource, outcome, kind of actor, days) narrow it on the server; "load more" goes
 * back in time; export saves everything the filters select as CSV or JSON.
 */
export function AuditLogs() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const q = useDebounced(filters.q, 300);
  const applied = { ...filters, q };
  const log = useAdminAudit(applied);
  const exporting = useAuditExport();
  const set = <K extends keyof AuditFilters>(key: K, value: AuditFilters[K]) => setFilters((f) => ({ ...f, [key]: value }));
  const filtered = Object.values(filters).some(Boolean);

  const exportAs = (format: 'csv' | 'json') =>
    exporting.mutate(
      { filters: applied, format },
      { onError: (e) => toast({ id: 'audit-export-failed', title: t('auditLogs.export.failed'), description: e.message, status: 'error' }) },
    );

  const select = <K extends 'action' | 'resourceType' | 'outcome' | 'actorKind'>(key: K, label: string, values: readonly Exclude<AuditFilters[K], ''>[], text: (v: Exclude<AuditFilters[K], ''>) => string) => (
    <SelectField label={label} value={filters[key]} onChange={(e) => set(key, oneOf(values, e.target.value, '') as AuditFilters[K])}>
      <option value="">{t('auditLogs.filters.any')}</option>
      {values.map((v) => (
        <option key={v} value={v}>
          {text(v)}
        </option>
      ))}
    </SelectField>
  );

  return (
    <div className="w-full space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('pages.auditLogs.title')}</h1>
          <p className="mt-2 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{t('auditLogs.description')}</p>
        </div>
        <DropdownMenu
          label={t('auditLogs.export.label')}
          triggerClassName={buttonClasses('secondary')}
          trigger={
            <>
              <Download aria-hidden className="size-4" />
              {exporting.isPending ? t('auditLogs.export.running') : t('auditLogs.export.label')}
            </>
          }
          items={[
            { id: 'csv', label: t('auditLogs.export.csv'), onAction: () => exportAs('csv') },
            { id: 'json', label: t('auditLogs.export.json'), onAction: () => exportAs('json') },
          ]}
        />
      </header>
      <AuditEntries
        caption={t('auditLogs.caption')}
        entries={log.data?.pages.flatMap((p) => p.entries)}
        loading={log.isPending}
        error={log.isError ? log.error.message : null}
        hasMore={log.hasNextPage}
        loadingMore={log.isFetchingNextPage}
        onLoadMore={() => void log.fetchNextPage()}
        showAddress
        emptyTitle={filtered ? t('auditLogs.empty.noMatch') : t('auditLogs.empty.title')}
        emptyDescription={filtered ? t('auditLogs.empty.noMatchHint') : t('auditLogs.empty.description')}
        filters={
          <div className="grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-6" role="search" aria-label={t('auditLogs.filters.label')}>
            <div className="relative sm:col-span-2">
              <Search aria-hidden className="pointer-events-none absolute start-3 bottom-3 size-4 text-zinc-400" />
              <FormField label={t('auditLogs.filters.search')} type="search" placeholder={t('auditLogs.filters.searchPlaceholder')} value={filters.q} onChange={(e) => set('q', e.target.value)} className="[&_input]:ps-9" />
            </div>
            {select('action', t('auditLogs.filters.action'), AUDIT_ACTIONS, (v) => v)}
            {select('resourceType', t('auditLogs.filters.resource'), AUDIT_RESOURCES, (v) => tc(`audit.resources.${v}`))}
            {select('outcome', t('auditLogs.filters.outcome'), AUDIT_OUTCOMES, (v) => tc(`audit.outcomes.${v}`))}
            {select('actorKind', t('auditLogs.filters.actor'), ACTOR_KINDS, (v) => tc(`audit.actorKinds.${v}`))}
            <FormField label={t('auditLogs.filters.from')} type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => set('from', e.target.value)} />
            <FormField label={t('auditLogs.filters.to')} type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => set('to', e.target.value)} />
            {filtered ? (
              <div className="flex h-full items-end">
                <Button variant="ghost" onClick={() => setFilters(NO_FILTERS)}>
                  {t('auditLogs.filters.clear')}
                </Button>
              </div>
            ) : null}
          </div>
        }
      />
    </div>
  );
}
