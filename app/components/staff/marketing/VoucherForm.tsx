import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { CheckboxField, FormMessage, SelectField, TextField } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import { VOUCHER_KINDS, voucherSchema } from "~/domain/promotion/schema";
import { useTranslation } from "~/i18n/texts";

/** Creating a voucher: every field checked by the same schema in the browser and on the server. */
export function VoucherForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("staffMarketing");
  const [form, fields] = useForm({ id: "voucher-create", lastResult, ...zodValidation(voucherSchema) });
  return (
    <section aria-labelledby="voucher-create-title" className="staff-panel">
      <h2 id="voucher-create-title">{t("create.title")}</h2>
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput />
        <FormMessage errors={form.errors} id={form.errorId} />
        <TextField field={fields.code} label={t("vouchers.code")} autoComplete="off" hint={t("create.codeHint")} />
        <TextField field={fields.label} label={t("vouchers.label")} autoComplete="off" hint={t("create.labelHint")} />
        <SelectField
          field={fields.kind}
          label={t("vouchers.kind")}
          options={VOUCHER_KINDS.map((value) => ({ value, label: t(`vouchers.kinds.${value}`) }))}
        />
        <TextField
          field={fields.value}
          label={t("vouchers.value")}
          required={false}
          inputMode="text"
          hint={t("create.valueHint")}
        />
        <TextField
          field={fields.minOrder}
          label={t("vouchers.minOrder")}
          required={false}
          hint={t("create.minOrderHint")}
        />
        <TextField
          field={fields.validUntil}
          label={t("vouchers.validUntil")}
          type="date"
          required={false}
          hint={t("create.validUntilHint")}
        />
        <TextField
          field={fields.usageLimit}
          label={t("vouchers.limit")}
          required={false}
          inputMode="numeric"
          hint={t("create.limitHint")}
        />
        <CheckboxField field={fields.oncePerCustomer}>{t("create.once")}</CheckboxField>
        <button type="submit" className="button button-primary">
          {t("create.submit")}
        </button>
      </Form>
    </section>
  );
}
