import { Form, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { AuthenticityTokenInput, useAuthenticityToken } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/texts";

export const SHARES_TO_CART = "/cart/shares";

/** The admitted shares into the cart by hand: the way without JavaScript (and a fallback with it). */
export function SharesReadyForm() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action={SHARES_TO_CART} className="inline-form">
      <AuthenticityTokenInput />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" className="button button-primary">
        {t("sharePurchase.ready.submit")}
      </button>
    </Form>
  );
}

/**
 * Admitted shares that are not in the cart yet (docs/decisions/0021: when not blocked, pending
 * shares go to the cart). With JavaScript they are put there at once, once per page load: the
 * server moves them only once however many tabs ask, and a tab that comes second says nothing.
 * Without JavaScript the notice offers the button.
 */
export function SharesReady({ quantity }: { quantity: number }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const csrf = useAuthenticityToken();
  const sent = useRef(false);
  const submit = fetcher.submit;
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    submit({ csrf, quiet: "1" }, { method: "post", action: SHARES_TO_CART });
  }, [submit, csrf]);
  return (
    <div className="shares-ready" role="status">
      <p>{t("sharePurchase.ready.text", { count: quantity })}</p>
      <SharesReadyForm />
    </div>
  );
}
