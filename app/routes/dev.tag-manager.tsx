import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { formatGermanDateTime } from "~/domain/content/date";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { PRIVATE_CACHE_CONTROL, privatePageHeaders } from "~/platform/edge-cache.server";
import { translator } from "~/platform/i18n.server";
import { requireStandIns } from "~/platform/route-data.server";
import { latestHits } from "~/platform/tag-manager-stand-in.server";

export const headers = privatePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

/** Development and test only: what the tag manager's stand-in received (docs/decisions/0027). */
export async function loader({ context }: LoaderFunctionArgs) {
  requireStandIns(context.env);
  const t = await translator("common");
  return data(
    { hits: await latestHits(context.env.DB), title: pageTitle(t("consent.standIn.title"), t) },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

export default function TagManagerStandIn() {
  const { hits } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="page-narrow">
      <h1>{t("consent.standIn.title")}</h1>
      <p>{t("consent.standIn.intro")}</p>
      {hits.length === 0 ? <p>{t("consent.standIn.empty")}</p> : null}
      {hits.map((hit) => (
        <article key={hit.id} className="mail" aria-label={`${hit.container_id} ${hit.id}`}>
          <p className="mail-meta">
            {t("consent.standIn.page")}: {hit.page} · {t("consent.standIn.receivedAt")}:{" "}
            {formatGermanDateTime(hit.received_at)}
          </p>
          <pre className="mail-text">{hit.payload}</pre>
        </article>
      ))}
    </div>
  );
}
