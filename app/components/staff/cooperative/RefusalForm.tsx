import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FieldErrors, FormMessage } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import { REFUSAL_REASON_MAX } from "~/domain/share/purchase";
import { refusalSchema } from "~/domain/share/schema";
import { useTranslation } from "~/i18n/texts";

/** The reason for a refusal, checked in the browser with the action's schema; what was typed stays. */
export function RefusalForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("staffCooperative");
  const [form, fields] = useForm({ id: "cooperative-refusal", lastResult, ...zodValidation(refusalSchema) });
  const reason = fields.reason;
  const invalid = Boolean(reason.errors?.length);
  const hintId = `${reason.id}-hint`;
  const props = getTextareaProps(reason, { ariaAttributes: false });
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <AuthenticityTokenInput />
      <FormMessage errors={form.errors} id={form.errorId} />
      <div className={invalid ? "field has-error" : "field"}>
        <label htmlFor={reason.id}>{t("refuse.reason")}</label>
        <textarea
          {...props}
          key={props.key}
          rows={5}
          maxLength={REFUSAL_REASON_MAX}
          required
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${hintId} ${reason.errorId}` : hintId}
        />
        <p className="field-hint" id={hintId}>
          {t("refuse.reasonHint")}
        </p>
        <FieldErrors field={reason} />
      </div>
      <div className="button-row">
        <button type="submit" className="button button-primary">
          {t("refuse.submit")}
        </button>
        <Link to="/staff/cooperative" className="button button-secondary">
          {t("refuse.back")}
        </Link>
      </div>
    </Form>
  );
}
