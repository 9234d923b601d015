import { DialogTitle } from "~/components/ui/Modal";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { GiftOfferList } from "~/components/cart/GiftOfferList";
import { RouteModal } from "~/components/ui/RouteModal";
import { loadGiftOffer } from "~/domain/cart/gifts.server";
import { formatEuro } from "~/domain/money/format";
import { answerGiftForm } from "~/http/cart/gift-form.server";
import { requireCustomer } from "~/platform/auth.server";
import { PRIVATE_CACHE_CONTROL, privatePageHeaders } from "~/platform/edge-cache.server";
import { redirectWithNotice } from "~/platform/flash.server";
import { orGeneralError, readForm } from "~/platform/form.server";

export const headers = privatePageHeaders;

/** The gift selection modal, a nested route of the cart: it has a URL and works without JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const offer = await loadGiftOffer(context.env.DB, customer.id);
  return data({ offer }, { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
}

/**
 * Choosing a gift and "Nicht jetzt". Every answer goes back to the cart with a notice — with
 * JavaScript too, which closes the modal; the server checks the choice again either way.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const form = await readForm(request, context);
  const notice = await orGeneralError("gift choice", () => answerGiftForm(context.env.DB, customer.id, form));
  throw await redirectWithNotice(context.env, "/cart", notice);
}

export default function GiftSelection() {
  const { offer } = useLoaderData<typeof loader>();
  const { t } = useTranslation("cart");
  return (
    <RouteModal labelledBy="gift-modal-title" closeTo="/cart">
      <DialogTitle id="gift-modal-title">{t("gifts.modalTitle")}</DialogTitle>
      {offer.step ? (
        <p>{t("gifts.modalIntro", { amount: formatEuro(offer.step.totalCents), count: offer.step.products })}</p>
      ) : (
        offer.firstStep && (
          <p>
            {t("gifts.belowFirstStep", {
              amount: formatEuro(offer.firstStep.totalCents),
              missing: formatEuro(offer.firstStep.missingCents),
            })}
          </p>
        )
      )}
      <GiftOfferList offer={offer} />
    </RouteModal>
  );
}
