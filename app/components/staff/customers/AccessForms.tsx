import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { SupportCustomer } from "~/domain/support/account";
import { useTranslation } from "~/i18n/texts";

/** One button, one form: each posts its intent to the account page's action. */
function IntentButton({ intent, label, primary }: { intent: string; label: string; primary?: boolean }) {
  return (
    <Form method="post" className="staff-inline-form">
      <AuthenticityTokenInput />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={`button ${primary ? "button-primary" : "button-secondary"}`}
      >
        {label}
      </button>
    </Form>
  );
}

/** Block or unblock, a new activation link while she has not activated, end her sessions. */
export function AccessForms({ customer }: { customer: SupportCustomer }) {
  const { t } = useTranslation("staffCustomers");
  if (customer.erasedAt) {
    return (
      <section aria-labelledby="customer-access" className="staff-card">
        <h2 id="customer-access">{t("access.title")}</h2>
        <p>{t("access.erasedNote")}</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="customer-access" className="staff-card">
      <h2 id="customer-access">{t("access.title")}</h2>
      {customer.status === "blocked" ? <p>{t("access.blocked")}</p> : null}
      <div className="button-row">
        {customer.status === "blocked" ? (
          <IntentButton intent="unblock" label={t("access.unblock")} primary />
        ) : (
          <IntentButton intent="block" label={t("access.block")} />
        )}
        {customer.status === "pending" ? <IntentButton intent="resendActivation" label={t("access.resend")} /> : null}
        <IntentButton intent="endSessions" label={t("access.endSessions")} />
      </div>
    </section>
  );
}
