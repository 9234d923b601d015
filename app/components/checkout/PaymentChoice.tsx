import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/i18n/texts";
import { FieldErrors, TextField } from "~/components/form/Field";
import { offeredPaymentMethods } from "~/domain/checkout/payment-methods";
import { formatEuro } from "~/domain/money/format";

type Fields = Record<
  "paymentMethod" | "useCredit" | "sepaBank" | "iban" | "bic" | "sepaConsent",
  FieldMetadata<string>
>;

/**
 * Step 3: the methods the customer is offered (domain/checkout/payment-methods.ts). The SEPA
 * mandate fields show while SEPA is chosen (CSS :has, so also without JavaScript); the credit can
 * be added to any method while there is some.
 */
export function PaymentChoice({
  fields,
  balanceCents,
  sepaAllowed,
  title,
}: {
  fields: Fields;
  balanceCents: number;
  sepaAllowed: boolean;
  /** The step's heading: its number depends on the steps before it. */
  title: string;
}) {
  const { t } = useTranslation("checkout");
  const offered = offeredPaymentMethods({ sepaAllowed, balanceCents });
  const sepaOffered = offered.includes("sepa");
  const hasCredit = offered.includes("balance");
  const invalid = fields.paymentMethod.errors?.length
    ? { "aria-invalid": true, "aria-describedby": fields.paymentMethod.errorId }
    : {};
  return (
    <section className="checkout-step payment-step" aria-labelledby="payment-title">
      <h2 id="payment-title">{title}</h2>
      <fieldset className="choice-list" {...invalid}>
        <legend>{t("payment.legend")}</legend>
        {offered.map((method) => (
          <label key={method} className="choice">
            <input
              type="radio"
              id={`pay-${method}`}
              name={fields.paymentMethod.name}
              value={method}
              defaultChecked={fields.paymentMethod.initialValue === method}
            />
            <span className="choice-text">{t(`payment.${method}`, { amount: formatEuro(balanceCents) })}</span>
          </label>
        ))}
        <FieldErrors field={fields.paymentMethod} />
      </fieldset>
      {sepaOffered ? null : <p className="field-hint">{t("payment.sepaUnavailable")}</p>}
      {hasCredit ? (
        <div className="field field-checkbox">
          <input
            type="checkbox"
            id="use-credit"
            name={fields.useCredit.name}
            defaultChecked={fields.useCredit.initialValue === "on"}
          />
          <label htmlFor="use-credit">{t("payment.useCredit", { amount: formatEuro(balanceCents) })}</label>
        </div>
      ) : null}
      {sepaOffered ? (
        <fieldset className="sepa-fields">
          <legend>{t("sepa.legend")}</legend>
          <TextField field={fields.sepaBank} label={t("sepa.bank")} required={false} />
          <TextField field={fields.iban} label={t("sepa.iban")} autoComplete="off" required={false} />
          <TextField field={fields.bic} label={t("sepa.bic")} autoComplete="off" required={false} />
          <div
            className={fields.sepaConsent.errors?.length ? "field field-checkbox has-error" : "field field-checkbox"}
          >
            <input
              type="checkbox"
              id="sepa-consent"
              name={fields.sepaConsent.name}
              defaultChecked={fields.sepaConsent.initialValue === "on"}
              aria-invalid={fields.sepaConsent.errors?.length ? true : undefined}
              aria-describedby={fields.sepaConsent.errors?.length ? fields.sepaConsent.errorId : undefined}
            />
            <label htmlFor="sepa-consent">{t("sepa.consent")}</label>
            <FieldErrors field={fields.sepaConsent} />
          </div>
        </fieldset>
      ) : null}
      <p className="field-hint">{t("payment.redirectHint")}</p>
    </section>
  );
}
