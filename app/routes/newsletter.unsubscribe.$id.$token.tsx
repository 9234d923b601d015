import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { idParam } from "~/domain/customer/id-param";
import { MARKETING_PAGE } from "~/domain/marketing/href";
import { isUnsubscribeToken } from "~/domain/marketing/links.server";
import { findSubscription, unsubscribe, type Subscription } from "~/domain/marketing/newsletter.server";
import { newsletterChosen } from "~/domain/marketing/preferences";
import { useTranslation, pageTitle } from "~/i18n/texts";
import type { Env } from "~/platform/context";
import { PRIVATE_CACHE_CONTROL, privatePageHeaders } from "~/platform/edge-cache.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { translator } from "~/platform/i18n.server";

export const handle = { i18n: ["marketing"] };

export const headers = privatePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

/** The subscription the link names, if the link is its own; null for any other link. */
async function linkedSubscription(env: Env, params: Record<string, string | undefined>): Promise<Subscription | null> {
  const id = idParam(params.id);
  if (id === null || !params.token || !(await isUnsubscribeToken(env, id, params.token))) return null;
  return findSubscription(env.DB, id);
}

async function page(subscription: Subscription | null) {
  const t = await translator("marketing");
  return data(
    {
      email: subscription?.email ?? null,
      subscribed: subscription ? newsletterChosen(subscription.status) : false,
      title: pageTitle(t(subscription ? "unsubscribe.title" : "unsubscribe.invalidTitle"), t),
    },
    { status: subscription ? 200 : 404, headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

/**
 * The unsubscribe link of every marketing mail (docs/decisions/0026). Opening it changes nothing
 * (mail scanners open links); its button posts. The link itself is the authority, so the post
 * needs no sign-in and no CSRF token: a mail program's one-click post (body
 * "List-Unsubscribe=One-Click", from anywhere, the worker lets it through) works as well.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return page(await linkedSubscription(context.env, params));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const subscription = await linkedSubscription(context.env, params);
  if (!subscription) return page(null);
  const form = await request.formData();
  const oneClick = form.get("List-Unsubscribe") === "One-Click";
  await unsubscribe(context.env.DB, subscription.id, oneClick ? "one-click" : "unsubscribe-link");
  const after = { ...subscription, status: "unsubscribed" as const };
  if (oneClick) return page(after);
  const url = new URL(request.url);
  throw await redirectWithNotice(context.env, url.pathname, { type: "success", key: "marketing:notices.unsubscribed" });
}

export default function NewsletterUnsubscribe() {
  const loaded = useLoaderData<typeof loader>();
  const { email, subscribed } = useActionData<typeof action>() ?? loaded;
  const { t } = useTranslation("marketing");
  if (email === null) {
    return (
      <div className="auth-page">
        <section className="auth-box result-box result-failure" aria-labelledby="unsubscribe-title">
          <h1 id="unsubscribe-title">{t("unsubscribe.invalidTitle")}</h1>
          <p>{t("unsubscribe.invalid")}</p>
          <Link to={MARKETING_PAGE} className="button button-primary">
            {t("confirm.again")}
          </Link>
        </section>
      </div>
    );
  }
  return (
    <div className="auth-page">
      <section className="auth-box result-box" aria-labelledby="unsubscribe-title">
        <h1 id="unsubscribe-title">{t("unsubscribe.title")}</h1>
        {subscribed ? (
          <>
            <p className="marketing-text">{t("unsubscribe.text", { email })}</p>
            <Form method="post">
              <button type="submit" className="button button-primary">
                {t("unsubscribe.submit")}
              </button>
            </Form>
          </>
        ) : (
          <>
            <p className="marketing-text">{t("unsubscribe.done", { email })}</p>
            <Link to={MARKETING_PAGE} className="button button-secondary">
              {t("unsubscribe.again")}
            </Link>
          </>
        )}
      </section>
    </div>
  );
}
