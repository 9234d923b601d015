import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import {
  FormerMemberView,
  InvitationView,
  MemberSharesView,
  type MemberShares,
} from "~/components/share/ShareholdingView";
import { loadShareholding } from "~/domain/share/share.server";
import { requireCustomer } from "~/platform/auth.server";
import { PRIVATE_CACHE_CONTROL, privatePageHeaders } from "~/platform/edge-cache.server";
import { translator } from "~/platform/i18n.server";

export const headers = privatePageHeaders;

export const handle = { i18n: ["shares"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

type View = { kind: "none" } | { kind: "former" } | { kind: "member"; member: MemberShares } | { kind: "failed" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const t = await translator("shares");
  let view: View = { kind: "failed" };
  try {
    const holding = await loadShareholding(context.env.DB, customer.id);
    view =
      holding.kind === "member"
        ? {
            kind: "member",
            member: {
              memberNumber: holding.memberNumber,
              held: holding.counts.held,
              sellable: holding.counts.sellable,
              valueCents: holding.valueCents,
              permille: holding.permille,
              cashbackEarnedCents: holding.cashbackEarnedCents,
              pendingSales: holding.pendingSales,
            },
          }
        : { kind: holding.kind };
  } catch (error) {
    // The customer sees "could not be loaded"; the failure itself is only logged.
    console.error("shares could not be loaded", error);
  }
  return data({ view, title: pageTitle(t("title"), t) }, { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
}

/** "Meine Anteile"; selling is a dialog (nested route) shown in the outlet. */
export default function Shareholder() {
  const { view } = useLoaderData<typeof loader>();
  const { t } = useTranslation("shares");
  return (
    <div className="account-page account-wide">
      <h1>{t("title")}</h1>
      {/* The dialog comes first: without JavaScript it is part of the page, and it must be where the
          customer looks when the page loads, not below the rest of the page (docs/decisions/0038). */}
      <Outlet />
      {view.kind === "failed" ? (
        <p className="form-message form-message-error" role="alert">
          {t("notLoadable")}
        </p>
      ) : view.kind === "none" ? (
        <InvitationView />
      ) : view.kind === "former" ? (
        <FormerMemberView />
      ) : (
        <>
          <p>{t("intro")}</p>
          <MemberSharesView member={view.member} />
          <p>
            <Link to="/account/shareholder/listing">{t("listingLink")}</Link>
          </p>
        </>
      )}
    </div>
  );
}
