import { History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import type { AuditOutcome } from '@/lib/api-enums';
import { changedFields, showValue, type AuditEntry } from '@/lib/audit';

// What every audit screen shows of its entries: a table (when, who, what, to what, how it ended),
// a "load more" for the next page by cursor, and a drawer with the whole entry and its diff. The
// admin area passes `showAddress` (the Activity tabs never get addresses from the server).

const OUTCOME_TONE: Record<AuditOutcome, string> = {
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950/40 dark:text-emerald-300 dark:ring-emerald-400/30',
  denied: 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-950/40 dark:text-amber-300 dark:ring-amber-400/30',
  failed: 'bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-950/40 dark:text-red-300 dark:ring-red-400/30',
};

function OutcomeBadge({ outcome }: { outcome: AuditOutcome }) {
  const { t } = useTranslation();
  return <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', OUTCOME_TONE[outcome])}>{t(`audit.outcomes.${outcome}`)}</span>;
}

/** Who acted: the user's email as it was, else the kind of actor. */
function actorText(entry: AuditEntry, kind: string): string {
  return entry.actorLabel ?? (entry.actorId ? `${kind} ${entry.actorId}` : kind);
}

const formatTime = (lng: string, at: string) => new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(at));

export function AuditEntries({
  caption,
  entries,
  loading,
  error,
  hasMore,
  loadingMore,
  onLoadMore,
  showAddress = false,
  showResource = true,
  emptyTitle,
  emptyDescription,
  filters,
  variant = 'card',
}: {
  caption: string;
  entries: AuditEntry[] | undefined;
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  showAddress?: boolean;
  /** Off where every entry is about the same thing (an agent's Activity tab). */
  showResource?: boolean;
  emptyTitle: string;
  emptyDescription: string;
  filters?: React.ReactNode;
  variant?: 'card' | 'plain';
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const kind = (e: AuditEntry) => t(`audit.actorKinds.${e.actorKind}`);

  const resourceColumn: Column<AuditEntry> = {
    id: 'resource',
    header: t('audit.columns.resource'),
    className: 'hidden md:table-cell',
    cell: (e) => (
      <span className="block min-w-0">
        <span className="block">{t(`audit.resources.${e.resourceType}`)}</span>
        {e.resourceId ? <span className="block max-w-40 truncate font-mono text-xs text-zinc-500 dark:text-zinc-400">{e.resourceId}</span> : null}
      </span>
    ),
  };

  const columns: Column<AuditEntry>[] = [
    { id: 'time', header: t('audit.columns.time'), cellClassName: 'min-w-28 text-zinc-600 dark:text-zinc-400', cell: (e) => formatTime(i18n.language, e.occurredAt) },
    {
      id: 'actor',
      header: t('audit.columns.actor'),
      cell: (e) => (
        <span className="block min-w-0">
          <span className="block max-w-56 truncate font-medium">{actorText(e, kind(e))}</span>
          {e.actorLabel ? <span className="block text-xs text-zinc-500 dark:text-zinc-400">{kind(e)}</span> : null}
        </span>
      ),
    },
    {
      id: 'action',
      header: t('audit.columns.action'),
      cell: (e) => (
        <button
          type="button"
          onClick={() => setOpen(e)}
          className="rounded font-mono text-xs font-medium text-accent-700 underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-accent-500/40 dark:text-accent-300"
          aria-label={t('audit.open', { action: e.action })}
        >
          {e.action}
        </button>
      ),
    },
    ...(showResource ? [resourceColumn] : []),
    { id: 'outcome', header: t('audit.columns.outcome'), cell: (e) => <OutcomeBadge outcome={e.outcome} /> },
    ...(showAddress
      ? [{ id: 'ip', header: t('audit.columns.address'), className: 'hidden lg:table-cell', cellClassName: 'font-mono text-xs text-zinc-600 dark:text-zinc-400', cell: (e: AuditEntry) => e.ip ?? '—' }]
      : []),
  ];

  return (
    <div className="space-y-4">
      <DataTable
        caption={caption}
        columns={columns}
        rows={entries}
        rowKey={(e) => e.id}
        rowProps={() => ({ 'data-testid': 'audit-row' })}
        loading={loading}
        error={error}
        filters={filters}
        variant={variant}
        empty={<EmptyState size="sm" bordered={false} icon={History} title={emptyTitle} description={emptyDescription} />}
      />
      {hasMore ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={onLoadMore} disabled={loadingMore}>
            {loadingMore ? t('audit.loadingMore') : t('audit.loadMore')}
          </Button>
        </div>
      ) : null}
      {open ? <AuditEntryDialog entry={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

/** One entry whole: who, what, which thing, when, from where, and each changed field's before and after. */
export function AuditEntryDialog({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const kind = t(`audit.actorKinds.${entry.actorKind}`);
  const fields = changedFields(entry);
  const facts: [string, string | null | undefined][] = [
    [t('audit.detail.when'), formatTime(i18n.language, entry.occurredAt)],
    [t('audit.detail.actor'), `${actorText(entry, kind)}${entry.actorLabel ? ` (${kind})` : ''}`],
    [t('audit.detail.apiKey'), entry.apiKeyId],
    [t('audit.detail.resource'), `${t(`audit.resources.${entry.resourceType}`)}${entry.resourceId ? ` · ${entry.resourceId}` : ''}`],
    [t('audit.detail.owner'), entry.ownerId],
    [t('audit.detail.team'), entry.teamId],
    [t('audit.detail.address'), entry.ip],
    [t('audit.detail.userAgent'), entry.userAgent],
    [t('audit.detail.requestId'), entry.requestId],
  ];
  return (
    <Dialog title={entry.action} description={<OutcomeBadge outcome={entry.outcome} />} closeLabel={t('audit.detail.close')} onClose={onClose} className="max-w-3xl">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        {facts
          .filter(([, v]) => v)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
              <dd className="min-w-0 break-words font-medium">{value}</dd>
            </div>
          ))}
      </dl>
      <h3 className="mt-6 text-sm font-semibold">{t('audit.detail.changes')}</h3>
      {fields.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('audit.detail.noChanges')}</p>
      ) : (
        <div className="mt-2 overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
          <table className="w-full text-sm" data-testid="audit-diff">
            <caption className="sr-only">{t('audit.detail.changes')}</caption>
            <thead className="bg-zinc-50 text-xs text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                <th scope="col" className="px-3 py-2 text-start font-medium">{t('audit.detail.field')}</th>
                <th scope="col" className="px-3 py-2 text-start font-medium">{t('audit.detail.from')}</th>
                <th scope="col" className="px-3 py-2 text-start font-medium">{t('audit.detail.to')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {fields.map(([field, from, to]) => (
                <tr key={field} className="align-top">
                  <th scope="row" className="px-3 py-2 text-start font-mono text-xs font-medium">{field}</th>
                  <td dir="auto" className="max-w-xs px-3 py-2 break-words whitespace-pre-wrap text-red-800 dark:text-red-300">
                    <span className="sr-only">{t('audit.detail.from')}: </span>
                    {showValue(from)}
                  </td>
                  <td dir="auto" className="max-w-xs px-3 py-2 break-words whitespace-pre-wrap text-emerald-800 dark:text-emerald-300">
                    <span className="sr-only">{t('audit.detail.to')}: </span>
                    {showValue(to)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  );
}
