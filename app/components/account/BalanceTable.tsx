import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { formatBalanceAmount, type BalanceEntry } from "~/domain/balance/history";
import { formatGermanDate } from "~/domain/content/date";

const column = createColumnHelper<BalanceEntry>();

/** The balance history as a table (TanStack Table), rendered on the server like the order list. */
export function BalanceTable({ entries }: { entries: BalanceEntry[] }) {
  const { t } = useTranslation("balance");
  const columns = [
    column.accessor("createdAt", { header: t("column.date"), cell: (c) => formatGermanDate(c.getValue()) }),
    column.display({
      id: "comment",
      header: t("column.comment"),
      cell: ({ row: { original: e } }) => (
        <span className="balance-comment">
          {e.note ? <span>{e.note}</span> : null}
          {/* a space, so that note and order are two words when read out or copied */}
          {e.note && e.orderNumber !== null ? " " : null}
          {e.orderNumber !== null ? (
            <Link to={`/account/order/${e.orderNumber}`}>{t("order", { number: e.orderNumber })}</Link>
          ) : null}
        </span>
      ),
    }),
    column.accessor("type", { header: t("column.type"), cell: (c) => t(`type.${c.getValue()}`) }),
    column.accessor("amountCents", {
      header: t("column.amount"),
      cell: (c) => formatBalanceAmount(c.getValue()),
    }),
  ];
  const table = useReactTable({ data: entries, columns, getCoreRowModel: getCoreRowModel() });
  return (
    <div className="table-scroll">
      <table className="order-table balance-table">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((h) => (
                <th key={h.id} scope="col" className={classOf(h.column.id)}>
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
                <td key={cell.id} data-label={String(cell.column.columnDef.header)} className={classOf(cell.column.id)}>
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

/** Amounts line up at the right, figure under figure. */
const classOf = (columnId: string) => (columnId === "amountCents" ? "balance-amount" : undefined);
