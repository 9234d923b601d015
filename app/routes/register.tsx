import { getFormProps, useForm } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { Trans } from "~/i18n/Trans";
import { AuthenticityTokenInput, AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { NewPasswordFields } from "~/components/account/NewPasswordFields";
import { PersonFields } from "~/components/account/PersonFields";
import { CheckboxField, FormMessage, TextField, useClearPasswords } from "~/components/form/Field";
import { zodValidation } from "~/components/form/zodValidation";
import { REGISTRATION_REFUSALS, register } from "~/http/customer/registration.server";
import { registerSchema } from "~/domain/customer/schema";
import { berlinToday } from "~/domain/time/berlin";
import { signedOutPage } from "~/http/customer/signed-out-page.server";
import { parseForm, readForm } from "~/platform/form.server";
import { HoneypotFields } from "~/components/form/HoneypotFields";
import { honeypotInputs, isSpam } from "~/platform/honeypot.server";
import { privatePageHeaders } from "~/platform/edge-cache.server";

export const handle = { i18n: ["account"] };

// Remix passes the loader's "private, no-store" on only through a headers export.
export const headers = privatePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

const HIDDEN = ["password", "passwordConfirm"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { csrf, headers, title } = await signedOutPage(request, context, "register.title");
  return data({ csrf, honeypot: honeypotInputs(context.env), today: berlinToday(), title }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context);
  const submission = parseForm(form, registerSchema(berlinToday()));
  if (isSpam(context.env, form)) {
    return data(
      {
        result: submission.reply({ formErrors: ["account:register.failed"], hideFields: HIDDEN }),
        registeredEmail: null,
      },
      { status: 400 },
    );
  }
  if (submission.status !== "success") {
    return data(
      {
        result: submission.reply({ formErrors: ["validation.formHasErrors"], hideFields: HIDDEN }),
        registeredEmail: null,
      },
      { status: 400 },
    );
  }
  const outcome = await register(request, context, submission.value);
  if (outcome.result === "exists") {
    return data(
      {
        result: submission.reply({
          fieldErrors: { email: [REGISTRATION_REFUSALS.exists.key] },
          hideFields: HIDDEN,
        }),
        registeredEmail: null,
      },
      { status: REGISTRATION_REFUSALS.exists.status },
    );
  }
  if (outcome.result === "throttled") {
    return data(
      {
        result: submission.reply({ formErrors: [REGISTRATION_REFUSALS.throttled.key], hideFields: HIDDEN }),
        registeredEmail: null,
      },
      { status: REGISTRATION_REFUSALS.throttled.status },
    );
  }
  return data({ result: null, registeredEmail: submission.value.email });
}

export default function Register() {
  const { csrf, honeypot, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "register",
    lastResult: actionData?.result ?? undefined,
    ...zodValidation(registerSchema(today), "validation.formHasErrors"),
  });
  useClearPasswords("register", actionData?.result);

  if (actionData?.registeredEmail) {
    return (
      <div className="auth-page">
        <section className="auth-box completion-box" role="status" aria-labelledby="register-done">
          <h1 id="register-done">{t("register.doneHeadline")}</h1>
          <p>{t("register.doneText", { email: actionData.registeredEmail })}</p>
        </section>
      </div>
    );
  }

  const legalLink = (slug: string) => <Link to={`/pages/legal/${slug}`} target="_blank" />;
  return (
    <AuthenticityTokenProvider token={csrf}>
      <div className="auth-page">
        <section className="auth-box auth-box-wide" aria-labelledby="register-title">
          <h1 id="register-title">{t("register.headline")}</h1>
          <p>{t("register.intro")}</p>
          <p className="notice-box">{t("register.adultNotice")}</p>
          <Form method="post" {...getFormProps(form)} noValidate>
            <AuthenticityTokenInput />
            <HoneypotFields label={t("fields.honeypot")} {...honeypot} />
            <FormMessage errors={form.errors} id={form.errorId} />
            <div className="field-row">
              <TextField field={fields.email} label={t("fields.email")} type="email" autoComplete="email" />
              <TextField
                field={fields.emailConfirm}
                label={t("fields.emailConfirm")}
                type="email"
                autoComplete="email"
              />
            </div>
            <div className="field-row">
              <NewPasswordFields fields={fields} label="password" />
            </div>
            <PersonFields fields={fields} today={today} phoneHint={t("register.phoneHint")} />
            <fieldset className="consents">
              <legend>{t("register.consents")}</legend>
              <CheckboxField field={fields.terms}>
                <Trans t={t} i18nKey="register.terms" components={{ 1: legalLink("agb") }} />
              </CheckboxField>
              <CheckboxField field={fields.privacy}>
                <Trans t={t} i18nKey="register.privacy" components={{ 1: legalLink("datenschutz") }} />
              </CheckboxField>
              <CheckboxField field={fields.values}>
                <Trans
                  t={t}
                  i18nKey="register.values"
                  components={{ 1: <Link to="/content/wertekodex" target="_blank" /> }}
                />
              </CheckboxField>
            </fieldset>
            <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
              {t("register.submit")}
            </button>
          </Form>
          <p>
            {t("register.haveAccount")} <Link to="/login">{t("login.submit")}</Link>
          </p>
        </section>
      </div>
    </AuthenticityTokenProvider>
  );
}
