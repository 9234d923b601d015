import { Form, useLocation, useSearchParams } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "~/i18n/texts";
import { Icon } from "~/components/ui/Icon";
import { MIN_SEARCH_LENGTH } from "~/domain/catalog/search";

// The suggestions island is fetched only once somebody starts typing.
const SearchSuggestions = lazy(() => import("./SearchSuggestions"));

/** Without JavaScript a plain GET form to /search/find; with it, suggestions while typing. */
export function SearchForm() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const current = location.pathname === "/search/find" ? params.get("q") ?? "" : "";
  const [query, setQuery] = useState(current);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    setQuery(current);
    setOpen(false);
  }, [location.key, current]);

  return (
    <div className="header-search" onKeyDown={(e) => { if (e.key === "Escape") setOpen(false); }}>
      <Form method="get" action="/search/find" role="search" className="search-form">
        <label htmlFor="site-search" className="visually-hidden">{t("search.label")}</label>
        <input
          id="site-search"
          type="search"
          name="q"
          value={query}
          onChange={(e) => { setQuery(e.target.value); setOpen(true); }}
          onFocus={() => setOpen(true)}
          placeholder={t("search.placeholder")}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
        />
        <button type="submit" className="search-submit">
          <Icon name="search" />
          <span className="visually-hidden">{t("search.submit")}</span>
        </button>
      </Form>
      {open && query.trim().length > 0 ? (
        <Suspense fallback={null}>
          <SearchSuggestions query={query} minLength={MIN_SEARCH_LENGTH} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
