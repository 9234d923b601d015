import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import type { OrderSummary } from "~/domain/order/order";
import { formatGermanDate } from "~/domain/content/date";
import { formatEuro } from "~/domain/money/format";
import { DataTable } from "~/components/ui/DataTable";

const column = createColumnHelper<OrderSummary>();

/** The order list as a table (TanStack Table), rendered on the server like every page. */
export function OrderTable({ orders }: { orders: OrderSummary[] }) {
  const { t } = useTranslation("orders");
  const columns = [
    column.accessor("incrementId", {
      header: t("column.number"),
      cell: (c) => (
        <Link to={`/account/order/${c.getValue()}`} aria-label={t("detailLink", { number: c.getValue() })}>
          {c.getValue()}
        </Link>
      ),
    }),
    column.accessor("createdAt", { header: t("column.date"), cell: (c) => formatGermanDate(c.getValue()) }),
    column.accessor("status", { header: t("column.status"), cell: (c) => t(`status.${c.getValue()}`) }),
    column.accessor("itemCount", { header: t("column.items"), cell: (c) => c.getValue() }),
    column.accessor("grandTotalCents", { header: t("column.sum"), cell: (c) => formatEuro(c.getValue()) }),
    column.accessor("storeName", { header: t("column.store"), cell: (c) => c.getValue() ?? t("online") }),
  ];
  return <DataTable rows={orders} columns={columns} className="order-table" />;
}
