import type { FieldMetadata } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FieldErrors, TextField } from "~/components/form/Field";
import { CARRIERS, deliversTo } from "~/domain/checkout/carriers";
import type { Checkout } from "~/domain/checkout/checkout.server";
import type { Slot } from "~/domain/checkout/slots";
import { formatGermanDay, formatGermanDayWithYear } from "~/domain/content/date";
import { addressLine } from "~/domain/address/format";

type Fields = Record<"addressId" | "deliverySlot" | "telephone" | "pickupSlot" | "pickupTerms", FieldMetadata<string>>;

const invalid = (field: FieldMetadata<string>) =>
  field.errors?.length ? { "aria-invalid": true, "aria-describedby": field.errorId } : {};

/** Step 2: where and when: an own address, a wish slot and a phone, or a pickup slot in the store. */
export function DeliveryChoice({
  checkout,
  fields,
  search,
  storeMissing,
}: {
  checkout: Checkout;
  fields: Fields;
  search: string;
  /** An attempt to order (checked in the browser or by the server) found no store. */
  storeMissing: boolean;
}) {
  const { t } = useTranslation("checkout");
  const carrier = CARRIERS[checkout.carrier];
  if (carrier.isPickup)
    return <PickupChoice checkout={checkout} fields={fields} search={search} storeMissing={storeMissing} />;
  const chosen = fields.addressId.initialValue ?? String(checkout.addresses.find((a) => a.defaultShipping)?.id ?? "");
  return (
    <section className="checkout-step" aria-labelledby="address-title">
      <h2 id="address-title">{t("address.title")}</h2>
      <fieldset className="choice-list" {...invalid(fields.addressId)}>
        <legend>{t("address.legend")}</legend>
        {checkout.addresses.length === 0 ? <p>{t("address.none")}</p> : null}
        {checkout.addresses.map((a) => {
          const outside = !deliversTo(carrier, a);
          return (
            <label key={a.id} className="choice">
              <input
                type="radio"
                name={fields.addressId.name}
                value={a.id}
                defaultChecked={String(a.id) === chosen && !outside}
                disabled={outside}
              />
              <span className="choice-text">
                {addressLine(a)}
                {outside ? <span className="field-hint">{t("address.outsideArea")}</span> : null}
              </span>
            </label>
          );
        })}
        <FieldErrors field={fields.addressId} />
      </fieldset>
      <Link to={`/checkout/address${search}`} className="button button-secondary" preventScrollReset>
        {t("address.add")}
      </Link>
      {carrier.hasWishSlot ? <WishSlot slots={checkout.wishSlots} field={fields.deliverySlot} /> : null}
      {carrier.needsPhone ? (
        <TextField
          field={fields.telephone}
          label={t("phone.label")}
          type="tel"
          autoComplete="tel"
          hint={t("phone.hint")}
        />
      ) : null}
    </section>
  );
}

function WishSlot({ slots, field }: { slots: Slot[]; field: FieldMetadata<string> }) {
  const { t } = useTranslation("checkout");
  const days = [...new Set(slots.map((s) => s.date))];
  return (
    <div className={field.errors?.length ? "field has-error" : "field"}>
      <label htmlFor="delivery-slot">{t("slot.deliveryLegend")}</label>
      <select id="delivery-slot" name={field.name} defaultValue={field.initialValue ?? ""} {...invalid(field)}>
        <option value="">{t("slot.deliveryLabel")}</option>
        {days.map((day) => (
          <optgroup key={day} label={formatGermanDay(day)}>
            {slots
              .filter((s) => s.date === day)
              .map((s) => (
                <option key={s.key} value={s.key}>
                  {t("slot.option", { day: formatGermanDay(s.date), from: s.from, to: s.to })}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
      <p className="field-hint">{t("slot.timeZone")}</p>
      <FieldErrors field={field} />
    </div>
  );
}

function PickupChoice({
  checkout,
  fields,
  search,
  storeMissing,
}: {
  checkout: Checkout;
  fields: Fields;
  search: string;
  storeMissing: boolean;
}) {
  const { t } = useTranslation("checkout");
  const { store, pickupSlots } = checkout;
  const days = [...new Set(pickupSlots.map((s) => s.date))];
  const more = new URLSearchParams(search);
  more.set("more", "1");
  return (
    <section className="checkout-step" aria-labelledby="pickup-title">
      <h2 id="pickup-title">{t("pickup.title")}</h2>
      {store ? (
        <fieldset className="slot-grid" {...invalid(fields.pickupSlot)}>
          <legend>{t("pickup.slotsLegend", { store: store.name })}</legend>
          {pickupSlots.length === 0 ? <p>{t("pickup.noSlots")}</p> : null}
          {/* Each slot is named with its day ("Mo., 23.11.2026 08:00–10:00 noch 3 Plätze"): by its
              time alone, slots on different days sound the same to a screen reader. */}
          {days.map((day, d) => (
            <div key={day} className="slot-day">
              <p className="slot-day-name" id={`slot-day-${d}`}>
                {formatGermanDayWithYear(day)}
              </p>
              {pickupSlots
                .filter((s) => s.date === day)
                .map((s, i) => (
                  <label key={s.key} className={s.remaining ? "slot" : "slot is-sold-out"}>
                    <input
                      type="radio"
                      name={fields.pickupSlot.name}
                      value={s.key}
                      disabled={!s.remaining}
                      defaultChecked={fields.pickupSlot.initialValue === s.key}
                      aria-labelledby={`slot-day-${d} slot-${d}-${i}`}
                    />
                    <span id={`slot-${d}-${i}`}>
                      <span>
                        {s.from}–{s.to}
                      </span>{" "}
                      <span className="slot-remaining">
                        {s.remaining ? t("pickup.remaining", { count: s.remaining }) : t("pickup.soldOut")}
                      </span>
                    </span>
                  </label>
                ))}
            </div>
          ))}
          <FieldErrors field={fields.pickupSlot} />
          <p className="field-hint">{t("slot.timeZone")}</p>
          {checkout.moreDays ? null : (
            <Link to={`/checkout?${more}`} preventScrollReset>
              {t("pickup.moreDates")}
            </Link>
          )}
        </fieldset>
      ) : storeMissing ? (
        <p className="form-message form-message-error" id={fields.pickupSlot.errorId}>
          {t("error.missingStore")}
        </p>
      ) : (
        // No error before the customer could choose: it comes with an attempt to order.
        <p className="field-hint">{t("pickup.chooseStore")}</p>
      )}
      <div className={fields.pickupTerms.errors?.length ? "field field-checkbox has-error" : "field field-checkbox"}>
        <input
          type="checkbox"
          id="pickup-terms"
          name={fields.pickupTerms.name}
          defaultChecked={fields.pickupTerms.initialValue === "on"}
          {...invalid(fields.pickupTerms)}
        />
        <label htmlFor="pickup-terms">{t("pickup.terms")}</label>
        <FieldErrors field={fields.pickupTerms} />
      </div>
    </section>
  );
}
