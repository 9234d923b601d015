import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormMessage, TextField } from "~/components/form/Field";
import { HoneypotFields } from "~/components/form/HoneypotFields";
import { zodValidation } from "~/components/form/zodValidation";
import { subscribeSchema } from "~/domain/marketing/schema";
import { useTranslation } from "~/i18n/texts";
import { Trans } from "~/i18n/Trans";

type HoneypotProps = Parameters<typeof HoneypotFields>[0];

/** The visitor's newsletter sign-up: an address, then the confirmation link by mail. */
export function SubscribeForm({
  honeypot,
  lastResult,
}: {
  honeypot: Omit<HoneypotProps, "label">;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("marketing");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "newsletter-subscribe",
    lastResult,
    ...zodValidation(subscribeSchema, "marketing:form.failed"),
  });
  return (
    <section className="account-section" aria-labelledby="subscribe-title">
      <h2 id="subscribe-title">{t("visitor.headline")}</h2>
      <p>{t("visitor.intro")}</p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="subscribe" />
        <HoneypotFields label={t("visitor.honeypot")} {...honeypot} />
        <FormMessage errors={form.errors} id={form.errorId} />
        <TextField field={fields.email} label={t("visitor.email")} type="email" autoComplete="email" />
        <p className="field-hint">
          {t("visitor.consent")}{" "}
          <Trans t={t} i18nKey="visitor.privacy" components={{ 1: <Link to="/pages/legal/datenschutz" /> }} />
        </p>
        <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
          {t("visitor.submit")}
        </button>
      </Form>
      <p>
        <Trans
          t={t}
          i18nKey="visitor.loginHint"
          components={{ 1: <Link to="/login?redirectTo=%2Faccount%2Fabocenter%2Fmarketing" /> }}
        />
      </p>
    </section>
  );
}
