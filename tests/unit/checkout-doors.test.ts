/**
 * The checkout's two doors (issue 30): the page's form strings and the API's JSON body become the
 * same typed draft for the same order, the checkout's rules refuse it at each door's own field, and
 * one table answers what placing the order came to. The expected values are written out, not
 * derived from the code under test.
 */
import { describe, expect, it } from "vitest";
import { BODY_PATH, draftOfBody, placeOf, submitBody } from "~/api/checkout/submit-body.server";
import { invalidFormInput } from "~/api/errors.server";
import { CHECKOUT_FIELDS, checkoutInputSchemaFor } from "~/domain/checkout/checkout-input";
import { checkoutSchemaFor, FORM_FIELD, formFieldErrors } from "~/domain/checkout/schema";
import { orderAnswer } from "~/http/checkout/order-answers.server";
import type { SubmitOutcome } from "~/http/checkout/order-submit.server";
import { parseForm } from "~/platform/form.server";

const KEY = "seam-checkout-key-0001";
const WISH = { start: "2026-11-23T07:00:00.000Z", end: "2026-11-23T13:00:00.000Z" };
const PICKUP = { start: "2026-11-24T13:00:00.000Z", end: "2026-11-24T15:00:00.000Z" };
const IBAN = "DE89370400440532013000";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

/** The page door: the form as the browser posts it, parsed as the action parses it. */
function pageDoor(fields: Record<string, string>, ships = true) {
  return parseForm(form({ idempotencyKey: KEY, ...fields }), checkoutSchemaFor({ ships }));
}

/** The API door: the body read by its schema, then into the draft and through the same rules. */
function apiDoor(body: Record<string, unknown>, ships = true) {
  return checkoutInputSchemaFor({ ships }).safeParse(draftOfBody(submitBody.parse(body), KEY));
}

interface Order {
  name: string;
  /** What the page's form posts. */
  fields: Record<string, string>;
  /** What an app sends the API. */
  body: Record<string, unknown>;
  /** What both doors must read. */
  draft: object;
}

const MANDATE = { bank: "Sparkasse Leipzig", iban: IBAN, bic: "COBADEFFXXX", mandateAccepted: true };

const ORDERS: Order[] = [
  {
    name: "standard delivery, SEPA with credit first",
    fields: {
      carrier: "myensopackagedelivery",
      addressId: "4711",
      deliverySlot: `${WISH.start}|${WISH.end}`,
      paymentMethod: "sepa",
      useCredit: "on",
      sepaBank: "Sparkasse Leipzig",
      iban: IBAN,
      bic: "COBADEFFXXX",
      sepaConsent: "on",
      comment: " Bitte klingeln ",
      expectedTotal: "2875",
    },
    body: {
      paymentMethod: "sepa",
      shippingRuleset: "myensopackagedelivery",
      shippingAddressId: 4711,
      // the same instants with Berlin's offset: the API reads any offset
      shippingDate: "2026-11-23T08:00:00+01:00",
      shippingDateEnd: "2026-11-23T14:00:00+01:00",
      useCredit: true,
      sepa: MANDATE,
      orderComment: " Bitte klingeln ",
      grandTotal: 28.75,
    },
    draft: {
      idempotencyKey: KEY,
      carrier: "myensopackagedelivery",
      addressId: 4711,
      deliverySlot: WISH,
      telephone: "",
      pickupTerms: false,
      paymentMethod: "sepa",
      useCredit: true,
      sepa: MANDATE,
      comment: "Bitte klingeln",
      expectedTotal: 2875,
    },
  },
  {
    name: "click & collect, PayPal",
    fields: {
      carrier: "clickandcollect",
      storeId: "leipzig-suedvorstadt",
      pickupSlot: `${PICKUP.start}|${PICKUP.end}`,
      pickupTerms: "on",
      paymentMethod: "paypal",
      expectedTotal: "2380",
    },
    body: {
      paymentMethod: "paypal",
      shippingRuleset: "clickandcollect",
      pickupStore: "leipzig-suedvorstadt",
      pickupDate: PICKUP.start,
      pickupDateEnd: PICKUP.end,
      pickupLocation: { name: "Frischkorb Leipzig-Südvorstadt" },
      pickupTermsAccepted: true,
      grandTotal: "23.80",
    },
    draft: {
      idempotencyKey: KEY,
      carrier: "clickandcollect",
      storeId: "leipzig-suedvorstadt",
      pickupSlot: PICKUP,
      telephone: "",
      pickupTerms: true,
      paymentMethod: "paypal",
      useCredit: false,
      comment: "",
      expectedTotal: 2380,
    },
  },
];

