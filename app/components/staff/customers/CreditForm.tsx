import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FieldErrors, FormMessage, SelectField, TextField } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import { creditSchema } from "~/domain/support/schema";
import { useTranslation } from "~/i18n/texts";

/**
 * Goodwill or a correction on her balance, with the reason she will read. The hidden token makes
 * the same form, sent twice, book once (domain/support/credit.server.ts); the page makes a new one.
 */
export function CreditForm({ token, lastResult }: { token: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("staffCustomers");
  const [form, fields] = useForm({
    id: "customer-credit",
    lastResult,
    defaultValue: { kind: "goodwill", token },
    ...zodValidation(creditSchema),
    constraint: {},
  });
  return (
    <section aria-labelledby="customer-credit-title" className="staff-card">
      <h2 id="customer-credit-title">{t("credit.title")}</h2>
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput />
        <input {...getInputProps(fields.token, { type: "hidden" })} key={fields.token.key} />
        <FieldErrors field={fields.token} />
        <FormMessage errors={form.errors} id={form.errorId} />
        <SelectField
          field={fields.kind}
          label={t("credit.kind")}
          options={[
            { value: "goodwill", label: t("credit.kinds.goodwill") },
            { value: "correction", label: t("credit.kinds.correction") },
          ]}
        />
        <TextField
          field={fields.amount}
          label={t("credit.amount")}
          hint={t("credit.amountHint")}
          inputMode="text"
          autoComplete="off"
        />
        <TextField field={fields.reason} label={t("credit.reason")} autoComplete="off" />
        <button type="submit" name="intent" value="credit" className="button button-primary">
          {t("credit.submit")}
        </button>
      </Form>
    </section>
  );
}
