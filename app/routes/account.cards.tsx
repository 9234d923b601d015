import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { ApplicationStatus } from "~/components/card/ApplicationStatus";
import { CardItem } from "~/components/card/CardItem";
import { isOpen } from "~/domain/card/application";
import { loadCardsPage } from "~/domain/card/card.server";
import { requireCustomer } from "~/platform/auth.server";
import { PRIVATE_CACHE_CONTROL, privatePageHeaders } from "~/platform/edge-cache.server";
import { translator } from "~/platform/i18n.server";

export const headers = privatePageHeaders;

export const handle = { i18n: ["cards", "account"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const t = await translator("cards");
  let page: Awaited<ReturnType<typeof loadCardsPage>> | null = null;
  try {
    page = await loadCardsPage(context.env.DB, customer.id);
  } catch (error) {
    // The customer sees "could not be loaded"; the failure itself is only logged.
    console.error("cards could not be loaded", error);
  }
  return data(
    { cards: page?.cards ?? null, application: page?.application ?? null, title: pageTitle(t("title"), t) },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

/** The card list; naming, locking and the PIN are dialogs (nested routes) shown in the outlet. */
export default function Cards() {
  const { cards, application } = useLoaderData<typeof loader>();
  const { t } = useTranslation("cards");
  const mayApply = cards !== null && !(application && isOpen(application.state));
  return (
    <div className="account-page account-wide">
      <h1>{t("title")}</h1>
      {/* The dialog comes first: without JavaScript it is part of the page, and it must be where the
          customer looks when the page loads, not below the rest of the page (docs/decisions/0038). */}
      <Outlet />
      <p>{t("intro")}</p>
      {cards === null ? (
        <p className="form-message form-message-error" role="alert">
          {t("notLoadable")}
        </p>
      ) : cards.length === 0 ? (
        <p className="empty-note">{t("empty")}</p>
      ) : (
        <ul className="card-list" aria-label={t("listLabel")}>
          {cards.map((card) => (
            <CardItem key={card.id} card={card} />
          ))}
        </ul>
      )}
      {application || mayApply ? (
        <section className="account-section" aria-labelledby="application-title">
          <h2 id="application-title">{t(application ? "application.statusTitle" : "application.title")}</h2>
          {application ? <ApplicationStatus application={application} /> : null}
          {mayApply ? (
            <Link to="/account/cards/apply" className="button button-primary">
              {t(cards?.length ? "application.another" : "application.link")}
            </Link>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
