import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";

/**
 * A back-office list's filters: a GET form whose fields are URL parameters, keeping the list's
 * sort, so filtering works without JavaScript and the address says what is shown.
 */
export function StaffFilterForm({
  label,
  sort,
  desc,
  children,
}: {
  label: string;
  sort: string;
  desc: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation("staff");
  return (
    <Form method="get" className="staff-filters" aria-label={label}>
      <input type="hidden" name="sort" value={sort} />
      <input type="hidden" name="dir" value={desc ? "desc" : "asc"} />
      {children}
      <button type="submit" className="button button-secondary">
        {t("list.filter")}
      </button>
    </Form>
  );
}

/** The list's search field. */
export function FilterSearch({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name="q" type="search" defaultValue={value} />
    </div>
  );
}

/** One filter as a choice of its values, each with its text. */
export function FilterSelect<Value extends string>({
  id,
  name,
  label,
  value,
  options,
  text,
}: {
  id: string;
  name: string;
  label: string;
  value: Value;
  options: readonly Value[];
  text: (option: Value) => string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        {options.map((option) => (
          <option key={option} value={option}>
            {text(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