describe("both doors read the same order into the same typed draft", () => {
  it.each(ORDERS)("$name", ({ fields, body, draft }) => {
    const page = pageDoor(fields);
    const api = apiDoor(body);
    expect(page.status).toBe("success");
    expect(api.success).toBe(true);
    expect(page.status === "success" ? page.value : null).toEqual(draft);
    expect(api.success ? api.data : null).toEqual(draft);
  });

  it("a slot key with a second bar is no offered slot's: its end keeps the rest", () => {
    const page = pageDoor({ ...ORDERS[0].fields, paymentMethod: "card", deliverySlot: `${WISH.start}|${WISH.end}|x` });
    expect(page.status === "success" && page.value.deliverySlot).toEqual({ start: WISH.start, end: `${WISH.end}|x` });
  });
});

/** The API's refusal parameters for a draft the rules refuse. */
async function apiRefusal(body: Record<string, unknown>, ships = true): Promise<string[]> {
  const checked = apiDoor(body, ships);
  if (checked.success) throw new Error("the rules accepted it");
  return (await invalidFormInput(checked.error, BODY_PATH)).parameters;
}

const pageErrors = (fields: Record<string, string>) => {
  const page = pageDoor(fields);
  return page.status === "error" ? page.error : null;
};

describe("a rule's refusal lands at each door's own field", () => {
  it("a wrong IBAN and a missing mandate: iban and sepaConsent on the page, body.sepa.* in the API", async () => {
    const wrong = "DE89370400440532013001";
    expect(pageErrors({ ...ORDERS[0].fields, iban: wrong, sepaConsent: "" })).toEqual({
      iban: ["validation.sepa.iban"],
      sepaConsent: ["validation.sepa.consent"],
    });
    expect(await apiRefusal({ ...ORDERS[0].body, sepa: { ...MANDATE, iban: wrong, mandateAccepted: false } })).toEqual([
      "body.sepa.iban: Bitte gib eine gültige IBAN ein.",
      "body.sepa.mandateAccepted: Bitte erteile das SEPA-Lastschriftmandat.",
    ]);
  });

  it("click & collect without the terms and the slot: pickupTerms, pickupSlot; body.pickupTermsAccepted, body.pickupDate", async () => {
    expect(pageErrors({ ...ORDERS[1].fields, pickupTerms: "", pickupSlot: "" })).toEqual({
      pickupSlot: ["checkout:error.missingPickupSlot"],
      pickupTerms: ["checkout:error.pickupTerms"],
    });
    expect(
      await apiRefusal({
        ...ORDERS[1].body,
        pickupTermsAccepted: false,
        pickupDate: undefined,
        pickupDateEnd: undefined,
      }),
    ).toEqual([
      "body.pickupDate: Bitte wähle eine Abholzeit.",
      "body.pickupTermsAccepted: Bitte bestätige die Abholbedingungen.",
    ]);
  });

  it("the cart decides whether a shipping method is needed, at both doors alike", async () => {
    const { carrier: _c, addressId: _a, deliverySlot: _d, ...noShipping } = ORDERS[0].fields;
    expect(pageErrors(noShipping)).toEqual({ carrier: ["checkout:error.missingShippingMethod"] });
    expect(pageDoor(noShipping, false).status).toBe("success");
    const {
      shippingRuleset: _s,
      shippingAddressId: _i,
      shippingDate: _sd,
      shippingDateEnd: _e,
      ...body
    } = ORDERS[0].body;
    expect(await apiRefusal(body)).toEqual(["body.shippingRuleset: Bitte wähle eine Versandart."]);
    expect(apiDoor(body, false).success).toBe(true);
  });

  it("the order placement's refusals, by field of the draft, at each door's name", () => {
    const refused = { pickupSlot: ["checkout:error.slotFull"], "sepa.mandateAccepted": ["validation.sepa.consent"] };
    expect(formFieldErrors(refused)).toEqual({
      pickupSlot: ["checkout:error.slotFull"],
      sepaConsent: ["validation.sepa.consent"],
    });
    expect(placeOf("pickupSlot")).toBe("body.pickupDate");
    expect(placeOf("sepa.mandateAccepted")).toBe("body.sepa.mandateAccepted");
    expect(placeOf("idempotencyKey")).toBe("header.Idempotency-Key");
  });

  it("no two fields of the draft share a place at either door", () => {
    const onPage = CHECKOUT_FIELDS.map((f) => FORM_FIELD[f]);
    const inApi = CHECKOUT_FIELDS.map(placeOf);
    expect(new Set(onPage).size).toBe(CHECKOUT_FIELDS.length);
    expect(new Set(inApi).size).toBe(CHECKOUT_FIELDS.length);
  });
});

