import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FieldErrors } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import { CANCEL_REASON_MAX, cancelOrderSchema } from "~/domain/refund/schema";
import { useTranslation } from "~/i18n/texts";

/** "Bestellung stornieren" with its required reason (told to the customer, kept in the audit log). */
export function CancelOrderForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("staffOrders");
  const [form, fields] = useForm({ id: "cancel-order", lastResult, ...zodValidation(cancelOrderSchema) });
  const reason = fields.reason;
  const invalid = Boolean(reason.errors?.length);
  return (
    <Form method="post" {...getFormProps(form)} noValidate reloadDocument>
      <AuthenticityTokenInput />
      <div className={invalid ? "field has-error" : "field"}>
        <label htmlFor={reason.id}>{t("cancel.reason")}</label>
        <textarea
          {...getTextareaProps(reason, { ariaAttributes: false })}
          key={reason.key}
          rows={3}
          maxLength={CANCEL_REASON_MAX}
          required
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? reason.errorId : undefined}
        />
        <FieldErrors field={reason} />
      </div>
      <button type="submit" className="button button-primary">
        {t("cancel.submit")}
      </button>
    </Form>
  );
}
