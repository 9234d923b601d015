import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput, AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { confirmNewsletter, findConfirmation } from "~/domain/marketing/newsletter.server";
import { CONFIRMATION_LIFETIME_SECONDS } from "~/domain/marketing/preferences";
import { MARKETING_PAGE } from "~/domain/marketing/href";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { privateFormPage } from "~/platform/csrf.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { readForm } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";
import { privatePageHeaders } from "~/platform/edge-cache.server";

export const handle = { i18n: ["marketing"] };

export const headers = privatePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

/**
 * The newsletter's confirmation link (docs/decisions/0026). Mail scanners open links before the
 * reader does, so opening it only shows a button; the button's post (with the CSRF token) confirms.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const subscription = params.token ? await findConfirmation(context.env.DB, params.token) : null;
  const page = await privateFormPage(request, context.env);
  const t = await translator("marketing");
  return data(
    { csrf: page.csrf, email: subscription?.email ?? null, title: pageTitle(t("confirm.title"), t) },
    { status: subscription ? 200 : 410, headers: page.headers },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await readForm(request, context);
  const outcome = params.token
    ? await confirmNewsletter(context.env, params.token, new URL(request.url).origin)
    : "invalid";
  if (outcome === "confirmed")
    throw await redirectWithNotice(context.env, MARKETING_PAGE, {
      type: "success",
      key: "marketing:notices.confirmed",
    });
  return data({ invalid: true }, { status: 410 });
}

export default function NewsletterConfirmation() {
  const { csrf, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("marketing");
  const usable = email !== null && !actionData?.invalid;
  return (
    <AuthenticityTokenProvider token={csrf}>
      <div className="auth-page">
        <section
          className={usable ? "auth-box result-box" : "auth-box result-box result-failure"}
          aria-labelledby="confirm-title"
        >
          <h1 id="confirm-title">{t("confirm.title")}</h1>
          {usable ? (
            <>
              <p className="marketing-text">{t("confirm.text", { email })}</p>
              <Form method="post">
                <AuthenticityTokenInput />
                <button type="submit" className="button button-primary">
                  {t("confirm.submit")}
                </button>
              </Form>
            </>
          ) : (
            <>
              <p>{t("confirm.invalid", { hours: CONFIRMATION_LIFETIME_SECONDS / 3600 })}</p>
              <Link to={MARKETING_PAGE} className="button button-primary">
                {t("confirm.again")}
              </Link>
            </>
          )}
        </section>
      </div>
    </AuthenticityTokenProvider>
  );
}
