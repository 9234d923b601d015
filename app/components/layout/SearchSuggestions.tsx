import { Link, useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/texts";
import type { SearchSuggestionsResult } from "~/domain/catalog/search";
import { formatEuro } from "~/domain/money/format";
import { categoryHref } from "./CategoryMenu";

const DEBOUNCE_MS = 250;

/** The search overlay: category suggestions and top products while typing (a JavaScript island). */
export default function SearchSuggestions({ query, minLength, onClose }: {
  query: string;
  minLength: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<SearchSuggestionsResult>();
  const trimmed = query.trim();
  const longEnough = trimmed.length >= minLength;

  useEffect(() => {
    if (!longEnough) return;
    const timer = setTimeout(() => fetcher.load(`/search/suggest?q=${encodeURIComponent(trimmed)}`), DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Deliberately not depending on `fetcher`: its identity changes with every load.
  }, [trimmed, longEnough]);

  const data = fetcher.data;
  const count = data ? data.categories.length + data.products.length : 0;
  return (
    <div className="search-overlay" role="region" aria-label={t("search.suggestions")}>
      <p className="search-status" aria-live="polite">
        {!longEnough
          ? t("search.minLength", { count: minLength })
          : !data || fetcher.state === "loading"
            ? t("search.loading")
            : count
              ? t("search.resultsAnnouncement", { count })
              : t("search.noHits", { query: trimmed })}
      </p>
      {longEnough && data ? (
        <>
          {data.categories.length ? (
            <>
              <h2 className="search-heading">{t("search.categories")}</h2>
              <ul className="search-list">
                {data.categories.map((c) => (
                  <li key={c.id}><Link to={categoryHref(c.id)}>{c.name}</Link></li>
                ))}
              </ul>
            </>
          ) : null}
          {data.products.length ? (
            <>
              <h2 className="search-heading">{t("search.products")}</h2>
              <ul className="search-list">
                {data.products.map((p) => (
                  <li key={p.sku}>
                    <Link to={`/catalog/product/${p.sku}`} className="search-product">
                      <img src={`/images/products/${p.sku}.svg`} alt="" width="40" height="40" loading="lazy" />
                      <span>{p.name}<small>{p.brand}</small></span>
                      <span className="search-price">{formatEuro(p.priceCents)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <Link className="search-all" to={`/search/find?q=${encodeURIComponent(trimmed)}`}>
            {t("search.showAll", { query: trimmed })}
          </Link>
        </>
      ) : null}
      <button type="button" className="search-close" onClick={onClose}>{t("search.close")}</button>
    </div>
  );
}
