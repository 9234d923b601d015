import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { confirmEmailChange, type EmailConfirmation } from "~/domain/customer/customer.server";
import { idParam } from "~/domain/customer/id-param";
import { PRIVATE_CACHE_CONTROL, privatePageHeaders } from "~/platform/edge-cache.server";
import { translator } from "~/platform/i18n.server";

export const headers = privatePageHeaders;

export const handle = { i18n: ["account"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

/** The link mailed to a new e-mail address: only opening it changes the address. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = idParam(params.id);
  const outcome: EmailConfirmation =
    id !== null && params.token ? await confirmEmailChange(context.env.DB, id, params.token) : "invalid";
  const t = await translator("account");
  return data(
    { outcome, title: pageTitle(t("emailConfirm.title"), t) },
    {
      status: outcome === "confirmed" ? 200 : 410,
      headers: { "Cache-Control": PRIVATE_CACHE_CONTROL },
    },
  );
}

export default function EmailConfirmationPage() {
  const { outcome } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  return (
    <div className="auth-page">
      <section
        className={
          outcome === "confirmed" ? "auth-box result-box result-success" : "auth-box result-box result-failure"
        }
        aria-labelledby="email-title"
      >
        <h1 id="email-title">{t("emailConfirm.title")}</h1>
        <p>{t(`emailConfirm.${outcome}`)}</p>
        <Link to="/account/customer" className="button button-primary">
          {t("customer.title")}
        </Link>
      </section>
    </div>
  );
}
