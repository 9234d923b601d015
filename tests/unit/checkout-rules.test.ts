import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CARRIERS, CARRIER_CODES } from "~/domain/checkout/carriers";
import { isBic, isIban, maskedIban } from "~/domain/checkout/sepa";
import { PICKUP_SLOT_CAPACITY, deliveryWishSlots, pickupSlots } from "~/domain/checkout/slots";
import { checkoutProblems, isCheckoutValid, type CheckoutChoices } from "~/domain/checkout/validity";
import { berlinInstant, inBerlin } from "~/domain/time/berlin";

const RUNS = { numRuns: 10_000 };
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

const choices: fc.Arbitrary<CheckoutChoices> = fc.record({
  carrier: maybe(fc.constantFrom(...CARRIER_CODES)),
  addressId: maybe(fc.constantFrom("1", "200001")),
  deliverySlot: maybe(fc.constant("a|b")),
  telephone: maybe(fc.constant("+49 341 1234567")),
  storeId: maybe(fc.constant("leipzig-gohlis")),
  pickupSlot: maybe(fc.constant("c|d")),
  pickupTerms: maybe(fc.boolean()),
  paymentMethod: maybe(fc.constantFrom("paypal", "card", "sepa", "balance")),
});

describe("checkout validity (spec 4, property tests, 10,000 cases)", () => {
  it("is valid exactly when method, its address/phone/pickup needs and a payment method are there", () => {
    fc.assert(fc.property(choices, (c) => {
      const carrier = c.carrier ? CARRIERS[c.carrier] : null;
      const expected = Boolean(carrier) && Boolean(c.paymentMethod)
        && (!carrier!.needsAddress || Boolean(c.addressId))
        && (!carrier!.hasWishSlot || Boolean(c.deliverySlot))
        && (!carrier!.needsPhone || Boolean(c.telephone))
        && (!carrier!.isPickup || (Boolean(c.storeId) && Boolean(c.pickupSlot) && c.pickupTerms === true));
      expect(isCheckoutValid(c)).toBe(expected);
      // every problem names a field that is really missing
      for (const p of checkoutProblems(c)) expect(c[p.field] === undefined || c[p.field] === false).toBe(true);
    }), RUNS);
  });

  it("names the spec's check messages for a missing address and shipping method", () => {
    expect(checkoutProblems({ paymentMethod: "card" })).toEqual([{ field: "carrier", message: "checkout:error.missingShippingMethod" }]);
    expect(checkoutProblems({ carrier: "myensopackagedelivery", deliverySlot: "a|b", paymentMethod: "card" }))
      .toEqual([{ field: "addressId", message: "checkout:error.missingAddress" }]);
    expect(checkoutProblems({ carrier: "myensodhlexpress", addressId: "1", paymentMethod: "card" }))
      .toEqual([{ field: "telephone", message: "checkout:error.expressPhone" }]);
  });
});

describe("Berlin time and slots", () => {
  it("converts Berlin wall-clock times to UTC in winter and in summer, also at the switch", () => {
    expect(berlinInstant("2026-11-23", "09:00").toISOString()).toBe("2026-11-23T08:00:00.000Z");
    expect(berlinInstant("2026-07-01", "09:00").toISOString()).toBe("2026-07-01T07:00:00.000Z");
    expect(berlinInstant("2026-03-29", "12:00").toISOString()).toBe("2026-03-29T10:00:00.000Z");
    expect(berlinInstant("2026-10-25", "12:00").toISOString()).toBe("2026-10-25T11:00:00.000Z");
    fc.assert(fc.property(fc.date({ min: new Date("2024-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }), (d) => {
      const instant = new Date(Math.floor(d.getTime() / 60_000) * 60_000);
      const b = inBerlin(instant);
      const back = berlinInstant(b.date, b.time);
      // the one ambiguous hour in October maps to either of its two instants
      expect(Math.abs(back.getTime() - instant.getTime()) % 3_600_000).toBe(0);
      expect(inBerlin(back)).toEqual(b);
    }), RUNS);
  });

  it("offers wish slots Monday to Saturday only, starting two days ahead for parcels", () => {
    const slots = deliveryWishSlots("myensopackagedelivery", new Date("2026-11-21T10:00:00Z"));
    expect(slots[0].date).toBe("2026-11-23");
    expect(slots.some((s) => s.date === "2026-11-29")).toBe(false); // a Sunday
    expect(deliveryWishSlots("myensodhlexpress", new Date())).toEqual([]);
  });

  it("lays pickup slots into staffed hours, three hours ahead at the earliest, with remaining places", () => {
    const staffed = Array.from({ length: 7 }, (_, i) => (i === 6 ? [] : [["08:00", "12:00"]] as [string, string][]));
    const now = new Date("2026-11-23T07:30:00Z"); // Monday 08:30 in Berlin
    const start = berlinInstant("2026-11-24", "08:00").toISOString();
    const slots = pickupSlots(staffed, now, 2, new Map([[start, 4]]));
    // Monday's 10:00 slot is only 1.5 hours away, so Tuesday is the first
    expect(slots.map((s) => `${s.date} ${s.from}-${s.to}`)).toEqual(["2026-11-24 08:00-10:00", "2026-11-24 10:00-12:00"]);
    expect(slots[0].remaining).toBe(PICKUP_SLOT_CAPACITY - 4);
  });
});

describe("SEPA data", () => {
  it("checks IBAN (mod 97) and BIC, and masks an IBAN for showing", () => {
    expect(isIban("DE89 3704 0044 0532 0130 00")).toBe(true);
    expect(isIban("DE89 3704 0044 0532 0130 01")).toBe(false);
    expect(isIban("")).toBe(false);
    expect(isBic("COBADEFFXXX")).toBe(true);
    expect(isBic("COBADE")).toBe(false);
    expect(maskedIban("DE89370400440532013000")).toBe("DE89 **** **** **** **30 00");
  });
});
