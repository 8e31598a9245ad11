import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, ChevronsUpDown } from 'lucide-react';
import { Fragment, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { expandedRowId, pageCount, type SortDescriptor } from '@/components/ui/data-table-utils';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';

export type Column<T> = {
  id: string;
  header: ReactNode;
  /** The header is read by screen readers only (an actions column). */
  hideHeader?: boolean;
  cell: (row: T) => ReactNode;
  align?: 'start' | 'end';
  /** Classes of the column's header and cells, e.g. `hidden md:table-cell`. */
  className?: string;
  /** Classes of its cells only. */
  cellClassName?: string;
  /** Its header sorts the table (through `sort` and `onSortChange`). */
  sortable?: boolean;
};

export type RowSelection<T> = {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** Rows without a checkbox (default: every row has one). */
  canSelect?: (row: T) => boolean;
  selectAllLabel: string;
  rowLabel: (row: T) => string;
};

export type PaginationProps = {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Said when there is nothing (default "No results"). */
  noneLabel?: string;
};

/** Pages of a list: "1–10 of 42", "Page 1 of 5", previous and next. */
export function Pagination({ page, pageSize, total, onPageChange, noneLabel }: PaginationProps) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => new Intl.NumberFormat(i18n.language).format(v);
  const pages = pageCount(total, pageSize);
  return (
    <nav aria-label={t('table.pagination.label')} className="flex items-center justify-between gap-3 text-sm text-zinc-600 dark:text-zinc-400">
      <p aria-live="polite">
        {total > 0
          ? t('table.pagination.showing', { from: n((page - 1) * pageSize + 1), to: n(Math.min(page * pageSize, total)), total: n(total) })
          : (noneLabel ?? t('table.pagination.none'))}
      </p>
      <div className="flex items-center gap-2">
        <span>{t('table.pagination.page', { page: n(page), pages: n(pages) })}</span>
        <Button size="sm" variant="secondary" aria-label={t('table.pagination.previous')} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden className="size-4 rtl:rotate-180" />
        </Button>
        <Button size="sm" variant="secondary" aria-label={t('table.pagination.next')} disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          <ChevronRight aria-hidden className="size-4 rtl:rotate-180" />
        </Button>
      </div>
    </nav>
  );
}

type RowProps = HTMLAttributes<HTMLTableRowElement> & { 'data-testid'?: string };

