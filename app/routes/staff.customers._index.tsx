import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { StaffTable } from "~/components/staff/StaffTable";
import { formatGermanDate } from "~/domain/content/date";
import { CUSTOMER_SORTS, SEARCH_KINDS, parseSearchKind } from "~/domain/support/search";
import { findCustomers, type CustomerHit } from "~/domain/support/search.server";
import { pageTitle, useTranslation } from "~/i18n/texts";
import { filterText, readListQuery } from "~/http/staff/list-query.server";
import { requireStaff } from "~/http/staff/staff-identity.server";
import { translator } from "~/platform/i18n.server";

export const handle = { i18n: ["staff", "staffCustomers"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

/** Support's search: one text, what it is (or everything), results sorted and paged in the URL. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "customers.read");
  const params = new URL(request.url).searchParams;
  const list = readListQuery(params, { sorts: CUSTOMER_SORTS, defaultSort: "name", pageSize: 25 });
  const search = { kind: parseSearchKind(params.get("kind")), text: filterText(params, "q") };
  const [t, found] = await Promise.all([translator("staffCustomers"), findCustomers(context.env.DB, search, list)]);
  return { title: pageTitle(t("search.title"), t), ...search, ...list, ...found };
}

type Row = CustomerHit;
const column = createColumnHelper<Row>();

export default function StaffCustomers() {
  const { kind, text, hits, more, sort, desc, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation("staffCustomers");
  const columns = [
    column.accessor((row) => `${row.lastname}, ${row.firstname}`, {
      id: "name",
      header: t("column.name"),
      enableSorting: true,
      cell: (info) => (
        <Link to={`/staff/customers/${info.row.original.id}`}>
          {info.row.original.erasedAt ? t("account.erasedName") : info.getValue()}
        </Link>
      ),
    }),
    column.accessor("email", { id: "email", header: t("column.email"), enableSorting: true }),
    column.accessor("id", { id: "number", header: t("column.number") }),
    column.accessor((row) => (row.erasedAt ? "erased" : row.status), {
      id: "status",
      header: t("column.status"),
      cell: (info) => t(`status.${info.getValue()}`),
    }),
    column.accessor("createdAt", {
      id: "created",
      header: t("column.created"),
      enableSorting: true,
      cell: (info) => formatGermanDate(info.getValue()),
    }),
  ];
  return (
    <div className="staff-page">
      <h1>{t("search.title")}</h1>
      <p>{t("search.intro")}</p>
      <Form method="get" className="staff-filters" role="search" aria-label={t("search.title")}>
        <div className="field">
          <label htmlFor="customer-search">{t("search.text")}</label>
          <input id="customer-search" name="q" type="search" defaultValue={text ?? ""} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="customer-search-kind">{t("search.kind")}</label>
          <select id="customer-search-kind" name="kind" defaultValue={kind}>
            {SEARCH_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`search.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-primary">
          {t("search.submit")}
        </button>
      </Form>
      {text ? (
        hits.length === 0 && page === 1 ? (
          <p role="status">{t("search.none", { text })}</p>
        ) : (
          <StaffTable
            rows={hits}
            columns={columns}
            sort={sort}
            desc={desc}
            page={page}
            more={more}
            caption={t("search.results")}
            rowKey={(row) => String(row.id)}
          />
        )
      ) : (
        <p>{t("search.hint")}</p>
      )}
    </div>
  );
}
