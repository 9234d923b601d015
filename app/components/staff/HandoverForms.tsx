import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/texts";
import { TextField } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import type { CarrierCode } from "~/domain/checkout/carriers";
import type { NextStep } from "~/domain/fulfilment/progress";
import { shipSchema } from "~/domain/fulfilment/schema";
import { hasTracking } from "~/domain/fulfilment/shipment";

/** A step without fields: one button. */
function StepButton({ intent, label, hint }: { intent: string; label: string; hint?: string }) {
  return (
    <Form method="post" className="handover-form">
      <AuthenticityTokenInput />
      {hint ? <p>{hint}</p> : null}
      <button type="submit" name="intent" value={intent} className="button button-primary">
        {label}
      </button>
    </Form>
  );
}

/** "Versandt" with the carrier's tracking number; a wrong one is explained at the field, as typed. */
function ShipForm({ carrier, lastResult }: { carrier: CarrierCode; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("staffOrders");
  const [form, fields] = useForm({ id: "ship", lastResult, ...zodValidation(shipSchema(carrier)) });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="handover-form">
      <AuthenticityTokenInput />
      <p>{t("next.shipHint")}</p>
      <TextField
        field={fields.trackingNumber}
        label={t("ship.trackingNumber")}
        hint={t(`ship.hint.${carrier}`)}
        autoComplete="off"
      />
      <button type="submit" name="intent" value="ship" className="button button-primary">
        {t("next.ship")}
      </button>
    </Form>
  );
}

/** The order's next step as the back office takes it, or why there is none now. */
export function HandoverForms({
  carrier,
  next,
  allPicked,
  withdrawn,
  canceled,
  lastResult,
}: {
  carrier: CarrierCode;
  next: NextStep;
  allPicked: boolean;
  withdrawn: boolean;
  canceled: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("staffOrders");
  const leaves = next === "ready" || next === "shipped";
  let body: JSX.Element;
  if (next === null) body = <p>{t(canceled ? "next.canceled" : "next.handedOver")}</p>;
  else if (leaves && withdrawn) body = <p>{t("notice.withdrawn")}</p>;
  else if (leaves && !allPicked) body = <p>{t("next.needsPicking")}</p>;
  else if (next === "ready") body = <StepButton intent="ready" label={t("next.ready")} hint={t("next.readyHint")} />;
  else if (next === "collected")
    body = <StepButton intent="collected" label={t("next.collected")} hint={t("next.collectedHint")} />;
  else if (next === "shipped")
    body = hasTracking(carrier) ? (
      <ShipForm carrier={carrier} lastResult={lastResult} />
    ) : (
      <StepButton intent="ship" label={t("next.ship")} hint={t("next.vans")} />
    );
  else body = <StepButton intent="deliver" label={t("next.deliver")} />;
  return (
    <section aria-labelledby="next-title" className="handover">
      <h2 id="next-title">{t("next.title")}</h2>
      {body}
    </section>
  );
}