/**
 * The one table of the app's lists: a caption for screen readers, columns (sortable through
 * their headers, with `aria-sort`), a loading row, an error row, an empty row, optional row
 * selection, rows that open a full-width row under them, and, around it, a filter bar slot, a
 * toolbar slot (bulk actions) and pagination.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  loading,
  error,
  empty,
  sort,
  onSortChange,
  selection,
  rowProps,
  expanded,
  filters,
  toolbar,
  pagination,
  variant = 'card',
  className,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  loading?: boolean;
  /** Shown in the table instead of the rows. */
  error?: ReactNode;
  /** Shown in the table when there are no rows. */
  empty?: ReactNode;
  sort?: SortDescriptor;
  onSortChange?: (sort: SortDescriptor) => void;
  selection?: RowSelection<T>;
  rowProps?: (row: T) => RowProps;
  /** Content of a full-width row under a row (null: none). */
  expanded?: (row: T) => ReactNode;
  /** The filter bar, above the table. */
  filters?: ReactNode;
  /** Between the filters and the table (bulk actions). */
  toolbar?: ReactNode;
  pagination?: PaginationProps;
  /** `card`: a page's table in its own box; `plain`: inside a card or section. */
  variant?: 'card' | 'plain';
  /** Classes of the block around the filters, table and pages (default: `space-y-4`). */
  className?: string;
}) {
  const { t } = useTranslation();
  const list = rows ?? [];
  const card = variant === 'card';
  const selectable = selection ? list.filter((r) => selection.canSelect?.(r) ?? true) : [];
  const allSelected = selectable.length > 0 && selectable.every((r) => selection?.selected.has(rowKey(r)));
  const span = columns.length + (selection ? 1 : 0);
  const cellPad = card ? 'px-4 py-3' : 'py-2 pe-3';
  const alignOf = (c: Column<T>) => (c.align === 'end' ? 'text-end' : 'text-start');

  const toggle = (key: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };

  const header = (c: Column<T>) => {
    if (c.hideHeader) return <span className="sr-only">{c.header}</span>;
    if (!c.sortable || !onSortChange) return c.header;
    const active = sort?.column === c.id;
    const Icon = !active ? ChevronsUpDown : sort.direction === 'ascending' ? ArrowUp : ArrowDown;
    return (
      <button
        type="button"
        onClick={() => onSortChange({ column: c.id, direction: active && sort.direction === 'ascending' ? 'descending' : 'ascending' })}
        className={cn(
          'inline-flex items-center gap-1 rounded outline-none hover:text-zinc-900 focus-visible:ring-2 focus-visible:ring-accent-500/40 dark:hover:text-zinc-100',
          // Buttons do not inherit text-transform: a card's headers are upper case.
          card && 'uppercase',
          active && 'text-zinc-900 dark:text-zinc-100',
        )}
      >
        {c.header}
        <Icon aria-hidden className={cn('size-3.5', !active && 'opacity-50')} />
      </button>
    );
  };

  const status = (content: ReactNode, tone?: 'muted') => (
    <tr>
      <td colSpan={span} className={cn('px-4 py-10 text-center', tone === 'muted' && 'text-zinc-600 dark:text-zinc-400')}>
        {content}
      </td>
    </tr>
  );

  const table = (
    <div className={cn('relative overflow-x-auto', card && 'rounded-2xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900')}>
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className={cn('text-xs text-zinc-500 dark:text-zinc-400', card && 'border-b border-zinc-200 bg-zinc-50/80 font-medium uppercase dark:border-zinc-800 dark:bg-zinc-900')}>
          <tr>
            {selection ? (
              <th scope="col" className={cn('w-10 text-start', cellPad)}>
                {selectable.length > 0 ? (
                  <input
                    type="checkbox"
                    aria-label={selection.selectAllLabel}
                    checked={allSelected}
                    onChange={() => selection.onChange(allSelected ? new Set() : new Set(selectable.map(rowKey)))}
                    className="size-4 rounded accent-accent-600"
                  />
                ) : null}
              </th>
            ) : null}
            {columns.map((c) => (
              <th
                key={c.id}
                scope="col"
                aria-sort={c.sortable && sort?.column === c.id ? sort.direction : undefined}
                className={cn(cellPad, !card && 'font-medium', alignOf(c), c.className)}
              >
                {header(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {loading
            ? status(
                <>
                  <Spinner />
                  <span className="sr-only">{t('table.loading')}</span>
                </>,
              )
            : error
              ? status(<Notice tone="error" className="text-start">{error}</Notice>)
              : list.length === 0
                ? status(empty, 'muted')
                : list.map((row) => {
                    const key = rowKey(row);
                    const checked = selection?.selected.has(key) ?? false;
                    const extra = rowProps?.(row);
                    const more = expanded?.(row);
                    return (
                      <Fragment key={key}>
                        <tr
                          {...extra}
                          className={cn(card && 'transition-colors hover:bg-zinc-50 dark:hover:bg-zinc-800/40', checked && 'bg-accent-50/40 dark:bg-accent-500/5', extra?.className)}
                        >
                          {selection ? (
                            <td className={cellPad}>
                              {selection.canSelect?.(row) ?? true ? (
                                <input type="checkbox" aria-label={selection.rowLabel(row)} checked={checked} onChange={() => toggle(key)} className="size-4 rounded accent-accent-600" />
                              ) : null}
                            </td>
                          ) : null}
                          {columns.map((c) => (
                            <td key={c.id} className={cn(cellPad, alignOf(c), c.className, c.cellClassName)}>
                              {c.cell(row)}
                            </td>
                          ))}
                        </tr>
                        {more ? (
                          <tr id={expandedRowId(key)} className="bg-zinc-50/60 dark:bg-zinc-800/20">
                            <td colSpan={span} className="px-4 py-4">
                              {more}
                            </td>
                          </tr>
                        ) : null}
                      </Fragment>
                    );
                  })}
        </tbody>
      </table>
    </div>
  );

  return (
    <div className={className ?? 'space-y-4'}>
      {filters}
      {toolbar}
      {table}
      {pagination ? <Pagination {...pagination} /> : null}
    </div>
  );
}
