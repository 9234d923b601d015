import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormMessage, TextField } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import { formatGermanDate } from "~/domain/content/date";
import { payoutSchema } from "~/domain/share/schema";
import { useTranslation } from "~/i18n/texts";

/** The day the payout went out, checked in the browser with the action's schema. */
export function PayoutForm({
  effectiveAt,
  today,
  lastResult,
}: {
  effectiveAt: string;
  today: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("staffCooperative");
  const [form, fields] = useForm({
    id: "cooperative-payout",
    lastResult,
    defaultValue: { paidOn: today },
    ...zodValidation(payoutSchema(effectiveAt, today)),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <AuthenticityTokenInput />
      <FormMessage errors={form.errors} id={form.errorId} />
      <TextField
        field={fields.paidOn}
        type="date"
        label={t("payout.paidOn")}
        hint={t("payout.paidOnHint", { date: formatGermanDate(effectiveAt) })}
        max={today}
      />
      <div className="button-row">
        <button type="submit" className="button button-primary">
          {t("payout.submit")}
        </button>
        <Link to="/staff/cooperative/notices" className="button button-secondary">
          {t("payout.back")}
        </Link>
      </div>
    </Form>
  );
}
