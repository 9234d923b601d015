import { Link, useFetcher, useLocation } from "@remix-run/react";
import { startTransition, useEffect, useState } from "react";
import { useTranslation } from "~/i18n/texts";
import { ProductGrid } from "~/components/product/ProductTile";
import { productFilterParams, type ProductFilter } from "~/domain/catalog/filters";
import type { ProductListResult } from "~/domain/catalog/listing";
import type { ProductSummary } from "~/domain/catalog/product";
import { germanDigits } from "~/domain/catalog/number-format";
import { FilterPanel } from "./FilterPanel";

export interface ListingData {
  filter: ProductFilter;
  result: ProductListResult;
  categoryNames: Record<string, string>;
}

/**
 * Filters, the result count, one page of 60 tiles and "more". Without JavaScript "more" is a link
 * to the next page; with JavaScript the next page is fetched and appended in place.
 */
export function ProductListing({ data, hidden }: { data: ListingData; hidden?: Record<string, string> }) {
  const { t } = useTranslation("catalog");
  const location = useLocation();
  const fetcher = useFetcher<ListingData>();
  const [appended, setAppended] = useState<{ products: ProductSummary[]; page: number; hasMore: boolean } | null>(null);
  useEffect(() => setAppended(null), [location.search]);
  useEffect(() => {
    const next = fetcher.data;
    if (!next || fetcher.state !== "idle") return;
    // a transition: the new tiles show once their code is there (ProductTile.tsx)
    startTransition(() =>
      setAppended((prev) => ({
        products: [...(prev?.products ?? []), ...next.result.products],
        page: next.filter.page,
        hasMore: next.result.hasMore,
      })),
    );
  }, [fetcher.data, fetcher.state]);

  const { filter, result } = data;
  const page = appended?.page ?? filter.page;
  const hasMore = appended?.hasMore ?? result.hasMore;
  const withHidden = (params: URLSearchParams) => {
    for (const [k, v] of Object.entries(hidden ?? {})) params.set(k, v);
    return `?${params}`;
  };
  const nextHref = `${location.pathname}${withHidden(productFilterParams(filter, { page: page + 1 }))}`;
  const previousHref = withHidden(productFilterParams(filter, { page: filter.page - 1 }));

  return (
    <div className="listing">
      <FilterPanel filter={filter} facets={result.facets} hidden={hidden} categoryNames={data.categoryNames} />
      <p className="listing-count" role="status">
        {t("list.count", { count: result.total, total: germanDigits(result.total) })}
      </p>
      {result.matchLimit ? (
        <p className="listing-note">{t("list.moreMatches", { limit: germanDigits(result.matchLimit) })}</p>
      ) : null}
      {result.products.length ? (
        <>
          {filter.page > 1 ? (
            <Link className="button button-secondary listing-previous" to={previousHref}>
              {t("list.previous")}
            </Link>
          ) : null}
          <h2 className="visually-hidden">{t("list.products")}</h2>
          <ProductGrid
            products={[...result.products, ...(appended?.products ?? [])]}
            eagerCount={2}
            label={t("list.products")}
          />
          {hasMore ? (
            <Link
              className="button button-secondary listing-more"
              to={nextHref}
              preventScrollReset
              onClick={(event) => {
                event.preventDefault();
                if (fetcher.state === "idle") fetcher.load(nextHref);
              }}
              aria-busy={fetcher.state !== "idle"}
            >
              {t("list.more")}
            </Link>
          ) : null}
        </>
      ) : (
        <div className="listing-empty">
          <p>{t("list.empty")}</p>
          <Link to={hidden?.q ? `?q=${encodeURIComponent(hidden.q)}` : "?"} className="button button-secondary">
            {t("list.resetFilters")}
          </Link>
        </div>
      )}
    </div>
  );
}
