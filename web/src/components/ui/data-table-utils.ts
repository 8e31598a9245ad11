// Helpers of the shared DataTable (src/components/ui/data-table.tsx), in their own module so
// the component file only exports components.

export type SortDirection = 'ascending' | 'descending';
export type SortDescriptor = { column: string; direction: SortDirection };

/** How many pages `total` items make (at least one). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / (pageSize || 1)));

/** Sorts rows in the browser by the value `by` gives for the sorted column (a list the server does not sort). */
export function sortRows<T>(rows: T[], sort: SortDescriptor | undefined, by: (row: T, column: string) => string | number | null | undefined, locale?: string): T[] {
  if (!sort) return rows;
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = by(a, sort.column) ?? '';
    const y = by(b, sort.column) ?? '';
    return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y)));
  });
}

/** The id of the row `expanded` adds under a row (for the toggle's aria-controls). */
export const expandedRowId = (key: string) => `row-details-${key}`;
