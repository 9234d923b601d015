import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { StaffTable } from "~/components/staff/StaffTable";
import { categoryChoices } from "~/domain/catalog/category.server";
import { loadCategoryTree } from "~/domain/catalog/category.server";
import { formatEuro } from "~/domain/money/format";
import { RANGE_FILTERS, RANGE_SORTS, parseRangeFilter, type RangeRow } from "~/domain/range/range";
import { rangeProducts } from "~/domain/range/range.server";
import { filterText, readListQuery } from "~/http/staff/list-query.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { FilterSearch, FilterSelect, StaffFilterForm } from "~/components/staff/StaffFilters";
import { translator } from "~/platform/i18n.server";

/**
 * The range (issue 33 §2): every product, searched by name, brand or SKU, filtered by category and
 * by sold out or reduced, sorted and paged in the URL (StaffTable, a GET form), so it all works
 * without JavaScript.
 */
export const handle = { i18n: ["staff", "staffRange"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "range.read");
  const params = new URL(request.url).searchParams;
  const list = readListQuery(params, { sorts: RANGE_SORTS, defaultSort: "sku" });
  const filter = parseRangeFilter(params.get("show"));
  const text = filterText(params, "q", 100);
  const tree = await loadCategoryTree(context.env.DB);
  const requested = params.get("category") ?? "";
  const category = tree.byId.has(requested) ? requested : undefined;
  const categories = categoryChoices(tree);
  const [{ rows, more }, t] = await Promise.all([
    rangeProducts(context.env.DB, { ...list, filter, text, category }),
    translator("staffRange"),
  ]);
  return {
    title: pageTitle(t("list.title"), t),
    rows,
    more,
    list,
    filter,
    text: text ?? "",
    category: category ?? "",
    categories,
  };
}

const column = createColumnHelper<RangeRow>();

export default function RangeList() {
  const { rows, more, list, filter, text, category, categories } = useLoaderData<typeof loader>();
  const { t } = useTranslation("staffRange");
  const columns = [
    column.accessor("sku", {
      id: "sku",
      header: t("list.column.sku"),
      enableSorting: true,
      cell: (c) => <Link to={`/staff/range/${c.getValue()}`}>{c.getValue()}</Link>,
    }),
    column.accessor("name", {
      id: "name",
      header: t("list.column.name"),
      enableSorting: true,
      cell: (c) =>
        c.row.original.published ? (
          c.getValue()
        ) : (
          <>
            {c.getValue()} <strong className="staff-overdue">{t("list.withdrawn")}</strong>
          </>
        ),
    }),
    column.accessor("brand", { header: t("list.column.brand") }),
    column.accessor("categoryName", { header: t("list.column.category") }),
    column.accessor("priceCents", {
      id: "price",
      header: t("list.column.price"),
      enableSorting: true,
      cell: (c) => (
        <>
          {formatEuro(c.getValue())}
          {c.row.original.regularPriceCents ? (
            <>
              {" "}
              <s className="staff-muted">{formatEuro(c.row.original.regularPriceCents)}</s>
            </>
          ) : null}
        </>
      ),
    }),
    column.accessor("stockQty", {
      id: "stock",
      header: t("list.column.stock"),
      enableSorting: true,
      cell: (c) =>
        c.row.original.stockManaged !== 1 ? (
          t("list.notManaged")
        ) : c.getValue() === 0 ? (
          <strong className="staff-overdue">{t("list.soldOut")}</strong>
        ) : (
          c.getValue()
        ),
    }),
  ];
  return (
    <div className="staff-page">
      <h1>{t("list.title")}</h1>
      <p>{t("list.intro")}</p>
      <StaffFilterForm label={t("list.filterTitle")} sort={list.sort} desc={list.desc}>
        <FilterSearch id="range-q" label={t("list.search")} value={text} />
        <div className="field">
          <label htmlFor="range-category">{t("list.category")}</label>
          <select id="range-category" name="category" defaultValue={category}>
            <option value="">{t("list.allCategories")}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <FilterSelect
          id="range-show"
          name="show"
          label={t("list.filter.label")}
          value={filter}
          options={RANGE_FILTERS}
          text={(f) => t(`list.filter.${f}`)}
        />
      </StaffFilterForm>
      <StaffTable
        rows={rows}
        columns={columns}
        sort={list.sort}
        desc={list.desc}
        page={list.page}
        more={more}
        caption={t("list.caption")}
        rowKey={(row) => row.sku}
      />
    </div>
  );
}
