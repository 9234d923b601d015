import { useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/texts";
import { LogoutButton } from "~/components/layout/LogoutButton";
import { DialogTitle } from "~/components/ui/Modal";
import { Modal } from "~/components/ui/Modal";
import { SHARES_POLL_MS } from "~/domain/share/poll";
import type { FrontendStatus } from "~/domain/share/purchase";

export const PURCHASE_STATUS = "/account/shareholder/status";

/**
 * The blocked-shareholder waiting modal (docs/decisions/0021): while the cooperative checks a
 * signed declaration, every page shows it. With JavaScript it asks for the purchase status every
 * 5000 ms; once it is no longer pending the customer's data are read again (the root loader),
 * which closes it and offers the admitted shares to the cart. Without JavaScript the page reloads
 * itself every 5 s (the refresh in the document's head, root.tsx). It has no close button: the
 * customer's account is blocked until the check is done, which takes a minute or two. Signing out
 * is the way out (docs/decisions/0038): with JavaScript it is the control the modal focuses; without,
 * every reload puts the focus on the modal's heading (autofocus), so the customer stays at the modal,
 * one Tab from signing out, instead of being sent back to the top of the page every 5 s.
 * The browser loads this module on demand (root.tsx, docs/decisions/0054).
 */
export function ShareWaitingModal() {
  const { t } = useTranslation();
  const status = useFetcher<{ frontendStatus: FrontendStatus }>();
  const { revalidate } = useRevalidator();
  const load = status.load;
  useEffect(() => {
    const timer = setInterval(() => load(PURCHASE_STATUS), SHARES_POLL_MS);
    return () => clearInterval(timer);
  }, [load]);
  const done = status.data && status.data.frontendStatus !== "pending";
  useEffect(() => {
    if (done) revalidate();
  }, [done, revalidate]);
  return (
    <Modal
      labelledBy="share-waiting-title"
      className="share-waiting"
      openWithoutJs
      onClose={() => {}}
      closeControl={<span hidden />}
    >
      <DialogTitle id="share-waiting-title">{t("sharePurchase.waiting.title")}</DialogTitle>
      <p>{t("sharePurchase.waiting.text")}</p>
      <p className="field-hint" role="status">
        <span className="spinner" aria-hidden="true" /> {t("sharePurchase.waiting.status")}
      </p>
      <p>{t("sharePurchase.waiting.logoutHint")}</p>
      <LogoutButton className="button button-secondary" />
    </Modal>
  );
}
