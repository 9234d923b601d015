import { Link } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { StaffTable } from "~/components/staff/StaffTable";
import { formatGermanDate } from "~/domain/content/date";
import { formatEuro } from "~/domain/money/format";
import type { NoticeState } from "~/domain/share/cooperative";
import { useTranslation } from "~/i18n/texts";

/** Shares given notice as the list shows them. */
export interface ListedNotice {
  id: string;
  memberNumber: string;
  name: string;
  quantity: number;
  valueCents: number;
  receivedOn: string;
  effectiveAt: string;
  payoutDueBy: string;
  state: NoticeState;
  paidOn: string | null;
}

const column = createColumnHelper<ListedNotice>();

/** The shares given notice, by the date they take effect; a due one links to its payout form. */
export function NoticeList({
  notices,
  sort,
  desc,
  page,
  more,
}: {
  notices: ListedNotice[];
  sort: string;
  desc: boolean;
  page: number;
  more: boolean;
}) {
  const { t } = useTranslation("staffCooperative");
  const columns = [
    column.accessor("name", {
      header: () => t("notices.column.member"),
      cell: (c) => (
        <span id={`notice-${c.row.original.id}`}>
          {t("notices.memberLine", { name: c.getValue(), number: c.row.original.memberNumber })}
        </span>
      ),
    }),
    column.accessor("quantity", {
      id: "quantity",
      enableSorting: true,
      header: () => t("notices.column.quantity"),
    }),
    column.accessor("valueCents", {
      header: () => t("notices.column.value"),
      cell: (c) => formatEuro(c.getValue()),
    }),
    column.accessor("receivedOn", {
      id: "received",
      enableSorting: true,
      header: () => t("notices.column.received"),
      cell: (c) => formatGermanDate(c.getValue()),
    }),
    column.accessor("effectiveAt", {
      id: "effective",
      enableSorting: true,
      header: () => t("notices.column.effective"),
      cell: (c) => formatGermanDate(c.getValue()),
    }),
    column.accessor("payoutDueBy", {
      header: () => t("notices.column.payoutDueBy"),
      cell: (c) => formatGermanDate(c.getValue()),
    }),
    column.accessor("state", {
      header: () => t("notices.column.state"),
      cell: (c) =>
        c.row.original.paidOn
          ? t("notices.paidOn", { date: formatGermanDate(c.row.original.paidOn) })
          : t(`notices.state.${c.getValue()}`),
    }),
    column.display({
      id: "actions",
      header: () => t("notices.column.actions"),
      cell: (c) =>
        c.row.original.state === "due" ? (
          <Link to={`/staff/cooperative/notices/${c.row.original.id}`} aria-describedby={`notice-${c.row.original.id}`}>
            {t("notices.record")}
          </Link>
        ) : null,
    }),
  ];
  return (
    <StaffTable
      rows={notices}
      columns={columns}
      sort={sort}
      desc={desc}
      page={page}
      more={more}
      caption={t("notices.title")}
      rowKey={(row) => row.id}
    />
  );
}
