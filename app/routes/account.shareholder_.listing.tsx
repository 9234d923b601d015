import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { ShareListingTable } from "~/components/share/ShareListingTable";
import type { ShareEntry } from "~/domain/share/share";
import { loadShareListing } from "~/domain/share/share.server";
import { requireCustomer } from "~/platform/auth.server";
import { PRIVATE_CACHE_CONTROL, privatePageHeaders } from "~/platform/edge-cache.server";
import { translator } from "~/platform/i18n.server";

export const headers = privatePageHeaders;

export const handle = { i18n: ["shares"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const t = await translator("shares");
  let entries: ShareEntry[] | null = null;
  let failed = false;
  try {
    entries = (await loadShareListing(context.env.DB, customer.id)) ?? [];
  } catch (error) {
    // The customer sees "could not be loaded"; the failure itself is only logged.
    console.error("share listing could not be loaded", error);
    failed = true;
  }
  return data(
    { entries, failed, title: pageTitle(t("listing.title"), t) },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

/** Every purchase and cancellation of the customer's shares, newest first. */
export default function ShareListing() {
  const { entries, failed } = useLoaderData<typeof loader>();
  const { t } = useTranslation("shares");
  return (
    <div className="account-page">
      <h1>{t("listing.title")}</h1>
      <p>{t("listing.intro")}</p>
      {failed || entries === null ? (
        <p className="form-message form-message-error" role="alert">
          {t("notLoadable")}
        </p>
      ) : entries.length === 0 ? (
        <p className="empty-note">{t("listing.empty")}</p>
      ) : (
        <ShareListingTable entries={entries} />
      )}
      <p>
        <Link to="/account/shareholder">{t("listing.back")}</Link>
      </p>
    </div>
  );
}
