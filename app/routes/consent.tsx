import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConsentChoices } from "~/components/layout/ConsentChoices";
import { consentFormSchema, consentOf } from "~/domain/consent/schema";
import { recordConsent } from "~/domain/consent/record.server";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { CONSENT_CATEGORIES, consentCookie, cookiesToForget, expiredCookies, readConsent } from "~/platform/consent";
import { isProduction } from "~/platform/context";
import { requireCsrf } from "~/platform/csrf.server";
import { PRIVATE_CACHE_CONTROL, privatePageHeaders } from "~/platform/edge-cache.server";
import { flashNotice } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";
import { safeRedirectPath } from "~/platform/redirect";

export const headers = privatePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

/**
 * Where the visitor came from in this shop, to go back there after choosing: the page named in
 * the form (the settings page names it), else the page the request came from.
 */
function cameFrom(request: Request, sent: unknown): string {
  if (typeof sent === "string" && sent !== "") return safeRedirectPath(sent);
  const referer = request.headers.get("Referer");
  if (!referer || !URL.canParse(referer)) return "/";
  const url = new URL(referer);
  if (url.origin !== new URL(request.url).origin || url.pathname === "/consent") return "/";
  return safeRedirectPath(url.pathname + url.search);
}

/** "Cookie-Einstellungen": the choice shown and changed, reached from every page's footer. */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await translator("common");
  return data(
    {
      title: pageTitle(t("consent.page.title"), t),
      current: readConsent(request.headers.get("Cookie")),
      back: cameFrom(request, new URL(request.url).searchParams.get("back")),
    },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

/**
 * The banner and this page post here. A visitor's form comes from a cached page without a CSRF
 * token and changes nothing but this browser's cookies (the worker refuses cross-site posts); a
 * customer's carries one, and their choice is recorded as proof (docs/decisions/0027).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context;
  const session = await context.session();
  if (session.kind === "customer") await requireCsrf(request, env);
  const form = await request.formData();
  const submission = parseForm(form, consentFormSchema);
  if (submission.status !== "success") {
    const t = await translator("common");
    const key = Object.values(submission.error ?? {}).flat()[0] ?? "consent.errors.choice";
    return data({ error: t(key) }, { status: 400, headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
  }
  const consent = consentOf(submission.value);
  if (session.kind === "customer") await recordConsent(env.DB, session.customer.id, consent, submission.value.source);
  const headers = new Headers({ "Cache-Control": PRIVATE_CACHE_CONTROL });
  headers.append("Set-Cookie", consentCookie(consent, isProduction(env)));
  const hostname = new URL(request.url).hostname;
  for (const name of cookiesToForget(request.headers.get("Cookie"), consent))
    for (const cookie of expiredCookies(name, hostname)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await flashNotice(env, { type: "success", key: "consent.saved" }));
  return redirect(cameFrom(request, form.get("back")), { headers });
}

export default function ConsentSettings() {
  const { current, back } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.error;
  const { t } = useTranslation();
  const given = CONSENT_CATEGORIES.filter((c) => current?.[c]).map((c) => t(`consent.categories.${c}.label`));
  return (
    <div className="page-narrow consent-page">
      <h1>{t("consent.page.title")}</h1>
      <p>{t("consent.page.intro")}</p>
      <section aria-labelledby="consent-current">
        <h2 id="consent-current">{t("consent.page.current")}</h2>
        <p>
          {current === null
            ? t("consent.page.none")
            : given.length
              ? t("consent.page.given", { categories: given.join(", ") })
              : t("consent.page.onlyNecessary")}
        </p>
      </section>
      <ConsentChoices source="settings" back={back} current={current} error={error} categoriesOpen />
      <p>
        {/* A page load: the page behind it shows the banner again if no choice was made. */}
        <Link to={back} reloadDocument>
          {t("consent.page.back")}
        </Link>{" "}
        · <Link to="/pages/legal/datenschutz">{t("consent.privacyLink")}</Link>
      </p>
    </div>
  );
}
