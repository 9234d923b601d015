import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation, pageTitle } from "~/i18n/texts";
import { Trans } from "~/i18n/Trans";
import { ApplicationForm } from "~/components/card/ApplicationForm";
import { ApplicationStatus } from "~/components/card/ApplicationStatus";
import { CARD_DELIVERY_WORKING_DAYS, isOpen } from "~/domain/card/application";
import { applicationForm, submitApplication } from "~/domain/card/application.server";
import { choosableStores, locationsSource } from "~/domain/store/locations.server";
import { nameOnCard } from "~/domain/card/name-on-card";
import { applicationInput, applicationSchema } from "~/domain/card/schema";
import { APPLICATION_REFUSALS, CHANGE_FAILED, backToCards, orFailed } from "~/http/card/card-change.server";
import { requireCustomer } from "~/platform/auth.server";
import { PRIVATE_CACHE_CONTROL, privatePageHeaders } from "~/platform/edge-cache.server";
import { parseForm, readForm, unknownIntent } from "~/platform/form.server";
import { translator } from "~/platform/i18n.server";

export const headers = privatePageHeaders;

export const handle = { i18n: ["cards", "account"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title ?? "" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const [form, t] = await Promise.all([applicationForm(context.env.DB, customer.id), translator("cards")]);
  const open = form.latest && isOpen(form.latest.state) ? form.latest : null;
  // the stores as the locations source describes them (docs/decisions/0050)
  const stores = open ? form.stores : await choosableStores(locationsSource(context.env), form.stores);
  return data(
    {
      profile: form.profile,
      stores,
      postcode: form.postcode,
      open,
      title: pageTitle(t("application.title"), t),
    },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

/** The store search's buttons; without an intent the form applies for the card. */
const STORE_INTENTS = ["findStore", "moreStores"];

export async function action({ request, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const form = await readForm(request, context);
  const intent = form.get("intent");
  if (intent !== null && !STORE_INTENTS.includes(String(intent))) throw unknownIntent();
  const submission = parseForm(form, applicationSchema);
  const search = form.get("storeSearch");
  const stores = { storeSearch: typeof search === "string" ? search : "", allStores: intent === "moreStores" };
  // Without JavaScript the store search is a button of this form (decision 0023): the page comes
  // back with the stores found and everything entered so far, without checking or sending anything.
  if (intent !== null) return data({ result: { initialValue: submission.reply().initialValue }, ...stores });
  if (submission.status !== "success") return data({ result: submission.reply(), ...stores }, { status: 400 });
  const outcome = await orFailed("card application", () =>
    submitApplication(context.env.DB, customer.id, applicationInput(submission.value)),
  );
  if (outcome === "failed")
    return data({ result: submission.reply({ formErrors: [CHANGE_FAILED.application] }), ...stores }, { status: 503 });
  if (!outcome.ok && outcome.reason === "unknownStore")
    return data(
      { result: submission.reply({ fieldErrors: { storeId: [APPLICATION_REFUSALS.unknownStore] } }), ...stores },
      { status: 400 },
    );
  if (!outcome.ok && (outcome.reason === "noDob" || outcome.reason === "nameNotPrintable"))
    // what the profile lacks for an application, said above the form
    return data(
      { result: submission.reply({ formErrors: [APPLICATION_REFUSALS[outcome.reason]] }), ...stores },
      { status: 400 },
    );
  throw await backToCards(
    context,
    outcome.ok
      ? { type: "success", key: "cards:application.submitted", values: { count: CARD_DELIVERY_WORKING_DAYS } }
      : { type: "error", key: APPLICATION_REFUSALS.alreadyOpen },
  );
}

export default function CardApplication() {
  const { profile, stores, postcode, open } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("cards");
  const dob = profile?.dob;
  return (
    <div className="account-page page-narrow">
      <h1>{t("application.title")}</h1>
      {open ? (
        <>
          <p className="form-message form-message-info">{t("application.alreadyOpen")}</p>
          <ApplicationStatus application={open} />
          <Link to="/account/cards">{t("title")}</Link>
        </>
      ) : profile && dob && !nameOnCard(profile.firstname, profile.lastname) ? (
        <p className="form-message form-message-warning">{t("application.nameNotPrintable")}</p>
      ) : profile && dob ? (
        <>
          <p>{t("application.intro", { count: CARD_DELIVERY_WORKING_DAYS })}</p>
          <ApplicationForm
            profile={{ ...profile, dob }}
            stores={stores}
            postcode={postcode}
            storeSearch={actionData?.storeSearch ?? ""}
            allStores={actionData?.allStores ?? false}
            lastResult={actionData?.result}
          />
        </>
      ) : (
        <p className="form-message form-message-warning">
          <Trans t={t} i18nKey="application.noDob" components={{ 1: <Link to="/account/customer" /> }} />
        </p>
      )}
    </div>
  );
}
