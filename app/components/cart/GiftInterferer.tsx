import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { GiftForm } from "~/domain/cart/schema";
import type { Cart } from "~/domain/cart/cart";
import { currentGiftStep, giftsLeft, missingToFirstStep } from "~/domain/cart/gifts";
import { formatEuro } from "~/domain/money/format";

export const GIFTS_PATH = "/cart/gifts";

/**
 * The gift interferer: once a step is reached and a gift is left, it invites the
 * customer to choose, until "Nicht jetzt" (which holds until the next step). Below the first step
 * it says how much is missing. The cart page is for signed-in customers only.
 */
export function GiftInterferer({ cart }: { cart: Cart }) {
  const { t } = useTranslation("cart");
  const subtotal = cart.totals.subtotalCents;
  const first = missingToFirstStep(cart.giftSteps, subtotal);
  if (first) {
    return (
      <p className="gift-hint">
        {t("gifts.missing", { missing: formatEuro(first.missingCents), amount: formatEuro(first.totalCents) })}
      </p>
    );
  }
  const step = currentGiftStep(cart.giftSteps, subtotal);
  if (!step || !cart.giftsAvailable) return null;
  if (cart.giftOfferDismissed) {
    return (
      <p className="gift-hint">
        <Link to={GIFTS_PATH} preventScrollReset>
          {t("gifts.choose")}
        </Link>
      </p>
    );
  }
  return (
    <section className="gift-interferer" aria-labelledby="gift-interferer-title">
      <h2 id="gift-interferer-title">{t("gifts.title")}</h2>
      <p>
        {t("gifts.reached", {
          amount: formatEuro(step.totalCents),
          count: giftsLeft(cart.giftSteps, subtotal, cart.giftsChosen),
        })}
      </p>
      <div className="button-row">
        <Link to={GIFTS_PATH} className="button button-primary" preventScrollReset>
          {t("gifts.choose")}
        </Link>
        <Form method="post" action={GIFTS_PATH} preventScrollReset>
          <AuthenticityTokenInput />
          <button
            type="submit"
            name="intent"
            value={"dismiss" satisfies GiftForm["intent"]}
            className="button button-secondary"
          >
            {t("gifts.notNow")}
          </button>
        </Form>
      </div>
    </section>
  );
}
