import { createColumnHelper } from "@tanstack/react-table";
import { useTranslation } from "~/i18n/texts";
import { formatGermanDate } from "~/domain/content/date";
import { formatEuro } from "~/domain/money/format";
import type { ShareEntry } from "~/domain/share/share";
import { DataTable } from "~/components/ui/DataTable";

const column = createColumnHelper<ShareEntry>();

/** The share ledger as a table (TanStack Table), rendered on the server like the balance history. */
export function ShareListingTable({ entries }: { entries: ShareEntry[] }) {
  const { t } = useTranslation("shares");
  const columns = [
    column.accessor("createdAt", { header: t("listing.column.date"), cell: (c) => formatGermanDate(c.getValue()) }),
    column.accessor("type", { header: t("listing.column.type"), cell: (c) => t(`listing.type.${c.getValue()}`) }),
    column.accessor("quantity", { header: t("listing.column.quantity") }),
    column.accessor("valueCents", { header: t("listing.column.value"), cell: (c) => formatEuro(c.getValue()) }),
    column.display({
      id: "dates",
      header: t("listing.column.dates"),
      cell: ({ row: { original: e } }) =>
        e.type === "cancellation" ? (
          <span className="balance-comment">
            <span>{t("listing.effective", { date: formatGermanDate(e.effectiveAt) })}</span>{" "}
            {e.paidOutOn ? (
              <span>{t("listing.paidOut", { date: formatGermanDate(e.paidOutOn) })}</span>
            ) : e.payoutAt ? (
              <span>{t("listing.payout", { date: formatGermanDate(e.payoutAt) })}</span>
            ) : null}
          </span>
        ) : (
          t("listing.noDates")
        ),
    }),
  ];
  return <DataTable rows={entries} columns={columns} className="order-table balance-table" cellClass={classOf} />;
}

const classOf = (columnId: string) =>
  columnId === "valueCents" || columnId === "quantity" ? "balance-amount" : undefined;
