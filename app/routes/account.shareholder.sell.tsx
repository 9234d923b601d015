import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { SellForm } from "~/components/share/SellForm";
import { RouteModal } from "~/components/ui/RouteModal";
import { formatGermanDate } from "~/domain/content/date";
import { sellSchema } from "~/domain/share/schema";
import { cancellationDates } from "~/domain/share/share";
import { loadSellableShares, markSharesForSale } from "~/domain/share/share.server";
import { requireCustomer } from "~/platform/auth.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { parseForm, readForm } from "~/platform/form.server";

const SHARES_PAGE = "/account/shareholder";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  let sellable: number | null = null;
  try {
    sellable = await loadSellableShares(context.env.DB, customer.id);
  } catch (error) {
    console.error("sellable shares could not be loaded", error);
  }
  return { sellable, effectiveAt: cancellationDates(new Date()).effectiveAt };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const form = await readForm(request, context);
  const failed = () => redirectWithNotice(context.env, SHARES_PAGE, { type: "error", key: "shares:sell.failed" });
  let sellable: number;
  try {
    sellable = await loadSellableShares(context.env.DB, customer.id);
  } catch (error) {
    console.error("sellable shares could not be loaded", error);
    throw await failed();
  }
  const submission = parseForm(form, sellSchema(sellable));
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const quantity = submission.value.quantity;
  let outcome: Awaited<ReturnType<typeof markSharesForSale>>;
  try {
    outcome = await markSharesForSale(context.env.DB, customer.id, quantity);
  } catch (error) {
    console.error("share sale failed", error);
    throw await failed();
  }
  if (!outcome.ok) throw await failed();
  throw await redirectWithNotice(context.env, SHARES_PAGE, {
    type: "success",
    key: "shares:sell.done",
    values: { count: quantity, date: formatGermanDate(outcome.effectiveAt) },
  });
}

/** The sell dialog: a dialog in place with JavaScript, a section of the page without. */
export default function SellShares() {
  const { sellable, effectiveAt } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("shares");
  return (
    <RouteModal labelledBy="share-sell-title" closeTo={SHARES_PAGE}>
      <h2 id="share-sell-title">{t("sell.title")}</h2>
      {sellable === null ? (
        <p className="form-message form-message-error" role="alert">
          {t("notLoadable")}
        </p>
      ) : sellable === 0 ? (
        <>
          <p>{t("sell.nothingSellable")}</p>
          <Link to={SHARES_PAGE} className="button button-secondary" preventScrollReset>
            {t("sell.back")}
          </Link>
        </>
      ) : (
        <>
          <p>{t("sell.intro")}</p>
          <SellForm
            sellable={sellable}
            hint={t("sell.sellableNow", { count: sellable, date: formatGermanDate(effectiveAt) })}
            lastResult={actionData?.result}
          />
        </>
      )}
    </RouteModal>
  );
}
