import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { activateCustomer } from "~/domain/customer/customer.server";
import { idParam } from "~/domain/customer/id-param";
import { INVALID_LINK } from "~/http/customer/account-links.server";
import { PRIVATE_CACHE_CONTROL, privatePageHeaders } from "~/platform/edge-cache.server";
import { translator } from "~/platform/i18n.server";

export const headers = privatePageHeaders;

export const handle = { i18n: ["account"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

/** The link from the activation mail: valid once and for a limited time. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = idParam(params.id);
  const activated = id !== null && params.token ? await activateCustomer(context.env.DB, id, params.token) : false;
  const t = await translator("account");
  return data(
    { activated, title: pageTitle(t("activation.title"), t) },
    {
      status: activated ? 200 : INVALID_LINK.activation.status,
      headers: { "Cache-Control": PRIVATE_CACHE_CONTROL },
    },
  );
}

export default function Activation() {
  const { activated } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  return (
    <div className="auth-page">
      <section
        className={activated ? "auth-box result-box result-success" : "auth-box result-box result-failure"}
        aria-labelledby="activation-title"
      >
        <h1 id="activation-title">{t(activated ? "activation.successHeadline" : "activation.failureHeadline")}</h1>
        <p>{t(activated ? "activation.successText" : "activation.failureText")}</p>
        <Link to="/login" className="button button-primary">
          {t("activation.toLogin")}
        </Link>
      </section>
    </div>
  );
}
