import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { ProductListing } from "~/components/catalog/ProductListing";
import { categoryHref } from "~/domain/catalog/href";
import { activeFilterCount } from "~/domain/catalog/filters";
import { parseProductFilter } from "~/domain/catalog/filter-params.server";
import { searchListing } from "~/domain/catalog/listing.server";
import { MIN_SEARCH_LENGTH, searchQueryOf } from "~/domain/catalog/search";
import { translator } from "~/platform/i18n.server";
import { publicPage } from "~/platform/route-data.server";
import { searchTracking } from "~/http/tracking/page.server";

export const handle = { i18n: ["common", "catalog"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const query = searchQueryOf(params);
  const filter = parseProductFilter(params);
  const [{ mains, result }, t, common] = await Promise.all([
    searchListing(context.env.DB, query, filter),
    translator("catalog"),
    translator("common"),
  ]);
  return publicPage(context, {
    query,
    tooShort: query.length > 0 && !result,
    filter,
    result,
    mains,
    categoryNames: Object.fromEntries(mains.map((c) => [c.id, c.name])),
    title: pageTitle(query ? t("search.titleFor", { query }) : t("search.title"), common),
    description: result?.total ? t("search.description", { count: result.total, query }) : null,
    // a result list for a plain query is worth finding from outside; empty, too short or filtered ones are not
    indexable: !!result?.total && activeFilterCount(filter) === 0,
    // the search term with its result count, sent by the tracker where statistics are allowed
    tracking: searchTracking(query, result ? result.total : null),
  });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "Suche" },
  ...(data?.description ? [{ name: "description", content: data.description }] : []),
  { name: "robots", content: data?.indexable ? "index, follow" : "noindex, follow" },
];

export default function SearchPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalog");
  const unfilteredEmpty = data.result?.total === 0 && activeFilterCount(data.filter) === 0;
  return (
    <div className="page search-page">
      <h1>{data.query ? t("search.titleFor", { query: data.query }) : t("search.prompt")}</h1>
      {!data.query || data.tooShort ? (
        <Form method="get" action="/search/find" className="search-page-form" role="search">
          <label htmlFor="search-page-q">{t("search.prompt")}</label>
          <div className="inline-field">
            <input
              id="search-page-q"
              type="search"
              name="q"
              defaultValue={data.query}
              minLength={MIN_SEARCH_LENGTH}
              maxLength={100}
              aria-describedby="search-hint"
              aria-invalid={data.tooShort || undefined}
            />
            <button type="submit" className="button button-primary">
              {t("common:search.submit")}
            </button>
          </div>
          <p id="search-hint" className={data.tooShort ? "field-error" : "field-hint"}>
            {t("search.tooShort", { count: MIN_SEARCH_LENGTH })}
          </p>
        </Form>
      ) : null}
      {data.result && !unfilteredEmpty ? (
        <ProductListing data={{ ...data, result: data.result }} hidden={{ q: data.query }} />
      ) : null}
      {unfilteredEmpty || !data.result ? (
        <section className="search-empty" aria-labelledby="search-empty-title">
          {unfilteredEmpty ? (
            <>
              <h2 id="search-empty-title">{t("search.emptyHeadline", { query: data.query })}</h2>
              <p>{t("search.emptyTips")}</p>
              <ul>
                <li>{t("search.tipSpelling")}</li>
                <li>{t("search.tipGeneral")}</li>
              </ul>
            </>
          ) : (
            <h2 id="search-empty-title" className="visually-hidden">
              {t("search.browseCategories")}
            </h2>
          )}
          <p>{t("search.browseCategories")}</p>
          <ul className="chip-list">
            {data.mains.map((c) => (
              <li key={c.id}>
                <Link className="chip" to={categoryHref(c.id)}>
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
