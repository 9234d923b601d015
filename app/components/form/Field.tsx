import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "~/i18n/texts";

/** Schema messages are locale keys, optionally "key|number" (spec wording for limits). */
export function useErrorText() {
  const { t } = useTranslation();
  return (message: string) => {
    const [key, count] = message.split("|");
    return count === undefined ? t(key) : t(key, { count: Number(count) });
  };
}

export function FieldErrors({ field }: { field: FieldMetadata<unknown> }) {
  const errorText = useErrorText();
  if (!field.errors?.length) return null;
  return (
    <p className="field-error" id={field.errorId}>
      {field.errors.map(errorText).join(" ")}
    </p>
  );
}

function describedBy(field: FieldMetadata<unknown>, hintId?: string): string | undefined {
  const ids = [hintId, field.errors?.length ? field.errorId : undefined].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

type InputType = "text" | "email" | "password" | "date" | "tel";

/**
 * The field a dialog's form puts the focus on when its page is shown (`autoFocus`, which the
 * browser honours without JavaScript as well, docs/decisions/0038): after a failed submission the
 * first field with an error, so its message is read at once; otherwise the first field of the
 * dialog's first form.
 */
export function fieldToFocus(fields: FieldMetadata<unknown>[], firstForm: boolean): string | undefined {
  const invalid = fields.find((field) => field.errors?.length);
  return invalid ? invalid.name : firstForm ? fields[0]?.name : undefined;
}

/** A labelled input with its hint and errors, wired for screen readers. */
export function TextField({
  field,
  label,
  type = "text",
  autoComplete,
  hint,
  required = true,
  inputMode,
  max,
  autoFocus,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  type?: InputType;
  autoComplete?: string;
  hint?: ReactNode;
  required?: boolean;
  inputMode?: "numeric" | "tel" | "email" | "text";
  max?: string;
  autoFocus?: boolean;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const props = getInputProps(field, { type, ariaAttributes: false });
  return (
    <div className={field.errors?.length ? "field has-error" : "field"}>
      <label htmlFor={field.id}>{label}</label>
      <input
        {...props}
        key={props.key}
        required={required}
        autoComplete={autoComplete}
        inputMode={inputMode}
        max={max}
        // biome-ignore lint/a11y/noAutofocus: only a dialog's first or invalid field asks for it (fieldToFocus)
        autoFocus={autoFocus}
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={describedBy(field, hintId)}
      />
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldErrors field={field} />
    </div>
  );
}

export function SelectField({
  field,
  label,
  options,
  autoComplete,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  options: { value: string; label: string }[];
  autoComplete?: string;
}) {
  const props = getSelectProps(field, { ariaAttributes: false });
  const { t } = useTranslation();
  return (
    <div className={field.errors?.length ? "field has-error" : "field"}>
      <label htmlFor={field.id}>{label}</label>
      <select
        {...props}
        key={props.key}
        autoComplete={autoComplete}
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={describedBy(field)}
      >
        <option value="">{t("validation.choose")}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldErrors field={field} />
    </div>
  );
}

export function CheckboxField({ field, children }: { field: FieldMetadata<unknown>; children: ReactNode }) {
  const props = getInputProps(field, { type: "checkbox", ariaAttributes: false });
  return (
    <div className={field.errors?.length ? "field field-checkbox has-error" : "field field-checkbox"}>
      <input
        {...props}
        key={props.key}
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={describedBy(field)}
      />
      <label htmlFor={field.id}>{children}</label>
      <FieldErrors field={field} />
    </div>
  );
}

/** Errors of the whole form (e.g. "wrong credentials"), announced when they appear. */
export function FormMessage({ errors, id }: { errors?: string[] | null; id?: string }) {
  const errorText = useErrorText();
  if (!errors?.length) return null;
  return (
    <div className="form-message form-message-error" role="alert" id={id}>
      {errors.map((e) => (
        <p key={e}>{errorText(e)}</p>
      ))}
    </div>
  );
}

/**
 * After a failed submission the server never sends a password back; with JavaScript the browser
 * would still keep what was typed in the form, so those fields are emptied too.
 */
export function useClearPasswords(formId: string, result: unknown) {
  useEffect(() => {
    if (!result) return;
    document
      .querySelectorAll<HTMLInputElement>(`form#${CSS.escape(formId)} input[type="password"]`)
      .forEach((input) => {
        input.value = "";
      });
  }, [formId, result]);
}
