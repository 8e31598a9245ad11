import { saveBlob } from '@/lib/download';
import { localDay } from '@/features/analytics/utils/params';

// The reports' tables and series as CSV files, built in the browser (RFC 4180: fields separated by
// commas, rows by CRLF; a field holding a comma, a quote, a line break or edge spaces is quoted,
// its quotes doubled). Text that a spreadsheet would run as a formula (= + - @ first) is kept as
// text with a leading apostrophe, as OWASP advises: agent and model names come from users.

export type CsvCell = string | number | boolean | null | undefined;

const FORMULA = /^[=+\-@\t\r]/;

/** One field, escaped. Numbers are written as JavaScript writes them (a dot for decimals), so any spreadsheet reads them. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header and rows as CSV text. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** `analytics-agents-2026-11-26.csv`: the report's name and today's date. */
export function csvFileName(name: string, today: Date = new Date()): string {
  return `analytics-${name}-${localDay(today)}.csv`;
}

export type CsvTable = { header: readonly string[]; rows: readonly (readonly CsvCell[])[] };

/** Saves a table as a CSV file (UTF-8 with a byte-order mark, so spreadsheets read names in any script). */
export function downloadCsv(name: string, table: CsvTable): void {
  saveBlob(new Blob(['\uFEFF', toCsv(table.header, table.rows)], { type: 'text/csv;charset=utf-8' }), csvFileName(name));
}
