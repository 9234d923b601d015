import { Form, useLocation, useSearchParams } from "@remix-run/react";
import { Suspense, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n/texts";
import { Icon } from "~/components/ui/Icon";
import { MIN_SEARCH_LENGTH } from "~/domain/catalog/search";
import { useRestoreAfterHydration } from "./hydration";
import { onDemand } from "./on-demand";
import { onPageRestored } from "./useOverlayDisclosure";

// The suggestions island is fetched only once somebody starts typing; without it the form still searches.
const SearchSuggestions = onDemand(undefined, () => import("./SearchSuggestions").then((m) => m.default));
const SUGGESTIONS_ID = "search-suggestions";
const suggestionId = (index: number) => `${SUGGESTIONS_ID}-${index}`;

/**
 * Without JavaScript a plain GET form to /search/find. With it, the search box is a combobox
 * (WAI-ARIA "combobox with listbox popup"): suggestions open on typing, not on focus; ArrowDown
 * and ArrowUp move through them while focus stays in the box, Enter follows the active one (or
 * searches), Escape closes them, and so does focus leaving the search.
 */
export function SearchForm() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const hydrated = useHydrated();
  const current = location.pathname === "/search/find" ? (params.get("q") ?? "") : "";
  const [query, setQuery] = useState(current);
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState(0);
  const [active, setActive] = useState(-1);
  const box = useRef<HTMLInputElement>(null);
  // What was typed into the box before the page hydrated stays in it.
  useRestoreAfterHydration(() => setQuery(box.current?.value ?? current));
  // A new page shows its own search term; the page the box was hydrated on keeps what was typed.
  const shownFor = useRef({ key: location.key, current });
  useEffect(() => {
    if (shownFor.current.key === location.key && shownFor.current.current === current) return;
    shownFor.current = { key: location.key, current };
    setQuery(current);
    setOpen(false);
  }, [location.key, current]);
  useEffect(() => setActive(-1), [query, open, count]);
  useEffect(() => onPageRestored(() => setOpen(false)), []);
  const expanded = open && count > 0;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!expanded) return setOpen(true);
      setActive(event.key === "ArrowDown" ? (active + 1) % count : active <= 0 ? count - 1 : active - 1);
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault();
      document.getElementById(suggestionId(active))?.click();
    } else if (event.key === "Escape" && open) {
      // Escape would also empty a search field; with suggestions open it only closes them.
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: closes the overlay when focus leaves the search; the inputs inside are the interactive elements
    <div
      className="header-search"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <Form method="get" action="/search/find" role="search" className="search-form">
        <label htmlFor="site-search" className="visually-hidden">
          {t("search.label")}
        </label>
        <input
          ref={box}
          id="site-search"
          type="search"
          name="q"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          placeholder={t("search.placeholder")}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          {...(hydrated
            ? ({
                role: "combobox",
                "aria-autocomplete": "list",
                "aria-expanded": expanded,
                "aria-controls": SUGGESTIONS_ID,
                "aria-activedescendant": expanded && active >= 0 ? suggestionId(active) : undefined,
              } as const)
            : {})}
        />
        <button type="submit" className="search-submit">
          <Icon name="search" />
          <span className="visually-hidden">{t("search.submit")}</span>
        </button>
      </Form>
      {open && query.trim().length > 0 ? (
        <Suspense fallback={null}>
          <SearchSuggestions
            id={SUGGESTIONS_ID}
            query={query}
            minLength={MIN_SEARCH_LENGTH}
            active={active}
            onCount={setCount}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
