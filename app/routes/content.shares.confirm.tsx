import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { DialogTitle } from "~/components/ui/Modal";
import { RouteModal } from "~/components/ui/RouteModal";
import { awaitsSignature } from "~/domain/share/purchase";
import { openPurchase } from "~/domain/share/purchase.server";
import { requireCustomer } from "~/platform/auth.server";

const SHARES_PAGE = "/content/shares";

/**
 * The 'E-Mail bestätigen' modal after the declaration (docs/decisions/0021): the shares appear in the cart
 * once the declaration is confirmed; the link cancels the purchase. Only while a declaration
 * waits for its signature; otherwise the page itself says where things stand.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const open = await openPurchase(context.env.DB, customer.id);
  if (!open || !awaitsSignature(open.status)) throw redirect(SHARES_PAGE);
  return null;
}

export default function ConfirmByEmail() {
  const { t } = useTranslation("shares");
  return (
    <RouteModal labelledBy="share-confirm-title" closeTo={SHARES_PAGE}>
      <DialogTitle id="share-confirm-title">{t("confirmModal.title")}</DialogTitle>
      <p>{t("confirmModal.text")}</p>
      <div className="button-row">
        <Link to={SHARES_PAGE} className="button button-primary" preventScrollReset>
          {t("confirmModal.close")}
        </Link>
        <Link to={`${SHARES_PAGE}/cancel`} className="button button-secondary" preventScrollReset>
          {t("confirmModal.cancelLink")}
        </Link>
      </div>
    </RouteModal>
  );
}
