import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CARRIER_CODES, type CarrierCode } from "~/domain/checkout/carriers";
import { isBic, isIban } from "~/domain/sepa/mandate";
import { PICKUP_SLOT_CAPACITY, deliveryWishSlots, pickupSlots } from "~/domain/checkout/slots";
import { checkoutProblems, type CheckoutChoices } from "~/domain/checkout/validity";
import { berlinInstant, inBerlin } from "~/domain/time/berlin";

const RUNS = { numRuns: 10_000 };
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const WISH = { start: "2026-11-23T07:00:00.000Z", end: "2026-11-23T13:00:00.000Z" };
const PICKUP = { start: "2026-11-24T07:00:00.000Z", end: "2026-11-24T09:00:00.000Z" };

const choices: fc.Arbitrary<CheckoutChoices> = fc.record({
  carrier: maybe(fc.constantFrom(...CARRIER_CODES)),
  addressId: maybe(fc.constantFrom(1, 200001)),
  deliverySlot: maybe(fc.constant(WISH)),
  telephone: maybe(fc.constant("+49 341 1234567")),
  storeId: maybe(fc.constant("leipzig-gohlis")),
  pickupSlot: maybe(fc.constant(PICKUP)),
  pickupTerms: maybe(fc.boolean()),
  paymentMethod: maybe(fc.constantFrom("paypal", "card", "sepa", "balance")),
});

type Field = keyof CheckoutChoices;

/**
 * The independent oracle, written out from the product's checkout rules by hand (and the wish
 * slots of docs/decisions/0005-checkout-orders-payment.md): what each shipping method asks for
 * besides itself and a payment method.
 */
const NEEDS: Record<CarrierCode, Field[]> = {
  myensopackagedelivery: ["addressId", "deliverySlot"],
  myensodhlexpress: ["addressId", "telephone"],
  clickandcollect: ["storeId", "pickupSlot", "pickupTerms"],
  myensofoodshipping: ["addressId", "deliverySlot"],
};

/** The check message each missing field gets, word for word. */
const MESSAGE: Record<Field, string> = {
  carrier: "checkout:error.missingShippingMethod",
  addressId: "checkout:error.missingAddress",
  deliverySlot: "checkout:error.missingDeliverySlot",
  telephone: "checkout:error.expressPhone",
  storeId: "checkout:error.missingStore",
  pickupSlot: "checkout:error.missingPickupSlot",
  pickupTerms: "checkout:error.pickupTerms",
  paymentMethod: "checkout:error.missingPaymentMethod",
};

/** A field counts as given when it has a value; the pickup terms only when acknowledged. */
const given = (c: CheckoutChoices, field: Field) =>
  field === "pickupTerms" ? c.pickupTerms === true : c[field] !== undefined;

function missingFields(c: CheckoutChoices): Field[] {
  const wanted: Field[] = ["carrier", ...(c.carrier ? NEEDS[c.carrier] : []), "paymentMethod"];
  return wanted.filter((field) => !given(c, field));
}

const fieldsOf = (c: CheckoutChoices) =>
  checkoutProblems(c)
    .map((p) => p.field)
    .sort();

describe("checkout validity: worked examples", () => {
  const card = { paymentMethod: "card" };
  it.each([
    ["nothing chosen", {}, ["carrier", "paymentMethod"]],
    ["only a payment method", card, ["carrier"]],
    [
      "standard delivery with address and slot",
      { ...card, carrier: "myensopackagedelivery", addressId: 1, deliverySlot: WISH },
      [],
    ],
    [
      "standard delivery without an address",
      { ...card, carrier: "myensopackagedelivery", deliverySlot: WISH },
      ["addressId"],
    ],
    [
      "standard delivery without a wish slot",
      { ...card, carrier: "myensopackagedelivery", addressId: 1 },
      ["deliverySlot"],
    ],
    [
      "express with address and phone",
      { ...card, carrier: "myensodhlexpress", addressId: 1, telephone: "+49 341 1234567" },
      [],
    ],
    ["express without a phone", { ...card, carrier: "myensodhlexpress", addressId: 1 }, ["telephone"]],
    [
      "express needs no wish slot",
      { ...card, carrier: "myensodhlexpress", addressId: 1, telephone: "0341 1234567", deliverySlot: undefined },
      [],
    ],
    [
      "click & collect with store, slot and terms",
      { ...card, carrier: "clickandcollect", storeId: "leipzig-gohlis", pickupSlot: PICKUP, pickupTerms: true },
      [],
    ],
    [
      "click & collect needs no address",
      {
        ...card,
        carrier: "clickandcollect",
        storeId: "leipzig-gohlis",
        pickupSlot: PICKUP,
        pickupTerms: true,
        addressId: undefined,
      },
      [],
    ],
    [
      "click & collect, terms not acknowledged",
      { ...card, carrier: "clickandcollect", storeId: "leipzig-gohlis", pickupSlot: PICKUP, pickupTerms: false },
      ["pickupTerms"],
    ],
    [
      "click & collect without a pickup option",
      { ...card, carrier: "clickandcollect", pickupTerms: true },
      ["pickupSlot", "storeId"],
    ],
    [
      "local food delivery with address and slot",
      { ...card, carrier: "myensofoodshipping", addressId: 1, deliverySlot: WISH },
      [],
    ],
    [
      "local food delivery without a wish slot",
      { ...card, carrier: "myensofoodshipping", addressId: 1 },
      ["deliverySlot"],
    ],
    [
      "local food delivery, no payment method",
      { carrier: "myensofoodshipping", addressId: 1, deliverySlot: WISH },
      ["paymentMethod"],
    ],
  ] as [string, CheckoutChoices, Field[]][])("%s -> missing %j", (_, c, missing) => {
    expect(fieldsOf(c)).toEqual([...missing].sort());
    expect(missingFields(c).sort()).toEqual([...missing].sort());
  });

  it("names the check messages for a missing address and shipping method", () => {
    expect(checkoutProblems({ paymentMethod: "card" })).toEqual([
      { field: "carrier", message: "checkout:error.missingShippingMethod" },
    ]);
    expect(checkoutProblems({ carrier: "myensopackagedelivery", deliverySlot: WISH, paymentMethod: "card" })).toEqual([
      { field: "addressId", message: "checkout:error.missingAddress" },
    ]);
    expect(checkoutProblems({ carrier: "myensodhlexpress", addressId: 1, paymentMethod: "card" })).toEqual([
      { field: "telephone", message: "checkout:error.expressPhone" },
    ]);
  });
});

