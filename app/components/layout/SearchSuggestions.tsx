import { Link, useFetcher } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "~/i18n/texts";
import type { OverlaySuggestions } from "~/domain/catalog/search";
import { formatEuro } from "~/domain/money/format";
import { categoryHref, productHref } from "~/domain/catalog/href";

const DEBOUNCE_MS = 250;

/**
 * The search box's popup (a JavaScript island): category suggestions, top products and "show all"
 * as the options of a listbox. The options are links, so a click (or a middle click) works as
 * usual; they are no Tab stops: the search box keeps focus and points at the active one
 * (`aria-activedescendant`, option ids `{id}-{index}`). A press inside the popup does not take
 * focus away from the box, which would close it.
 */
export default function SearchSuggestions({
  id,
  query,
  minLength,
  active,
  onCount,
}: {
  id: string;
  query: string;
  minLength: number;
  active: number;
  onCount: (count: number) => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<OverlaySuggestions>();
  const trimmed = query.trim();
  const longEnough = trimmed.length >= minLength;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `fetcher` changes identity with every load; watching it would load again and again
  useEffect(() => {
    if (!longEnough) return;
    const timer = setTimeout(() => fetcher.load(`/search/suggest?q=${encodeURIComponent(trimmed)}`), DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Deliberately not depending on `fetcher`: its identity changes with every load.
  }, [trimmed, longEnough]);

  const data = longEnough ? fetcher.data : undefined;
  const count = data ? data.categories.length + data.products.length : 0;
  // "Alle Ergebnisse" is the last option whenever there are suggestions at all.
  const options = count ? count + 1 : 0;
  useEffect(() => {
    onCount(options);
    return () => onCount(0);
  }, [options, onCount]);
  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, id]);

  let index = 0;
  const option = (to: string, className: string | undefined, children: ReactNode) => {
    const current = index++;
    return (
      <Link
        id={`${id}-${current}`}
        role="option"
        aria-selected={current === active}
        tabIndex={-1}
        to={to}
        className={current === active ? `${className ?? ""} is-active` : className}
      >
        {children}
      </Link>
    );
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keeps focus in the search field while an option is clicked; the options are links
    <div className="search-overlay" onMouseDown={(event) => event.preventDefault()}>
      <p className="search-status" aria-live="polite">
        {!longEnough
          ? t("search.minLength", { count: minLength })
          : !data || fetcher.state === "loading"
            ? t("search.loading")
            : count
              ? t("search.resultsAnnouncement", { count })
              : t("search.noHits", { query: trimmed })}
      </p>
      {data && count ? (
        <div id={id} role="listbox" aria-label={t("search.suggestions")}>
          {data.categories.length ? (
            // biome-ignore lint/a11y/useSemanticElements: an ARIA group inside a listbox; a fieldset is no listbox group
            <div role="group" aria-labelledby={`${id}-categories`} className="search-list">
              <p id={`${id}-categories`} className="search-heading" role="presentation">
                {t("search.categories")}
              </p>
              {data.categories.map((c) => (
                <div key={c.id} role="none">
                  {option(categoryHref(c.id), undefined, c.name)}
                </div>
              ))}
            </div>
          ) : null}
          {data.products.length ? (
            // biome-ignore lint/a11y/useSemanticElements: an ARIA group inside a listbox; a fieldset is no listbox group
            <div role="group" aria-labelledby={`${id}-products`} className="search-list">
              <p id={`${id}-products`} className="search-heading" role="presentation">
                {t("search.products")}
              </p>
              {data.products.map((p) => (
                <div key={p.sku} role="none">
                  {option(
                    productHref(p.sku),
                    "search-product",
                    <>
                      <img src={p.image} alt="" width="40" height="40" loading="lazy" />
                      <span>
                        {p.name}
                        <small>{p.brand}</small>
                      </span>
                      <span className="search-price">{formatEuro(p.priceCents)}</span>
                    </>,
                  )}
                </div>
              ))}
            </div>
          ) : null}
          {option(
            `/search/find?q=${encodeURIComponent(trimmed)}`,
            "search-all",
            t("search.showAll", { query: trimmed }),
          )}
        </div>
      ) : null}
    </div>
  );
}
