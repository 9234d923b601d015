import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { PreferencesForm } from "~/components/marketing/PreferencesForm";
import { SubscribeForm } from "~/components/marketing/SubscribeForm";
import { loadMarketing } from "~/domain/marketing/account.server";
import { savePreferences, subscribeVisitor } from "~/http/marketing/marketing-form.server";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { optionalCustomer } from "~/platform/auth.server";
import { privateFormPage } from "~/platform/csrf.server";
import { readForm, unknownIntent } from "~/platform/form.server";
import { honeypotInputs } from "~/platform/honeypot.server";
import { translator } from "~/platform/i18n.server";
import { privatePageHeaders } from "~/platform/edge-cache.server";

export const handle = { i18n: ["marketing", "account"] };

// The page carries a CSRF token (and, signed in, personal data): "private, no-store" for everyone.
export const headers = privatePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

/**
 * The marketing preferences (docs/decisions/0026): a signed-in customer's three switches, or for a
 * visitor the newsletter sign-up by double opt-in. The spec does not ask for a sign-in here.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context;
  const customer = await optionalCustomer(context);
  const page = await privateFormPage(request, env);
  const t = await translator("marketing");
  const title = pageTitle(t("title"), t);
  if (customer) {
    const state = await loadMarketing(env.DB, customer);
    return data(
      { csrf: page.csrf, title, customer: { email: customer.email, state }, honeypot: null },
      { headers: page.headers },
    );
  }
  return data({ csrf: page.csrf, title, customer: null, honeypot: honeypotInputs(env) }, { headers: page.headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context);
  switch (form.get("intent")) {
    case "preferences":
      return savePreferences(request, context, form);
    case "subscribe":
      return subscribeVisitor(request, context, form);
    default:
      throw unknownIntent();
  }
}

export default function MarketingPreferences() {
  const { csrf, customer, honeypot } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("marketing");
  const resultOf = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <AuthenticityTokenProvider token={csrf}>
      <div className="account-page">
        <h1>{t("title")}</h1>
        {customer ? (
          <section className="account-section">
            <p>{t("account.intro")}</p>
            <PreferencesForm email={customer.email} state={customer.state} lastResult={resultOf("preferences")} />
          </section>
        ) : honeypot ? (
          <SubscribeForm honeypot={honeypot} lastResult={resultOf("subscribe")} />
        ) : null}
      </div>
    </AuthenticityTokenProvider>
  );
}
