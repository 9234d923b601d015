import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput, AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { formatGermanDateTime } from "~/domain/content/date";
import { recentPurchases, reviewByHand } from "~/domain/share/purchase.server";
import { privateFormPage } from "~/platform/csrf.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { readForm } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";
import { requireStandIns } from "~/platform/route-data.server";
import { privatePageHeaders } from "~/platform/edge-cache.server";

export const handle = { i18n: ["shares"], blocking: false };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

/** Development and test only: the cooperative's check of signed declarations by hand (docs/decisions/0021). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireStandIns(context.env);
  const [purchases, page, t] = await Promise.all([
    recentPurchases(context.env.DB),
    // a developer may play the cooperative without signing in: the page brings its own token
    privateFormPage(request, context.env),
    translator("shares"),
  ]);
  return data({ purchases, csrf: page.csrf, title: pageTitle(t("dev.title"), t) }, { headers: page.headers });
}

export const headers = privatePageHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  requireStandIns(context.env);
  const form = await readForm(request, context);
  const purchaseId = String(form.get("purchaseId") ?? "");
  const done = purchaseId.length <= 64 && (await reviewByHand(context.env.DB, purchaseId));
  throw await redirectWithNotice(
    context.env,
    "/dev/shares",
    done ? { type: "success", key: "shares:dev.done" } : { type: "warning", key: "shares:dev.notDone" },
  );
}

export default function DevShares() {
  const { purchases, csrf } = useLoaderData<typeof loader>();
  const { t } = useTranslation("shares");
  return (
    <AuthenticityTokenProvider token={csrf}>
      <div className="page-narrow">
        <h1>{t("dev.title")}</h1>
        <p>{t("dev.intro")}</p>
        {purchases.length === 0 ? <p>{t("dev.empty")}</p> : null}
        <ul className="dev-list" aria-label={t("dev.title")}>
          {purchases.map((p) => (
            <li key={p.id} className="account-section">
              <p id={`purchase-${p.id}`}>
                <strong>{p.email}</strong> · {t("dev.quantity", { count: p.quantity })} · {t(`dev.status.${p.status}`)}{" "}
                · {formatGermanDateTime(p.created_at)}
                {p.status === "in_review" && p.review_due_at
                  ? ` · ${t("dev.due", { date: formatGermanDateTime(p.review_due_at) })}`
                  : ""}
              </p>
              {p.status === "in_review" ? (
                <Form method="post" className="inline-form">
                  <AuthenticityTokenInput />
                  <input type="hidden" name="purchaseId" value={p.id} />
                  <button type="submit" className="button button-primary" aria-describedby={`purchase-${p.id}`}>
                    {t("dev.review")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </AuthenticityTokenProvider>
  );
}
