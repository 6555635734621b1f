import type { ReactNode } from 'react';
import { tableFeatures, useTable, type ColumnDef, type ReactTable, type RowData } from '@tanstack/react-table';

/** The table features the settings tables use: the core row model only (they are short, or paged by the server). */
export const features = tableFeatures({});
export type Features = typeof features;

interface Props<T extends RowData> {
  label: string;
  columns: ColumnDef<Features, T, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- columns of mixed value types
  data: T[];
  rowId(row: T): string;
  /** Opens the row (its panel); the row is then reachable by keyboard too. */
  onOpen?(row: T): void;
  selectedId?: string | null;
  onContextMenu?(row: T, event: React.MouseEvent): void;
  /** The row's test id, for suites that find rows. */
  testId?: string;
  footer?: ReactNode;
}

/** A quiet, dense table (TanStack Table column definitions; a new column is data, not markup). */
export function DataTable<T extends RowData>({ label, columns, data, rowId, onOpen, selectedId, onContextMenu, testId, footer }: Props<T>) {
  const table = useTable({ features, columns, data, getRowId: (row) => rowId(row) });
  return (
    <div className="overflow-hidden rounded-lg bg-white ring-1 ring-gray-200">
      <table className="w-full border-collapse text-left text-[13px]" aria-label={label}>
        <DataTableHead table={table} />
        <tbody>
          {table.getRowModel().rows.map((row) => {
            const selected = selectedId === row.id;
            return (
              <tr
                key={row.id}
                data-testid={testId}
                aria-selected={onOpen ? selected : undefined}
                onClick={onOpen ? () => onOpen(row.original) : undefined}
                onContextMenu={onContextMenu ? (e) => onContextMenu(row.original, e) : undefined}
                className={`h-10 border-b border-gray-100 last:border-b-0 ${onOpen ? 'cursor-pointer' : ''} ${selected ? 'bg-brand-50/70' : onOpen ? 'hover:bg-gray-50' : ''}`}
              >
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-1.5 align-middle text-gray-800">
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {footer}
    </div>
  );
}

const HEAD_CELL = 'h-8 px-3 text-[11px] font-semibold tracking-wide whitespace-nowrap text-gray-600 uppercase';

/** The column headers of a table made with `useTable`, for a table that draws its own rows (a virtual list). */
export function DataTableHead<T extends RowData>({
  table,
  className = 'bg-gray-50/80',
}: {
  table: ReactTable<Features, T>;
  className?: string;
}) {
  return (
    <thead className={`border-b border-gray-200 ${className}`}>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => (
            <th key={header.id} scope="col" className={HEAD_CELL}>
              {header.isPlaceholder ? null : <table.FlexRender header={header} />}
            </th>
          ))}
        </tr>
      ))}
    </thead>
  );
}

/** A column header of a hand-drawn table: its caption, hidden (read, not shown) for a picture or actions column. */
export type HeadColumn = string | { label: string; hidden?: boolean; className?: string };

/** The column headers of a dense table whose rows are not data (a file list, a form laid out as a table). */
export function TableHead({ columns }: { columns: readonly HeadColumn[] }) {
  return (
    <thead className="border-b border-gray-200 bg-gray-50/80">
      <tr>
        {columns.map((column) => {
          const { label, hidden = false, className = '' } = typeof column === 'string' ? { label: column } : column;
          return (
            <th key={label} scope="col" className={`${HEAD_CELL} ${className}`}>
              {hidden ? <span className="sr-only">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