describe("one table answers what placing the order came to", () => {
  const order = {
    id: "o1",
    incrementId: 100000042,
    status: "pending_payment",
    paymentId: "pay_1",
    paymentStatus: "pending",
  };

  const ENDINGS: [string, SubmitOutcome, number, string[], object][] = [
    ["throttled", { kind: "throttled" }, 429, ["pages.checkout.error.checkoutError"], {}],
    [
      "failed",
      { kind: "failed", formErrors: ["pages.checkout.error.checkoutError"] },
      503,
      ["pages.checkout.error.checkoutError"],
      {},
    ],
    [
      "refused",
      { kind: "refused", formErrors: [], fieldErrors: { addressId: ["checkout:error.outsideDeliveryArea"] } },
      409,
      [],
      { addressId: ["checkout:error.outsideDeliveryArea"] },
    ],
    [
      "placed, payment failed",
      { kind: "placed", order, payment: { kind: "failed", method: "card" } },
      503,
      ["pages.checkout.error.payment.card"],
      {},
    ],
  ];

  it.each(ENDINGS)("%s ends the order with %i", (_, outcome, status, formErrors, fieldErrors) => {
    expect(orderAnswer(outcome)).toMatchObject({ kind: "ended", status, formErrors, fieldErrors });
  });

  it("only a throttle has the API's own wording, only a failed payment is the page's notice", () => {
    const throttled = orderAnswer({ kind: "throttled" });
    const paymentFailed = orderAnswer({ kind: "placed", order, payment: { kind: "failed", method: "paypal" } });
    const refused = orderAnswer({ kind: "refused", formErrors: ["checkout:error.totalChanged"], fieldErrors: {} });
    expect(throttled).toMatchObject({ apiMessage: "session.throttled" });
    expect(paymentFailed).toMatchObject({ notice: true });
    expect(refused).not.toHaveProperty("notice");
    expect(refused).not.toHaveProperty("apiMessage");
  });

  it("a placed order goes on to the provider's page, or to where nothing is left to pay", () => {
    const started = { kind: "started", pageUrl: "/payment/sandbox/pay_1?key=ab" } as const;
    expect(orderAnswer({ kind: "placed", order, payment: started })).toEqual({
      kind: "placed",
      order,
      next: "/payment/sandbox/pay_1?key=ab",
    });
    const paid = { ...order, status: "processing", paymentId: null, paymentStatus: null };
    expect(orderAnswer({ kind: "placed", order: paid, payment: null })).toMatchObject({
      next: "/checkout/success?order=100000042",
    });
  });
});
