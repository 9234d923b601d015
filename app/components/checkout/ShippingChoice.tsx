import { Form, useSubmit } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { CARRIERS, CARRIER_CODES, type CarrierCode } from "~/domain/checkout/carriers";
import type { PickupStore } from "~/domain/checkout/checkout.server";
import { addressLine } from "~/domain/address/format";
import { formatEuro } from "~/domain/money/format";

/**
 * The shipping method is chosen with a GET form, so the page can show what the method needs
 * (addresses, wish slots, stores and their slots) without JavaScript; with JavaScript a change
 * submits it at once.
 */
export function ShippingChoice({
  carrier,
  stores,
  storeId,
  freeShipping,
}: {
  carrier: CarrierCode;
  stores: PickupStore[];
  storeId: string | null;
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
        onChange={(e) => submit(e.currentTarget, { preventScrollReset: true, replace: true })}
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
          <div className="field">
            <label htmlFor="pickup-store">{t("pickup.store")}</label>
            <select id="pickup-store" name="store" defaultValue={storeId ?? ""}>
              <option value="">{t("pickup.chooseStore")}</option>
              {stores.map((s) => (
                <option key={s.id} value={s.id}>{`${s.name} – ${addressLine(s)}`}</option>
              ))}
            </select>
          </div>
        ) : null}
        <button type="submit" className="button button-secondary">
          {CARRIERS[carrier].isPickup ? t("pickup.showSlots") : t("shipping.apply")}
        </button>
      </Form>
    </section>
  );
}
