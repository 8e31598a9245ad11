import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type Column } from '@/components/ui/data-table';
import { sortRows, type SortDescriptor } from '@/components/ui/data-table-utils';

type Row = { id: string; name: string; size: number };
const ROWS: Row[] = [
  { id: 'a', name: 'beta.md', size: 300 },
  { id: 'b', name: 'alpha.md', size: 20 },
  { id: 'c', name: 'Gamma.md', size: 1000 },
];
const columns: Column<Row>[] = [
  { id: 'name', header: 'Name', sortable: true, cell: (r) => r.name },
  { id: 'size', header: 'Size', sortable: true, align: 'end', cell: (r) => r.size },
  { id: 'actions', header: 'Actions', hideHeader: true, cell: (r) => <button type="button">Delete {r.name}</button> },
];

function Sorted() {
  const [sort, setSort] = useState<SortDescriptor | undefined>();
  return <DataTable caption="Documents" columns={columns} rows={sortRows(ROWS, sort, (r, c) => (c === 'size' ? r.size : r.name))} rowKey={(r) => r.id} sort={sort} onSortChange={setSort} />;
}

const names = () => screen.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0].textContent);

describe('DataTable', () => {
  it('is a captioned table whose sortable headers sort and say so with aria-sort', async () => {
    const user = userEvent.setup();
    render(<Sorted />);
    expect(screen.getByRole('table', { name: 'Documents' })).toBeInTheDocument();
    // A hidden header is still read out.
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    expect(names()).toEqual(['beta.md', 'alpha.md', 'Gamma.md']);

    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['alpha.md', 'beta.md', 'Gamma.md']);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Gamma.md', 'beta.md', 'alpha.md']);

    await user.click(screen.getByRole('button', { name: 'Size' }));
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort');
    expect(names()).toEqual(['alpha.md', 'beta.md', 'Gamma.md']);
  });

  it('shows one full-width row while loading, on error and when empty', () => {
    const { rerender } = render(<DataTable caption="Documents" columns={columns} rows={undefined} rowKey={(r) => r.id} loading empty="Nothing yet" />);
    expect(screen.getByRole('cell', { name: 'Loading...' })).toHaveAttribute('colspan', '3');
    rerender(<DataTable caption="Documents" columns={columns} rows={[]} rowKey={(r) => r.id} error="Failed to get documents" empty="Nothing yet" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to get documents');
    rerender(<DataTable caption="Documents" columns={columns} rows={[]} rowKey={(r) => r.id} empty="Nothing yet" />);
    expect(screen.getByRole('cell', { name: 'Nothing yet' })).toBeInTheDocument();
  });

  it('selects rows (all of a page, or one by one) where allowed, and pages', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onPageChange = vi.fn();
    render(
      <DataTable
        caption="Documents"
        columns={columns}
        rows={ROWS}
        rowKey={(r) => r.id}
        selection={{ selected: new Set(['a']), onChange, canSelect: (r) => r.id !== 'c', selectAllLabel: 'Select all', rowLabel: (r) => `Select ${r.name}` }}
        pagination={{ page: 1, pageSize: 3, total: 7, onPageChange }}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'Select beta.md' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Select Gamma.md' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select alpha.md' }));
    expect(onChange).toHaveBeenLastCalledWith(new Set(['a', 'b']));
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(onChange).toHaveBeenLastCalledWith(new Set(['a', 'b']));

    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(pages).toHaveTextContent('1–3 of 7');
    expect(pages).toHaveTextContent('Page 1 of 3');
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});
