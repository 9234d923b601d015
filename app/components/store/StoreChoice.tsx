import { useEffect, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n/texts";
import { useRestoreAfterHydration } from "~/components/layout/hydration";
import { addressLine } from "~/domain/address/format";
import { STORE_SEARCH_MAX_LENGTH, formatDistance, storeChoice, type StoreCandidate } from "~/domain/store/choice";

/** The name and value a button sends when it submits its form (without JavaScript). */
interface SubmitAs {
  name?: string;
  value?: string;
}

/**
 * One store out of many, nearest first (decision 0023): a search field, the nearest stores as
 * radio buttons with their distance, and "Weitere Märkte anzeigen". Without JavaScript the search
 * and "more" buttons submit the surrounding form (`searchAs`, `moreAs` say with which name and value)
 * and the server renders the same choice; with JavaScript the list filters as the customer types,
 * from the candidates already on the page, and the buttons stop sending anything.
 */
export function StoreChoice({
  id,
  candidates,
  postcode,
  search,
  showAll,
  chosenId,
  radioName,
  searchName,
  searchAs,
  moreAs,
  legend,
  errors,
  errorId,
}: {
  id: string;
  candidates: StoreCandidate[];
  postcode: string | null;
  search: string;
  showAll: boolean;
  chosenId: string | null;
  radioName: string;
  searchName: string;
  searchAs: SubmitAs;
  moreAs: SubmitAs;
  legend: string;
  errors?: ReactNode;
  errorId?: string;
}) {
  const { t } = useTranslation("common");
  const hydrated = useHydrated();
  const [query, setQuery] = useState(search);
  const [all, setAll] = useState(showAll);
  const [chosen, setChosen] = useState(chosenId);
  const searchBox = useRef<HTMLInputElement>(null);
  // A search typed or a store chosen before the page hydrated stays (the radios are React's).
  useRestoreAfterHydration(() => {
    const box = searchBox.current;
    if (!box) return;
    setQuery(box.value);
    const radios = box.form?.elements.namedItem(radioName);
    if (radios instanceof RadioNodeList && radios.value) setChosen(radios.value);
    else if (radios instanceof HTMLInputElement && radios.checked) setChosen(radios.value);
  });
  const choice = storeChoice(candidates, { postcode, search: query, chosenId: chosen, showAll: all });
  const hintId = `${id}-search-hint`;
  // "Weitere Märkte anzeigen" disappears once used: focus goes to the first store it added, not
  // to <body> (WCAG 2.4.3). The ref holds how many stores the list showed before.
  const list = useRef<HTMLUListElement>(null);
  const shownBefore = useRef<number | null>(null);
  useEffect(() => {
    if (!all || shownBefore.current === null) return;
    const radios = list.current?.querySelectorAll<HTMLInputElement>("input[type=radio]");
    radios?.[shownBefore.current]?.focus();
    shownBefore.current = null;
  }, [all]);
  return (
    <fieldset className="store-choice" aria-describedby={errorId}>
      <legend>{legend}</legend>
      <div className="field store-search">
        <label htmlFor={`${id}-search`}>{t("storeChoice.search")}</label>
        <div className="store-search-row">
          <input
            ref={searchBox}
            type="search"
            id={`${id}-search`}
            name={searchName}
            defaultValue={search}
            maxLength={STORE_SEARCH_MAX_LENGTH}
            autoComplete="off"
            enterKeyHint="search"
            aria-describedby={hintId}
            onChange={(e) => setQuery(e.currentTarget.value)}
            // With JavaScript the list is filtered already: Enter must not send the whole form.
            onKeyDown={(e) => {
              if (e.key === "Enter") e.preventDefault();
            }}
          />
          {hydrated ? null : (
            <button type="submit" className="button button-secondary" formNoValidate {...searchAs}>
              {t("storeChoice.searchButton")}
            </button>
          )}
        </div>
        <p className="field-hint" id={hintId}>
          {t("storeChoice.searchHint")}
        </p>
      </div>
      <p className="field-hint store-choice-status" role="status">
        {choice.search && !choice.matches
          ? t("storeChoice.noMatch", { search: choice.search })
          : choice.search && choice.origin === choice.search
            ? t("storeChoice.nearPostcode", { postcode: choice.origin })
            : choice.search
              ? t("storeChoice.matches", { count: choice.matches, search: choice.search })
              : choice.origin
                ? t("storeChoice.nearYou", { postcode: choice.origin })
                : t("storeChoice.byPlace")}
      </p>
      <ul className="store-options" ref={list}>
        {choice.options.map((s) => (
          <li key={s.id}>
            <label className="choice">
              <input
                type="radio"
                name={radioName}
                value={s.id}
                checked={s.id === chosen}
                onChange={() => setChosen(s.id)}
              />
              <span className="choice-text">
                <strong>{s.name}</strong> <span>{addressLine(s)}</span>{" "}
                {s.distanceKm === null ? null : (
                  <span className="store-distance">
                    {t("storeChoice.distance", { distance: formatDistance(s.distanceKm) })}
                  </span>
                )}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {errors}
      {choice.more > 0 ? (
        <button
          type={hydrated ? "button" : "submit"}
          className="button button-secondary"
          formNoValidate
          {...(hydrated
            ? {
                onClick: () => {
                  shownBefore.current = choice.options.length;
                  setAll(true);
                },
              }
            : moreAs)}
        >
          {t("storeChoice.more", { count: choice.more })}
        </button>
      ) : null}
    </fieldset>
  );
}
