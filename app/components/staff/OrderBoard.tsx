import { Form, Link } from "@remix-run/react";
import type { ColumnDef } from "@tanstack/react-table";
import { useTranslation } from "~/i18n/texts";
import { StaffTable } from "~/components/staff/StaffTable";
import { formatGermanDate, formatGermanDayWithYear } from "~/domain/content/date";
import { formatWindow } from "~/domain/order/order";
import type { CarrierCode } from "~/domain/checkout/carriers";
import type { BoardCount, BoardFilter, BoardRow, BoardState } from "~/domain/fulfilment/board";

/** The board's filters: a GET form, so each is a URL parameter and it works without JavaScript. */
export function BoardFilters({
  filter,
  states,
  carriers,
}: {
  filter: BoardFilter;
  states: readonly BoardState[];
  carriers: CarrierCode[];
}) {
  const { t } = useTranslation("staffOrders");
  const { t: staff } = useTranslation("staff");
  const { t: orders } = useTranslation("orders");
  return (
    <Form method="get" className="staff-filters" aria-label={t("board.filters")}>
      <div className="field">
        <label htmlFor="board-state">{t("board.state")}</label>
        <select id="board-state" name="state" defaultValue={filter.state}>
          {states.map((state) => (
            <option key={state} value={state}>
              {t(`state.${state}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="board-day">{t("board.day")}</label>
        <input id="board-day" type="date" name="day" defaultValue={filter.day ?? ""} />
      </div>
      {carriers.length > 1 ? (
        <div className="field">
          <label htmlFor="board-carrier">{t("board.carrier")}</label>
          <select id="board-carrier" name="carrier" defaultValue={filter.carrier ?? ""}>
            <option value="">{t("board.anyCarrier")}</option>
            {carriers.map((carrier) => (
              <option key={carrier} value={carrier}>
                {orders(`carrier.${carrier}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <button type="submit" className="button button-primary">
        {staff("list.filter")}
      </button>
      <Link to="?" className="button button-secondary">
        {staff("list.reset")}
      </Link>
    </Form>
  );
}

/** How many open orders are due on which day with which carrier, each a link to those orders. */
export function BoardGlance({ counts }: { counts: BoardCount[] }) {
  const { t } = useTranslation("staffOrders");
  const { t: orders } = useTranslation("orders");
  return (
    <section aria-labelledby="board-glance" className="board-glance">
      <h2 id="board-glance">{t("board.glance")}</h2>
      {counts.length ? (
        <ul>
          {counts.map((c) => (
            <li key={`${c.day}-${c.carrier}`}>
              <Link to={`?state=open&day=${c.day}&carrier=${c.carrier}`}>
                {t("board.glanceEntry", {
                  day: formatGermanDayWithYear(c.day),
                  carrier: orders(`carrier.${c.carrier}`),
                  count: c.count,
                })}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("board.glanceNone")}</p>
      )}
    </section>
  );
}

function useColumns(): ColumnDef<BoardRow, unknown>[] {
  const { t } = useTranslation("staffOrders");
  const { t: orders } = useTranslation("orders");
  return [
    {
      id: "number",
      accessorFn: (row) => row.number,
      header: t("board.column.number"),
      enableSorting: true,
      cell: ({ row }) => <Link to={`/staff/orders/${row.original.number}`}>{row.original.number}</Link>,
    },
    {
      id: "day",
      accessorFn: (row) => row.dueAt,
      header: t("board.column.day"),
      enableSorting: true,
      cell: ({ row }) =>
        row.original.scheduled
          ? t("board.window", { window: formatWindow(row.original.dueAt, row.original.dueEnd) })
          : t("board.express", { date: formatGermanDate(row.original.dueAt) }),
    },
    { id: "carrier", header: t("board.column.carrier"), cell: ({ row }) => orders(`carrier.${row.original.carrier}`) },
    { id: "customer", header: t("board.column.customer"), cell: ({ row }) => row.original.customer },
    {
      id: "picked",
      header: t("board.column.picked"),
      cell: ({ row }) => t("board.pickedCount", { picked: row.original.picked, lines: row.original.lines }),
    },
    {
      id: "state",
      header: t("board.column.state"),
      cell: ({ row }) => (
        <>
          {t(`state.${row.original.state}`)}
          {row.original.withdrawn ? <span className="mark board-withdrawn">{t("board.withdrawn")}</span> : null}
        </>
      ),
    },
  ];
}

export function OrderBoardTable({
  rows,
  sort,
  desc,
  page,
  more,
}: {
  rows: BoardRow[];
  sort: string;
  desc: boolean;
  page: number;
  more: boolean;
}) {
  const { t } = useTranslation("staffOrders");
  return (
    <StaffTable
      rows={rows}
      columns={useColumns()}
      sort={sort}
      desc={desc}
      page={page}
      more={more}
      caption={t("board.caption")}
      rowKey={(row) => String(row.number)}
    />
  );
}
