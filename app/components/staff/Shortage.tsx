import {
  getFormProps,
  getInputProps,
  useForm,
  type FieldMetadata,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FieldErrors, FormMessage } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import type { PickLine } from "~/domain/fulfilment/pick-list";
import { shortageSchema } from "~/domain/fulfilment/schema";
import { useTranslation } from "~/i18n/texts";

/**
 * Short lines on the pick list (issue 32 §2): a "Fehlmenge" field in every line's row and one form
 * below the list that books them all at once (one refund, one mail). The fields stand in the
 * table's cells and belong to the form by its id (the `form` attribute), so the whole list posts
 * as one form, with or without JavaScript.
 */
export type ShortageForm = FormMetadata<{ lines: { sku: string; gift: string; expected: string; missing?: string }[] }>;
type LineField = FieldMetadata<{ sku: string; gift: string; expected: string; missing?: string }>;

export function useShortageForm(lines: PickLine[], lastResult?: SubmissionResult<string[]>) {
  const [form, fields] = useForm({
    id: "shortage",
    lastResult,
    defaultValue: {
      lines: lines.map((line) => ({ sku: line.sku, gift: line.isGift ? "1" : "0", expected: String(line.qty) })),
    },
    ...zodValidation(shortageSchema),
    // the limit is each line's quantity, told by the field's label and checked by the schema
    constraint: {},
  });
  const fieldList = fields.lines.getFieldList() as LineField[];
  const firstInvalid = fieldList.findIndex((field) => field.getFieldset().missing.errors?.length);
  return { form: form as unknown as ShortageForm, lines: fieldList, firstInvalid };
}

/** The row's "Fehlmenge" cell: how many of this line are missing (empty: none). */
export function ShortField({ field, line, focus }: { field: LineField; line: PickLine; focus: boolean }) {
  const { t } = useTranslation("staffOrders");
  const parts = field.getFieldset();
  const missing = parts.missing;
  const invalid = Boolean(missing.errors?.length);
  return (
    <div className={invalid ? "field pick-short-field has-error" : "field pick-short-field"}>
      <input {...getInputProps(parts.sku, { type: "hidden" })} key={parts.sku.key} />
      <input {...getInputProps(parts.gift, { type: "hidden" })} key={parts.gift.key} />
      <input {...getInputProps(parts.expected, { type: "hidden" })} key={parts.expected.key} />
      <input
        {...getInputProps(missing, { type: "text", ariaAttributes: false })}
        key={missing.key}
        inputMode="numeric"
        autoComplete="off"
        size={3}
        // biome-ignore lint/a11y/noAutofocus: only after a refused booking, on its first wrong field, so its message is read
        autoFocus={focus}
        aria-label={t("short.label", { name: line.name, qty: line.qty })}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? missing.errorId : undefined}
      />
      <FieldErrors field={missing} />
    </div>
  );
}

/** The form the short fields belong to: its message, the hint and "Fehlmengen buchen". */
export function ShortageSubmit({ form, invalidFields }: { form: ShortageForm; invalidFields: boolean }) {
  const { t } = useTranslation("staffOrders");
  const props = getFormProps(form);
  return (
    <Form
      method="post"
      {...props}
      onSubmit={(event) => {
        props.onSubmit(event);
        // refused in the browser: the first wrong field takes the focus, as autoFocus does after the server's answer
        if (event.defaultPrevented)
          requestAnimationFrame(() =>
            document.querySelector<HTMLInputElement>(`input[form="${form.id}"][aria-invalid="true"]`)?.focus(),
          );
      }}
      noValidate
      className="staff-no-print pick-shortage"
    >
      <AuthenticityTokenInput />
      <FormMessage errors={form.errors} id={form.errorId} />
      {invalidFields ? <FormMessage errors={["staffOrders:short.check"]} /> : null}
      <p>{t("short.hint")}</p>
      <button type="submit" name="intent" value="short" className="button button-secondary">
        {t("short.submit")}
      </button>
    </Form>
  );
}

/** What was taken off the order at picking, booked earlier. */
export function BookedShortages({
  shortages,
}: {
  shortages: { name: string; qty: number; reason: "missing" | "giftRule" }[];
}) {
  const { t } = useTranslation("staffOrders");
  if (shortages.length === 0) return null;
  return (
    <section aria-labelledby="shortages-title" className="pick-shortages">
      <h2 id="shortages-title">{t("short.booked")}</h2>
      <ul>
        {shortages.map((s, i) => (
          // the same article may be short twice (two bookings): the position keeps the keys apart
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is append-only and never reordered
          <li key={i}>{t(s.reason === "missing" ? "short.line" : "short.giftRule", { qty: s.qty, name: s.name })}</li>
        ))}
      </ul>
    </section>
  );
}
