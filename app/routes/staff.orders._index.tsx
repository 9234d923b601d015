import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { BoardFilters, BoardGlance, OrderBoardTable } from "~/components/staff/OrderBoard";
import { BOARD_SORTS, BOARD_STATES } from "~/domain/fulfilment/board";
import { boardOrders, openOrderCounts } from "~/domain/fulfilment/board.server";
import { scopeOf } from "~/domain/fulfilment/scope";
import { findStore } from "~/domain/store/store.server";
import { readBoardFilter, scopeCarriers } from "~/http/staff/fulfilment.server";
import { readListQuery } from "~/http/staff/list-query.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import { translator } from "~/platform/i18n.server";

export const handle = { i18n: ["staff", "staffOrders", "orders"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

/**
 * The fulfilment board (issue 32): a store's click & collect orders, or the warehouse's deliveries,
 * paid and waiting, by day and carrier; filters, sort and page in the URL.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context, "orders.read");
  const db = context.env.DB;
  const scope = scopeOf(staff);
  const params = new URL(request.url).searchParams;
  const list = readListQuery(params, { sorts: BOARD_SORTS, defaultSort: "day" });
  const filter = readBoardFilter(params, scope);
  const [t, store, board, counts] = await Promise.all([
    translator("staffOrders"),
    scope.kind === "store" ? findStore(db, scope.storeId) : null,
    boardOrders(db, scope, filter, list),
    openOrderCounts(db, scope),
  ]);
  return {
    title: pageTitle(t("board.title"), t),
    intro:
      scope.kind === "store"
        ? t("board.introStore", { store: store?.name ?? scope.storeId })
        : t("board.introWarehouse"),
    filter,
    states: BOARD_STATES.filter((state) => state !== (scope.kind === "store" ? "shipped" : "ready")),
    carriers: scopeCarriers(scope),
    counts,
    ...board,
    ...list,
  };
}

export default function OrderBoardPage() {
  const { intro, filter, states, carriers, counts, rows, more, sort, desc, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation("staffOrders");
  return (
    <div className="staff-orders">
      <h1>{t("board.title")}</h1>
      <p>{intro}</p>
      <BoardGlance counts={counts} />
      <BoardFilters filter={filter} states={states} carriers={carriers} />
      <OrderBoardTable rows={rows} sort={sort} desc={desc} page={page} more={more} />
    </div>
  );
}
