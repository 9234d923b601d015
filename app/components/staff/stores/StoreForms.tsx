import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { CheckboxField, FieldErrors, FormMessage, SelectField, TextField } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import { formatGermanDateTime, formatGermanDayWithYear } from "~/domain/content/date";
import { GERMAN_STATES } from "~/domain/store/holidays";
import { dayHoursText } from "~/domain/store/hours";
import {
  WEEKDAYS,
  closeDaySchema,
  holidaysSchema,
  reopenDaySchema,
  specialDaySchema,
  storeHoursSchema,
  storePickupSchema,
  type DayField,
} from "~/domain/store/schema";
import { type DayHours, formatDayHours, type SpecialDay } from "~/domain/store/store";
import { useTranslation } from "~/i18n/texts";

/** The intent's button and the version the page showed: every store form sends both. */
function FormBasics({ intent, version }: { intent: string; version: number }) {
  return (
    <>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={intent} />
      {/* from the loader: after "changed meanwhile" it is the current version */}
      <input type="hidden" name="version" value={version} />
    </>
  );
}

function HoursInput({ field, label }: { field: FieldMetadata<unknown>; label: string }) {
  const props = getInputProps(field, { type: "text", ariaAttributes: false });
  const invalid = Boolean(field.errors?.length);
  return (
    <div className={invalid ? "field has-error" : "field"}>
      {/* hidden beside the table's column headers; on a phone the rows stack and it shows */}
      <label htmlFor={field.id} className="staff-hours-label">
        {label}
      </label>
      <input
        {...props}
        key={props.key}
        size={24}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? field.errorId : undefined}
      />
      <FieldErrors field={field} />
    </div>
  );
}

