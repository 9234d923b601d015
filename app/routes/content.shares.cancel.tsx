import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/texts";
import { DialogTitle } from "~/components/ui/Modal";
import { RouteModal } from "~/components/ui/RouteModal";
import { nextPurchaseState } from "~/domain/share/purchase";
import { cancelPurchase, openPurchase } from "~/domain/share/purchase.server";
import { requireCustomer } from "~/platform/auth.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { readForm } from "~/platform/form.server";
import { safeRedirectPath } from "~/platform/redirect";

const SHARES_PAGE = "/content/shares";

/** "Kauf abbrechen": asks once more, then ends the customer's own purchase (docs/decisions/0021). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const open = await openPurchase(context.env.DB, customer.id);
  if (!open || nextPurchaseState(open.status, "cancel") === null) throw redirect(SHARES_PAGE);
  return { purchaseId: open.id, quantity: open.quantity };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const form = await readForm(request, context);
  const purchaseId = String(form.get("purchaseId") ?? "");
  const back = safeRedirectPath(form.get("redirectTo"), SHARES_PAGE);
  let cancelled = false;
  try {
    cancelled = purchaseId.length <= 64 && (await cancelPurchase(context.env.DB, customer.id, purchaseId));
  } catch (error) {
    console.error("share purchase could not be cancelled", error);
  }
  throw await redirectWithNotice(
    context.env,
    back,
    cancelled ? { type: "success", key: "shares:cancel.done" } : { type: "error", key: "shares:cancel.failed" },
  );
}

export default function CancelPurchase() {
  const { purchaseId, quantity } = useLoaderData<typeof loader>();
  const { t } = useTranslation("shares");
  return (
    <RouteModal labelledBy="share-cancel-title" closeTo={SHARES_PAGE}>
      <DialogTitle id="share-cancel-title">{t("cancel.title")}</DialogTitle>
      <p>{t("cancel.question", { count: quantity })}</p>
      <Form method="post" preventScrollReset>
        <AuthenticityTokenInput />
        <input type="hidden" name="purchaseId" value={purchaseId} />
        <div className="button-row">
          <button type="submit" className="button button-primary">
            {t("cancel.submit")}
          </button>
          <Link to={SHARES_PAGE} className="button button-secondary" preventScrollReset>
            {t("cancel.back")}
          </Link>
        </div>
      </Form>
    </RouteModal>
  );
}
