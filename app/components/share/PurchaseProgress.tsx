import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { nextPurchaseState } from "~/domain/share/purchase";
import type { OpenPurchase } from "~/domain/share/purchase.server";
import { SharesReadyForm } from "./SharesReady";

/** Where the customer's declaration stands, with what can be done next (cancel, cart). */
export function PurchaseProgress({ purchase }: { purchase: OpenPurchase }) {
  const { t } = useTranslation("shares");
  const cancellable = nextPurchaseState(purchase.status, "cancel") !== null;
  return (
    <div className="purchase-progress" role="status">
      <p className="form-message form-message-info">
        {t(`purchase.state.${purchase.status}`, { count: purchase.quantity })}
      </p>
      <div className="button-row">
        {purchase.status === "approved" ? <SharesReadyForm /> : null}
        {purchase.status === "in_cart" || purchase.status === "ordered" ? (
          <Link to="/cart" className="button button-primary">
            {t("purchase.toCart")}
          </Link>
        ) : null}
        {cancellable ? (
          <Link to="/content/shares/cancel" className="button button-secondary" preventScrollReset>
            {t("cancel.title")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