export function StoreHoursForm({
  week,
  version,
  lastResult,
}: {
  week: { opening: DayHours[]; staffed: DayHours[] };
  version: number;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("staffStores");
  const { t: tp } = useTranslation("pages");
  const days = tp("stores.weekdaysLong", { returnObjects: true }) as string[];
  const defaultValue = Object.fromEntries(
    WEEKDAYS.flatMap((d) => [
      [`opening${d}`, dayHoursText(week.opening[d] ?? [])],
      [`staffed${d}`, dayHoursText(week.staffed[d] ?? [])],
    ]),
  );
  const [form, fields] = useForm({
    id: "store-hours",
    lastResult,
    defaultValue,
    ...zodValidation(storeHoursSchema),
  });
  const field = (name: DayField) => fields[name] as FieldMetadata<unknown>;
  return (
    <section aria-labelledby="store-hours-title" className="staff-store-section">
      <h2 id="store-hours-title">{t("hours.title")}</h2>
      <p className="field-hint" id="store-hours-hint">
        {t("hours.hint")}
      </p>
      <Form method="post" {...getFormProps(form)} noValidate aria-describedby="store-hours-hint">
        <FormBasics intent="hours" version={version} />
        <FormMessage errors={form.errors} id={form.errorId} />
        <div className="table-scroll">
          <table className="staff-table staff-hours-table">
            <caption className="visually-hidden">{t("hours.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("hours.weekday")}</th>
                <th scope="col">{t("hours.opening")}</th>
                <th scope="col">{t("hours.staffed")}</th>
              </tr>
            </thead>
            <tbody>
              {WEEKDAYS.map((d) => (
                <tr key={d}>
                  <th scope="row">{days[d]}</th>
                  <td>
                    <HoursInput field={field(`opening${d}`)} label={t("hours.openingLabel", { day: days[d] })} />
                  </td>
                  <td>
                    <HoursInput field={field(`staffed${d}`)} label={t("hours.staffedLabel", { day: days[d] })} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <button type="submit" className="button button-primary">
          {t("hours.submit")}
        </button>
      </Form>
    </section>
  );
}

export function StorePickupForm({
  clickAndCollect,
  capacity,
  version,
  lastResult,
}: {
  clickAndCollect: boolean;
  capacity: number;
  version: number;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("staffStores");
  const [form, fields] = useForm({
    id: "store-pickup",
    lastResult,
    defaultValue: { clickAndCollect: clickAndCollect ? "on" : undefined, capacity: String(capacity) },
    ...zodValidation(storePickupSchema),
  });
  return (
    <section aria-labelledby="store-pickup-title" className="staff-store-section">
      <h2 id="store-pickup-title">{t("pickup.title")}</h2>
      <Form method="post" {...getFormProps(form)} noValidate>
        <FormBasics intent="pickup" version={version} />
        <FormMessage errors={form.errors} id={form.errorId} />
        <CheckboxField field={fields.clickAndCollect}>{t("pickup.enabled")}</CheckboxField>
        <TextField
          field={fields.capacity}
          label={t("pickup.capacity")}
          inputMode="numeric"
          hint={t("pickup.capacityHint")}
        />
        <button type="submit" className="button button-primary">
          {t("pickup.submit")}
        </button>
      </Form>
    </section>
  );
}

export function ClosedDaysSection({
  specialDays,
  version,
  today,
  lastResult,
  reopenResult,
}: {
  specialDays: SpecialDay[];
  version: number;
  today: string;
  lastResult?: SubmissionResult<string[]>;
  reopenResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("staffStores");
  const [form, fields] = useForm({
    id: "store-close-day",
    lastResult,
    ...zodValidation(closeDaySchema),
  });
  const [reopenForm] = useForm({ id: "store-reopen", lastResult: reopenResult, ...zodValidation(reopenDaySchema) });
  return (
    <section aria-labelledby="store-closed-title" className="staff-store-section">
      <h2 id="store-closed-title">{t("closed.title")}</h2>
      <p>{t("closed.intro")}</p>
      <FormMessage errors={reopenForm.errors} id={reopenForm.errorId} />
      {specialDays.length ? (
        <ul className="staff-closed-days" aria-label={t("closed.caption")}>
          {specialDays.map((c) => (
            <li key={c.day}>
              <span>
                {`${formatGermanDayWithYear(c.day)}${c.reason ? ` – ${c.reason}` : ""}: `}
                {c.opening
                  ? t("special.hours", {
                      opening: formatDayHours(c.opening),
                      staffed: formatDayHours(c.staffed ?? []) ?? t("special.unstaffed"),
                    })
                  : t("special.closed")}
              </span>
              <Form method="post">
                <FormBasics intent="reopen" version={version} />
                <input type="hidden" name="day" value={c.day} />
                <button
                  type="submit"
                  className="button button-secondary button-small"
                  aria-label={t("closed.reopenLabel", { day: formatGermanDayWithYear(c.day) })}
                >
                  {t("closed.reopen")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("closed.none")}</p>
      )}
      <Form method="post" {...getFormProps(form)} noValidate className="staff-inline-form">
        <FormBasics intent="closeDay" version={version} />
        <FormMessage errors={form.errors} id={form.errorId} />
        <DateField field={fields.day} label={t("closed.day")} min={today} />
        <TextField field={fields.reason} label={t("closed.reason")} required={false} />
        <button type="submit" className="button button-primary">
          {t("closed.submit")}
        </button>
      </Form>
    </section>
  );
}

function DateField({ field, label, min }: { field: FieldMetadata<unknown>; label: string; min: string }) {
  const props = getInputProps(field, { type: "date", ariaAttributes: false });
  const invalid = Boolean(field.errors?.length);
  return (
    <div className={invalid ? "field has-error" : "field"}>
      <label htmlFor={field.id}>{label}</label>
      <input
        {...props}
        key={props.key}
        min={min}
        required
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? field.errorId : undefined}
      />
      <FieldErrors field={field} />
    </div>
  );
}

export function HolidaysForm({
  version,
  years,
  state,
  lastResult,
}: {
  version: number;
  years: number[];
  state: string | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("staffStores");
  const [form, fields] = useForm({
    id: "store-holidays",
    lastResult,
    defaultValue: { state: state ?? "", year: String(years[0]) },
    ...zodValidation(holidaysSchema),
  });
  return (
    <section aria-labelledby="store-holidays-title" className="staff-store-section">
      <h2 id="store-holidays-title">{t("holidays.title")}</h2>
      <p>{t("holidays.intro")}</p>
      <Form method="post" {...getFormProps(form)} noValidate className="staff-inline-form">
        <FormBasics intent="holidays" version={version} />
        <FormMessage errors={form.errors} id={form.errorId} />
        <SelectField
          field={fields.state}
          label={t("holidays.state")}
          options={GERMAN_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
        />
        <SelectField
          field={fields.year}
          label={t("holidays.year")}
          options={years.map((y) => ({ value: String(y), label: String(y) }))}
        />
        <button type="submit" className="button button-primary">
          {t("holidays.submit")}
        </button>
      </Form>
    </section>
  );
}

export function AffectedPickups({
  affected,
}: {
  affected: { orderNumber: number; slotStart: string; conflict: "closedDay" | "outsideHours" }[];
}) {
  const { t } = useTranslation("staffStores");
  if (!affected.length) return null;
  return (
    <section aria-labelledby="store-affected-title" className="form-message form-message-warning staff-affected">
      <h2 id="store-affected-title">{t("affected.title")}</h2>
      <p>{t("affected.intro")}</p>
      <table className="staff-table">
        <caption className="visually-hidden">{t("affected.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("affected.order")}</th>
            <th scope="col">{t("affected.slot")}</th>
            <th scope="col">{t("affected.why")}</th>
          </tr>
        </thead>
        <tbody>
          {affected.map((a) => (
            <tr key={a.orderNumber}>
              <td>{a.orderNumber}</td>
              <td>{formatGermanDateTime(a.slotStart)}</td>
              <td>{t(`affected.${a.conflict}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Other hours on one day: open (and staffed) as typed, e.g. 24 December until 14:00. */
export function SpecialDayForm({
  version,
  today,
  lastResult,
}: {
  version: number;
  today: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("staffStores");
  const [form, fields] = useForm({ id: "store-special-day", lastResult, ...zodValidation(specialDaySchema) });
  return (
    <section aria-labelledby="store-special-title" className="staff-store-section">
      <h2 id="store-special-title">{t("special.title")}</h2>
      <p>{t("special.intro")}</p>
      <Form method="post" {...getFormProps(form)} noValidate className="staff-inline-form">
        <FormBasics intent="specialDay" version={version} />
        <FormMessage errors={form.errors} id={form.errorId} />
        <DateField field={fields.day} label={t("special.day")} min={today} />
        <TextField field={fields.opening} label={t("special.opening")} hint={t("special.openingHint")} />
        <TextField
          field={fields.staffed}
          label={t("special.staffed")}
          hint={t("special.staffedHint")}
          required={false}
        />
        <TextField field={fields.reason} label={t("closed.reason")} required={false} />
        <button type="submit" className="button button-primary">
          {t("special.submit")}
        </button>
      </Form>
    </section>
  );
}
