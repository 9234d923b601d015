import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { formatBalanceAmount, type BalanceEntry } from "~/domain/balance/history";
import { formatGermanDate } from "~/domain/content/date";
import { DataTable } from "~/components/ui/DataTable";

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
  return <DataTable rows={entries} columns={columns} className="order-table balance-table" cellClass={classOf} />;
}

/** Amounts line up at the right, figure under figure. */
const classOf = (columnId: string) => (columnId === "amountCents" ? "balance-amount" : undefined);
