import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";

/**
 * A list as a table (TanStack Table), rendered on the server like every page. Each cell carries
 * its column's header as `data-label`, which the phone layout shows beside the value when the
 * table turns into one card per row.
 */
export function DataTable<Row>({
  rows,
  columns,
  className,
  cellClass,
}: {
  rows: Row[];
  // biome-ignore lint/suspicious/noExplicitAny: TanStack types each column by its own value type
  columns: ColumnDef<Row, any>[];
  className: string;
  /** A class for the header and cells of a column (e.g. amounts aligned right). */
  cellClass?: (columnId: string) => string | undefined;
}) {
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel() });
  return (
    <div className="table-scroll">
      <table className={className}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((h) => (
                <th key={h.id} scope="col" className={cellClass?.(h.column.id)}>
                  {flexRender(h.column.columnDef.header, h.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td
                  key={cell.id}
                  data-label={String(cell.column.columnDef.header)}
                  className={cellClass?.(cell.column.id)}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
