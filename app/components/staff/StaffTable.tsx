import { Link, useLocation } from "@remix-run/react";
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from "@tanstack/react-table";
import { useTranslation } from "~/i18n/texts";

/** The URL of this list with some parameters changed (a sort, a page), the others kept. */
function withParams(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/**
 * A back-office list (TanStack Table) sorted and paged by the server: the sort and the page live
 * in the URL (http/staff/list-query.server.ts), a header that sorts is a link, so it all works
 * without JavaScript. Columns that sort have `enableSorting: true` and their id is the URL's `sort`.
 * On a phone the table scrolls sideways (a region one can reach by keyboard), headers in place.
 */
export function StaffTable<Row>({
  rows,
  columns,
  sort,
  desc,
  page,
  more,
  caption,
  rowKey,
}: {
  rows: Row[];
  // biome-ignore lint/suspicious/noExplicitAny: TanStack types each column by its own value type
  columns: ColumnDef<Row, any>[];
  sort: string;
  desc: boolean;
  page: number;
  more: boolean;
  caption: string;
  rowKey: (row: Row) => string;
}) {
  const { t } = useTranslation("staff");
  const { search } = useLocation();
  const sorting: SortingState = [{ id: sort, desc }];
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting },
    manualSorting: true,
    // only the columns that say so sort (the server sorts by them)
    defaultColumn: { enableSorting: false },
    getRowId: rowKey,
    getCoreRowModel: getCoreRowModel(),
  });
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls, so it must take the focus to scroll by keyboard */}
      <section className="table-scroll" tabIndex={0} aria-label={caption}>
        <table className="staff-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <Link
                          className="sort-link"
                          to={withParams(search, {
                            sort: header.column.id,
                            dir: sorted === "asc" ? "desc" : "asc",
                            page: null,
                          })}
                        >
                          {label}
                          <span aria-hidden="true">{sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : ""}</span>
                        </Link>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {rows.length === 0 ? <p>{t("list.empty")}</p> : null}
      {page > 1 || more ? (
        <nav className="staff-pages" aria-label={t("list.pages")}>
          {page > 1 ? (
            <Link to={withParams(search, { page: page > 2 ? String(page - 1) : null })}>{t("list.previous")}</Link>
          ) : null}
          <span>{t("list.page", { page })}</span>
          {more ? <Link to={withParams(search, { page: String(page + 1) })}>{t("list.next")}</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
