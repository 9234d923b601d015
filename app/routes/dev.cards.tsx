import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput, AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { isOpen } from "~/domain/card/application";
import { recentApplications, stepByHand, type ManualStep } from "~/domain/card/application.server";
import { formatCardNumber } from "~/domain/card/card";
import { providerCardChange, recentCards, recordPinFailure, type ProviderCardAction } from "~/domain/card/card.server";
import { idParam } from "~/domain/customer/id-param";
import { formatGermanDateTime } from "~/domain/content/date";
import { privateFormPage } from "~/platform/csrf.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { readForm, unknownIntent } from "~/platform/form.server";
import { requireStandIns } from "~/platform/route-data.server";
import { translator } from "~/platform/i18n.server";
import { privatePageHeaders } from "~/platform/edge-cache.server";

export const handle = { i18n: ["cards"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

/** Development and test only: the embedded card provider's controls (docs/decisions/0019). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireStandIns(context.env);
  const [applications, cards, page, t] = await Promise.all([
    recentApplications(context.env.DB),
    recentCards(context.env.DB),
    // a developer may play the provider without signing in: the page brings its own token
    privateFormPage(request, context.env),
    translator("cards"),
  ]);
  return data({ applications, cards, csrf: page.csrf, title: pageTitle(t("dev.title"), t) }, { headers: page.headers });
}

export const headers = privatePageHeaders;

const STEPS: ManualStep[] = ["advance", "decline", "fail"];
const CARD_ACTIONS: ProviderCardAction[] = ["block", "unblock", "blockPermanently"];

export async function action({ request, context }: ActionFunctionArgs) {
  requireStandIns(context.env);
  const form = await readForm(request, context);
  const intent = String(form.get("intent"));
  let done: boolean;
  if ((STEPS as string[]).includes(intent)) {
    const outcome = await stepByHand(context.env, String(form.get("applicationId") ?? ""), intent as ManualStep);
    done = outcome === "moved";
  } else {
    const cardId = idParam(form.get("cardId"));
    if (cardId === null) throw unknownIntent();
    if ((CARD_ACTIONS as string[]).includes(intent))
      done = await providerCardChange(context.env.DB, cardId, intent as ProviderCardAction);
    else if (intent === "pinFailure") done = await recordPinFailure(context.env.DB, cardId);
    else throw unknownIntent();
  }
  throw await redirectWithNotice(
    context.env,
    "/dev/cards",
    done ? { type: "success", key: "cards:dev.done" } : { type: "warning", key: "cards:dev.notDone" },
  );
}

function ActionButton({
  name,
  value,
  id,
  intent,
  label,
}: {
  name: string;
  value: string | number;
  id: string;
  intent: string;
  label: string;
}) {
  return (
    <Form method="post" className="inline-form">
      <AuthenticityTokenInput />
      <input type="hidden" name={name} value={value} />
      <button type="submit" name="intent" value={intent} className="button button-secondary" aria-describedby={id}>
        {label}
      </button>
    </Form>
  );
}

export default function DevCards() {
  const { applications, cards, csrf } = useLoaderData<typeof loader>();
  const { t } = useTranslation("cards");
  return (
    <AuthenticityTokenProvider token={csrf}>
      <div className="page-narrow">
        <h1>{t("dev.title")}</h1>
        <p>{t("dev.intro")}</p>
        <h2 id="dev-applications">{t("dev.applications")}</h2>
        {applications.length === 0 ? <p>{t("dev.noApplications")}</p> : null}
        <ul className="dev-list" aria-labelledby="dev-applications">
          {applications.map((a) => (
            <li key={a.id} className="account-section">
              <p id={`application-${a.id}`}>
                <strong>{a.email}</strong> · {a.nameOnCard} · {a.storeName} · {formatGermanDateTime(a.createdAt)} ·{" "}
                {t("dev.state")}: {t(`applicationState.${a.state}.label`)}
              </p>
              {isOpen(a.state) ? (
                <div className="button-row">
                  {STEPS.map((step) => (
                    <ActionButton
                      key={step}
                      name="applicationId"
                      value={a.id}
                      id={`application-${a.id}`}
                      intent={step}
                      label={t(`dev.${step}`)}
                    />
                  ))}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
        <h2 id="dev-cards">{t("dev.cards")}</h2>
        <ul className="dev-list" aria-labelledby="dev-cards">
          {cards.map((c) => (
            <li key={c.id} className="account-section">
              <p id={`dev-card-${c.id}`}>
                <strong>{c.email}</strong> · {formatCardNumber(c.number)} · {t(`card.types.${c.type}`)} ·{" "}
                {/* the provider's view: "von dir" would be the provider */}
                {c.status === "locked" ? t("dev.lockedByCustomer") : t(`card.statuses.${c.status}`)} · {t("card.pin")}:{" "}
                {t(c.hasPin ? "card.pinStates.active" : "card.pinStates.none")}
                {c.hasPin ? ` (${c.pinFailedAttempts})` : ""}
              </p>
              <div className="button-row">
                {[...CARD_ACTIONS, "pinFailure"].map((intent) => (
                  <ActionButton
                    key={intent}
                    name="cardId"
                    value={c.id}
                    id={`dev-card-${c.id}`}
                    intent={intent}
                    label={t(`dev.${intent}`)}
                  />
                ))}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </AuthenticityTokenProvider>
  );
}
