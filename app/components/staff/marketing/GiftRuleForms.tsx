import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormMessage, TextField } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import { formatEuro } from "~/domain/money/format";
import { giftRuleAddSchema, giftRuleSaveSchema } from "~/domain/promotion/schema";
import { useTranslation } from "~/i18n/texts";

export interface GiftRuleRow {
  id: string;
  thresholdCents: number;
  giftCount: number;
  products: { sku: string; name: string | null }[];
  /** The sorted SKUs as the page shows them, sent back to refuse a change from an older page. */
  skus: string;
}

/** Cents as a person types them: "50,00". */
const euroField = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

function StepFields({ fields }: { fields: ReturnType<typeof useForm<Record<string, unknown>>>[1] }) {
  const { t } = useTranslation("staffMarketing");
  return (
    <>
      <TextField field={fields.threshold} label={t("gifts.threshold")} />
      <TextField field={fields.giftCount} label={t("gifts.giftCount")} inputMode="numeric" />
      <TextField field={fields.skus} label={t("gifts.skus")} hint={t("gifts.skusHint")} />
    </>
  );
}

/** One step: its values to change and save, its products named, and the button that removes it. */
export function GiftRuleForm({ rule, lastResult }: { rule: GiftRuleRow; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("staffMarketing");
  const [form, fields] = useForm({
    id: `gift-${rule.id}`,
    lastResult,
    defaultValue: {
      threshold: euroField(rule.thresholdCents),
      giftCount: String(rule.giftCount),
      skus: rule.products.map((p) => p.sku).join(", "),
    },
    ...zodValidation(giftRuleSaveSchema),
  });
  const shown = (
    <>
      <AuthenticityTokenInput />
      <input type="hidden" name="id" value={rule.id} />
      <input type="hidden" name="beforeThreshold" value={rule.thresholdCents} />
      <input type="hidden" name="beforeCount" value={rule.giftCount} />
      <input type="hidden" name="beforeSkus" value={rule.skus} />
    </>
  );
  const title = `gift-${rule.id}-title`;
  return (
    <section className="staff-panel" aria-labelledby={title}>
      <h2 id={title}>{t("gifts.step", { amount: formatEuro(rule.thresholdCents) })}</h2>
      <p>
        {t("gifts.products")}: {rule.products.map((p) => (p.name ? `${p.name} (${p.sku})` : p.sku)).join(", ")}
      </p>
      <Form method="post" {...getFormProps(form)} noValidate>
        {shown}
        <input type="hidden" name="intent" value="save" />
        <FormMessage errors={form.errors} id={form.errorId} />
        <StepFields fields={fields as never} />
        <button type="submit" className="button button-primary">
          {t("gifts.save")}
        </button>
      </Form>
      <Form method="post" className="staff-decision">
        {shown}
        <input type="hidden" name="intent" value="remove" />
        <button type="submit" className="button button-secondary">
          {t("gifts.remove")}
          <span className="visually-hidden"> {t("gifts.step", { amount: formatEuro(rule.thresholdCents) })}</span>
        </button>
      </Form>
    </section>
  );
}

export function GiftRuleAddForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("staffMarketing");
  const [form, fields] = useForm({ id: "gift-add", lastResult, ...zodValidation(giftRuleAddSchema) });
  return (
    <section className="staff-panel" aria-labelledby="gift-add-title">
      <h2 id="gift-add-title">{t("gifts.add")}</h2>
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="add" />
        <FormMessage errors={form.errors} id={form.errorId} />
        <StepFields fields={fields as never} />
        <button type="submit" className="button button-primary">
          {t("gifts.addSubmit")}
        </button>
      </Form>
    </section>
  );
}
