import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";
import { useTranslation } from "~/i18n/texts";
import {
  activeFilterCount,
  COLUMN_FLAGS,
  SORT_KEYS,
  type FlagKey,
  type ProductFilter,
  type Range,
} from "~/domain/catalog/filters";
import type { FacetValue, ProductListResult } from "~/domain/catalog/listing";

const FLAGS: FlagKey[] = ["sale", ...COLUMN_FLAGS];

/**
 * All filters are one GET form: without JavaScript "Filter anwenden" submits it, with JavaScript
 * every change applies at once as a client navigation (no full reload).
 */
export function FilterPanel({
  filter,
  facets,
  hidden,
  categoryNames,
}: {
  filter: ProductFilter;
  facets: ProductListResult["facets"];
  hidden?: Record<string, string>;
  categoryNames: Record<string, string>;
}) {
  const { t } = useTranslation("catalog");
  const submit = useSubmit();
  const active = activeFilterCount(filter);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    // Typed amounts apply on blur or Enter (the change event), not on every keystroke.
    if (target.type === "number" && event.type !== "change") return;
    submit(event.currentTarget, { replace: true, preventScrollReset: true });
  };
  const form = useRef<HTMLFormElement>(null);
  const location = useLocation();
  // The inputs are uncontrolled (the form works without JavaScript); after a navigation that did
  // not come from them (reset, back button) they are set from the URL again.
  useEffect(() => {
    if (form.current) syncInputs(form.current, new URLSearchParams(location.search));
  }, [location.search]);
  const resetTo = hidden?.q ? `?q=${encodeURIComponent(hidden.q)}` : "?";

  return (
    <Form ref={form} method="get" className="filter-form" onChange={onChange} aria-label={t("filter.title")}>
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="sort-row">
        <label htmlFor="sort">{t("filter.sort")}</label>
        <select id="sort" name="sort" defaultValue={filter.sort}>
          {SORT_KEYS.map((key) => (
            <option key={key} value={key}>
              {t(`filter.sortOptions.${key}`)}
            </option>
          ))}
        </select>
      </div>
      <details className="filter-details">
        <summary className="button button-secondary">
          {t("filter.open")}
          {active ? ` (${t("filter.activeCount", { count: active })})` : ""}
        </summary>
        <div className="filter-groups">
          <fieldset className="filter-group">
            <legend>{t("filter.properties")}</legend>
            <ul className="facet-list">
              {FLAGS.map((flag) => (
                <li key={flag}>
                  <label>
                    <input type="checkbox" name={flag} value="1" defaultChecked={filter.flags.includes(flag)} />
                    {t(`filter.flags.${flag}`)} <span className="facet-count">{`(${facets.flags[flag] ?? 0})`}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <RangeFields name="price" label={t("filter.price")} range={filter.price} scale={100} step="0.01" />
          <RangeFields name="sugar" label={t("filter.sugar")} range={filter.sugar} step="0.1" />
          <RangeFields name="fat" label={t("filter.fat")} range={filter.fat} step="0.1" />
          <FacetGroup
            name="categories"
            label={t("filter.categories")}
            values={facets.categories}
            selected={filter.categories}
            display={(v) => (Object.hasOwn(categoryNames, v) ? categoryNames[v] : v)}
          />
          <FacetGroup name="brands" label={t("filter.brands")} values={facets.brands} selected={filter.brands} />
          <FacetGroup
            name="flavoringIngredients"
            label={t("filter.flavoringIngredients")}
            values={facets.flavoringIngredients}
            selected={filter.flavoringIngredients}
          />
          <AllergenGroup facets={facets} selected={filter.allergens} />
        </div>
        <div className="filter-buttons">
          <button type="submit" className="button button-primary">
            {t("filter.apply")}
          </button>
          <Link to={resetTo} className="button button-secondary" replace>
            {t("filter.reset")}
          </Link>
        </div>
      </details>
      <noscript>
        <button type="submit" className="button button-secondary sort-apply">
          {t("filter.apply")}
        </button>
      </noscript>
    </Form>
  );
}

function syncInputs(form: HTMLFormElement, params: URLSearchParams) {
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement && element.type === "checkbox") {
      element.checked = params.getAll(element.name).includes(element.value);
    } else if (element instanceof HTMLInputElement && element.type === "number") {
      element.value = (params.get(element.name) ?? "").replace(",", ".");
    } else if (element instanceof HTMLSelectElement) {
      element.value = params.get(element.name) ?? element.options[0]?.value ?? "";
    }
  }
}

function RangeFields({
  name,
  label,
  range,
  scale = 1,
  step,
}: {
  name: string;
  label: string;
  range: Range;
  scale?: number;
  step: string;
}) {
  const { t } = useTranslation("catalog");
  const show = (v: number | null) => (v === null ? "" : String(v / scale));
  return (
    <fieldset className="filter-group range">
      <legend>{label}</legend>
      <label>
        <span className="visually-hidden">{t("filter.minNamed", { name: label })}</span>
        <span aria-hidden="true">{t("filter.min")}</span>
        <input
          type="number"
          inputMode="decimal"
          min="0"
          step={step}
          name={`${name}Min`}
          defaultValue={show(range.min)}
        />
      </label>
      <label>
        <span className="visually-hidden">{t("filter.maxNamed", { name: label })}</span>
        <span aria-hidden="true">{t("filter.max")}</span>
        <input
          type="number"
          inputMode="decimal"
          min="0"
          step={step}
          name={`${name}Max`}
          defaultValue={show(range.max)}
        />
      </label>
    </fieldset>
  );
}

function FacetGroup({
  name,
  label,
  values,
  selected,
  display = (v) => v,
}: {
  name: string;
  label: string;
  values: FacetValue[];
  selected: string[];
  display?: (value: string) => string;
}) {
  // A selected value stays visible even when other filters leave no product for it.
  const shown = [
    ...values,
    ...selected.filter((s) => !values.some((v) => v.value === s)).map((value) => ({ value, count: 0 })),
  ];
  if (!shown.length) return null;
  return (
    <fieldset className="filter-group">
      <legend>{label}</legend>
      <ul className="facet-list scrollable">
        {shown.map((v) => (
          <li key={v.value}>
            <label>
              <input type="checkbox" name={name} value={v.value} defaultChecked={selected.includes(v.value)} />
              {display(v.value)} <span className="facet-count">{`(${v.count})`}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function AllergenGroup({ facets, selected }: { facets: ProductListResult["facets"]; selected: string[] }) {
  const { t } = useTranslation(["catalog", "common"]);
  const present = new Set([...facets.allergens.map((a) => a.value), ...selected]);
  if (!present.size) return null;
  return (
    <fieldset className="filter-group">
      <legend>{t("filter.allergens")}</legend>
      <p className="filter-hint">{t("filter.allergensHint")}</p>
      <ul className="facet-list">
        {[...present].sort().map((allergen) => (
          <li key={allergen}>
            <label>
              <input type="checkbox" name="allergens" value={allergen} defaultChecked={selected.includes(allergen)} />
              {t("filter.allergenOption", { name: t(`common:allergens.${allergen}`) })}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
