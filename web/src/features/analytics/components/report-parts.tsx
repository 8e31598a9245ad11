import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { downloadCsv, type CsvTable } from '@/features/analytics/utils/csv';

// The pieces every report section is made of: the card, its "Download CSV" buttons, a chart with
// its text alternative, placeholders while loading and the error with a retry.

/** A report's card, anchored at `#id` (a labelled region). */
export function ReportSection({ id, title, description, action, children, busy }: { id: string; title: string; description?: string; action?: ReactNode; children: ReactNode; busy?: boolean }) {
  return (
    <div id={id} className="scroll-mt-32" aria-busy={busy || undefined} data-testid={`analytics-${id}`}>
      <Section id={`analytics-${id}`} title={title} description={description} action={action}>
        {children}
      </Section>
    </div>
  );
}

/**
 * "Download CSV", naming what it downloads for screen readers; `table` is built when clicked.
 * `name` makes the file's name (analytics-<name>-<date>.csv).
 */
export function CsvButton({ name, what, table, disabled }: { name: string; what: string; table: () => CsvTable; disabled?: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <Button variant="secondary" size="sm" disabled={disabled} onClick={() => downloadCsv(name, table())} data-testid={`csv-${name}`}>
      <Download aria-hidden className="size-4" />
      {t('analytics.csv.download')} <span className="sr-only">— {what}</span>
    </Button>
  );
}

/** A block inside a report: a small heading, its CSV button, its content. */
export function ReportBlock({ title, action, children, className }: { title: string; action?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={cn('space-y-3', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-zinc-800 dark:text-zinc-200">{title}</h3>
        {action}
      </div>
      {children}
    </div>
  );
}

/**
 * A chart with its text alternative: the figure is named by `label`, `summary` says in a line
 * what it shows, and the same data sits in a table only screen readers read.
 */
export function ChartFigure({ label, summary, columns, rows, children }: { label: string; summary?: ReactNode; columns: string[]; rows: string[][]; children: ReactNode }) {
  return (
    <figure aria-label={label} className="min-w-0">
      {children}
      {summary ? <figcaption className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">{summary}</figcaption> : null}
      <table className="sr-only">
        <caption>{label}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={j}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** A grey block standing in for what loads. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800', className)} />;
}

/** Placeholders of a report while it loads, announced once. */
export function ReportSkeleton({ rows = 1, chart = true }: { rows?: number; chart?: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">{t('analytics.loading')}</span>
      <div className="grid gap-3 sm:grid-cols-3">
        {Array.from({ length: 3 * rows }, (_, i) => (
          <Skeleton key={i} className="h-16" />
        ))}
      </div>
      {chart ? <Skeleton className="h-56" /> : null}
    </div>
  );
}

/** A report that could not be read: why, and a retry. */
export function ReportError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <Notice
      tone="error"
      action={
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {t('analytics.retry')}
        </Button>
      }
    >
      {t('analytics.loadFailed')}
      <span className="block text-xs opacity-80">{error.message}</span>
    </Notice>
  );
}

/** A figure in a report: a label over a large number, and a line under it. */
export function Figure({ label, value, detail, testId }: { label: string; value: ReactNode; detail?: ReactNode; testId?: string }) {
  return (
    <div className="rounded-xl bg-zinc-50 px-4 py-3 dark:bg-zinc-800/50" data-testid={testId}>
      <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
      {detail ? <dd className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{detail}</dd> : null}
    </div>
  );
}