describe("checkout validity against the table of needs (property test, 10,000 cases)", () => {
  it("names exactly the missing fields, each with its own message", () => {
    fc.assert(
      fc.property(choices, (c) => {
        const problems = checkoutProblems(c);
        expect(problems.map((p) => p.field).sort()).toEqual(missingFields(c).sort());
        for (const p of problems) expect(p.message).toBe(MESSAGE[p.field]);
      }),
      RUNS,
    );
  });
});

describe("Berlin time and slots", () => {
  it("converts Berlin wall-clock times to UTC in winter and in summer, also at the switch", () => {
    expect(berlinInstant("2026-11-23", "09:00").toISOString()).toBe("2026-11-23T08:00:00.000Z");
    expect(berlinInstant("2026-07-01", "09:00").toISOString()).toBe("2026-07-01T07:00:00.000Z");
    expect(berlinInstant("2026-03-29", "12:00").toISOString()).toBe("2026-03-29T10:00:00.000Z");
    expect(berlinInstant("2026-10-25", "12:00").toISOString()).toBe("2026-10-25T11:00:00.000Z");
    fc.assert(
      fc.property(fc.date({ min: new Date("2024-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }), (d) => {
        const instant = new Date(Math.floor(d.getTime() / 60_000) * 60_000);
        const b = inBerlin(instant);
        const back = berlinInstant(b.date, b.time);
        // the one ambiguous hour in October maps to either of its two instants
        expect(Math.abs(back.getTime() - instant.getTime()) % 3_600_000).toBe(0);
        expect(inBerlin(back)).toEqual(b);
      }),
      RUNS,
    );
  });

  it("offers wish slots Monday to Saturday only, starting two days ahead for parcels", () => {
    const slots = deliveryWishSlots("myensopackagedelivery", new Date("2026-11-21T10:00:00Z"));
    expect(slots[0].date).toBe("2026-11-23");
    expect(slots.some((s) => s.date === "2026-11-29")).toBe(false); // a Sunday
    expect(deliveryWishSlots("myensodhlexpress", new Date())).toEqual([]);
  });

  it("lays pickup slots into staffed hours, three hours ahead at the earliest, with remaining places", () => {
    const staffed = Array.from({ length: 7 }, (_, i) => (i === 6 ? [] : ([["08:00", "12:00"]] as [string, string][])));
    const now = new Date("2026-11-23T07:30:00Z"); // Monday 08:30 in Berlin
    const start = berlinInstant("2026-11-24", "08:00").toISOString();
    const slots = pickupSlots(staffed, now, 2, new Map([[start, 4]]));
    // Monday's 10:00 slot is only 1.5 hours away, so Tuesday is the first
    expect(slots.map((s) => `${s.date} ${s.from}-${s.to}`)).toEqual([
      "2026-11-24 08:00-10:00",
      "2026-11-24 10:00-12:00",
    ]);
    expect(slots[0].remaining).toBe(PICKUP_SLOT_CAPACITY - 4);
  });
});

describe("SEPA data", () => {
  it("checks IBAN (mod 97) and BIC", () => {
    expect(isIban("DE89 3704 0044 0532 0130 00")).toBe(true);
    expect(isIban("DE89 3704 0044 0532 0130 01")).toBe(false);
    expect(isIban("")).toBe(false);
    expect(isBic("COBADEFFXXX")).toBe(true);
    expect(isBic("COBADE")).toBe(false);
  });
});
