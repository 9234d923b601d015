import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { StaffTable } from "~/components/staff/StaffTable";
import { storesForStaff } from "~/domain/store/store-admin.server";
import {
  CLICK_AND_COLLECT_FILTERS,
  STORE_SORTS,
  parseClickAndCollectFilter,
  type StoreRow,
} from "~/domain/store/store-list";
import { filterText, readListQuery } from "~/http/staff/list-query.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { FilterSearch, FilterSelect, StaffFilterForm } from "~/components/staff/StaffFilters";
import { translator } from "~/platform/i18n.server";

/**
 * The stores (issue 33 §4): search by name, town or postcode, filter by click & collect, sort and
 * page, all in the URL (StaffTable, a GET form), so it works without JavaScript.
 */
export const handle = { i18n: ["staff", "staffStores"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "stores.read");
  const params = new URL(request.url).searchParams;
  const list = readListQuery(params, { sorts: STORE_SORTS, defaultSort: "city" });
  const clickAndCollect = parseClickAndCollectFilter(params.get("cc"));
  const text = filterText(params, "q", 100);
  const [{ rows, more }, t] = await Promise.all([
    storesForStaff(context.env.DB, { ...list, text, clickAndCollect }),
    translator("staffStores"),
  ]);
  return { title: pageTitle(t("list.title"), t), rows, more, list, clickAndCollect, text: text ?? "" };
}

const column = createColumnHelper<StoreRow>();

export default function StoresList() {
  const { rows, more, list, clickAndCollect, text } = useLoaderData<typeof loader>();
  const { t } = useTranslation("staffStores");
  const columns = [
    column.accessor("name", {
      id: "name",
      header: t("list.column.name"),
      enableSorting: true,
      cell: (c) => <Link to={`/staff/stores/${encodeURIComponent(c.row.original.id)}`}>{c.getValue()}</Link>,
    }),
    column.accessor("city", { id: "city", header: t("list.column.city"), enableSorting: true }),
    column.accessor("zip", { id: "zip", header: t("list.column.zip"), enableSorting: true }),
    column.accessor("clickAndCollect", {
      header: t("list.column.clickAndCollect"),
      cell: (c) => (c.getValue() ? t("list.on") : t("list.off")),
    }),
    column.accessor("capacity", { id: "capacity", header: t("list.column.capacity"), enableSorting: true }),
  ];
  return (
    <div className="staff-page">
      <h1>{t("list.title")}</h1>
      <p>{t("list.intro")}</p>
      <StaffFilterForm label={t("list.filterTitle")} sort={list.sort} desc={list.desc}>
        <FilterSearch id="stores-q" label={t("list.search")} value={text} />
        <FilterSelect
          id="stores-cc"
          name="cc"
          label={t("list.filter.label")}
          value={clickAndCollect}
          options={CLICK_AND_COLLECT_FILTERS}
          text={(f) => t(`list.filter.${f}`)}
        />
      </StaffFilterForm>
      {rows.length ? (
        <StaffTable
          rows={rows}
          columns={columns}
          sort={list.sort}
          desc={list.desc}
          page={list.page}
          more={more}
          caption={t("list.caption")}
          rowKey={(row) => row.id}
        />
      ) : (
        <p>{t("list.empty")}</p>
      )}
    </div>
  );
}
