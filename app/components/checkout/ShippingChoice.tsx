import { Form, useSubmit } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { CARRIERS, CARRIER_CODES, type CarrierCode } from "~/domain/checkout/carriers";
import { StoreChoice } from "~/components/store/StoreChoice";
import type { StoreCandidate } from "~/domain/store/choice";
import { formatEuro } from "~/domain/money/format";

/** The query parameter of the store search (the checkout loader reads it too). */
export const STORE_SEARCH_PARAM = "storeSearch";

/**
 * The shipping method is chosen with a GET form, so the page can show what the method needs
 * (addresses, wish slots, stores and their slots) without JavaScript; with JavaScript a change
 * submits it at once. The store search is part of this form: nothing of the order form below is
 * entered yet when it is sent, and the carrier and the chosen store go along (decision 0023).
 */
export function ShippingChoice({
  carrier,
  stores,
  storeId,
  postcode,
  storeSearch,
  allStores,
  freeShipping,
}: {
  carrier: CarrierCode;
  stores: StoreCandidate[];
  storeId: string | null;
  postcode: string | null;
  storeSearch: string;
  allStores: boolean;
  freeShipping: boolean;
}) {
  const { t } = useTranslation("checkout");
  const submit = useSubmit();
  return (
    <section className="checkout-step" aria-labelledby="shipping-title">
      <h2 id="shipping-title">{t("shipping.title")}</h2>
      <Form
        method="get"
        preventScrollReset
        onChange={(e) => {
          // Typing a search filters the stores in place; only a choice is sent.
          if ((e.target as HTMLInputElement).name === STORE_SEARCH_PARAM) return;
          submit(e.currentTarget, { preventScrollReset: true, replace: true });
        }}
      >
        <fieldset className="choice-list">
          <legend>{t("shipping.legend")}</legend>
          {CARRIER_CODES.map((code) => {
            const price = CARRIERS[code].priceCents;
            return (
              <label key={code} className="choice">
                <input type="radio" name="carrier" value={code} defaultChecked={code === carrier} />
                <span className="choice-text">
                  <strong>{t(`carrier.${code}`)}</strong>
                  <span className="choice-price">
                    {price === 0 || freeShipping ? t("shipping.free") : formatEuro(price)}
                  </span>
                  <span className="field-hint">{t(`carrierHint.${code}`)}</span>
                </span>
              </label>
            );
          })}
        </fieldset>
        {CARRIERS[carrier].isPickup ? (
          <StoreChoice
            id="pickup-store"
            candidates={stores}
            postcode={postcode}
            search={storeSearch}
            showAll={allStores}
            chosenId={storeId}
            radioName="store"
            searchName={STORE_SEARCH_PARAM}
            searchAs={{}}
            moreAs={{ name: "allStores", value: "1" }}
            legend={t("pickup.store")}
          />
        ) : null}
        <button type="submit" className="button button-secondary">
          {CARRIERS[carrier].isPickup ? t("pickup.showSlots") : t("shipping.apply")}
        </button>
      </Form>
    </section>
  );
}
