/**
 * The zod schemas of the cart, gift, wishlist and theme forms, read as the server and the browser
 * read them. The examples are what the forms send and what a hand-edited or stale form may send;
 * each answer is written out, not derived from the code.
 */
import { getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { applyCouponSchema, cartFormSchema, giftFormSchema, setQuantitySchema } from "~/domain/cart/schema";
import { themeFormSchema } from "~/domain/customer/dark-mode";
import { wishlistFormSchema } from "~/domain/customer/wishlist";
import { parseFormAsSent } from "~/platform/form";
import { parseForm } from "~/platform/form.server";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

/** What the schema refused, by field, or what it read (either is null otherwise). */
const errorsOf = (submission: object): unknown => ("error" in submission ? submission.error : null) ?? null;
const readValue = (submission: object): unknown => ("value" in submission ? submission.value : null) ?? null;

const readCart = (fields: Record<string, string>) => parseFormAsSent(form(fields), cartFormSchema);

describe("cart form", () => {
  it.each([
    [
      { intent: "add", sku: "120001" },
      { intent: "add", sku: "120001", qty: 1 },
    ],
    [
      { intent: "add", sku: "120001", qty: "3" },
      { intent: "add", sku: "120001", qty: 3 },
    ],
    [
      { intent: "setQuantity", sku: "120001", qty: " 7 " },
      { intent: "setQuantity", sku: "120001", qty: 7 },
    ],
    [
      { intent: "setQuantity", sku: "120001", qty: "0" },
      { intent: "setQuantity", sku: "120001", qty: 0 },
    ],
    [
      { intent: "setQuantity", sku: "120001", qty: "99" },
      { intent: "setQuantity", sku: "120001", qty: 99 },
    ],
    [
      { intent: "remove", sku: "120001", gift: "1" },
      { intent: "remove", sku: "120001", gift: true },
    ],
    [
      { intent: "remove", sku: "120001", gift: "0" },
      { intent: "remove", sku: "120001", gift: false },
    ],
    [
      { intent: "remove", sku: "120001" },
      { intent: "remove", sku: "120001", gift: false },
    ],
    [
      { intent: "applyCoupon", code: "  herbst10 " },
      { intent: "applyCoupon", code: "herbst10" },
    ],
    [{ intent: "removeCoupon", csrf: "x", redirectTo: "/cart" }, { intent: "removeCoupon" }],
    // no SKU is the domain's to refuse ("Diesen Artikel gibt es nicht (mehr).")
    [{ intent: "add" }, { intent: "add", sku: "", qty: 1 }],
  ])("%j is read as %j", (fields, value) => {
    const submission = readCart(fields);
    expect(submission.status).toBe("success");
    expect(readValue(submission)).toEqual(value);
  });

  it.each(["", " ", "-1", "1.5", "abc", "100", "1e1", "0x10", "+5", "99999999999"])(
    "quantity %j: the German quantity message",
    (qty) => {
      for (const intent of ["add", "setQuantity"]) {
        const submission = readCart({ intent, sku: "120001", qty });
        expect(submission.status, `${intent} ${qty}`).toBe("error");
        expect(errorsOf(submission)).toEqual({ qty: ["cart:quantityInvalid"] });
      }
    },
  );

  it("adding nothing is a wrong quantity, while setting 0 takes the line out", () => {
    expect(errorsOf(readCart({ intent: "add", sku: "120001", qty: "0" }))).toEqual({ qty: ["cart:quantityInvalid"] });
    expect(readCart({ intent: "setQuantity", sku: "120001", qty: "0" }).status).toBe("success");
  });

  it.each(["", "   ", "X".repeat(41)])("voucher code %j: the German invalid-code message", (code) => {
    expect(errorsOf(readCart({ intent: "applyCoupon", code }))).toEqual({ code: ["cart:couponInvalid"] });
  });

  it("a missing or unknown intent is an error of the intent (the action answers 400)", () => {
    expect(Object.keys((errorsOf(readCart({ sku: "120001" })) as object) ?? {})).toEqual(["intent"]);
    expect(Object.keys((errorsOf(readCart({ intent: "nonsense" })) as object) ?? {})).toEqual(["intent"]);
  });

  it("gives the browser the same bounds as the page had: a required code of at most 40, a quantity 0..99", () => {
    expect(getZodConstraint(applyCouponSchema).code).toMatchObject({ required: true, maxLength: 40 });
    expect(getZodConstraint(setQuantitySchema).qty).toMatchObject({ required: true, min: 0, max: 99 });
  });
});

describe("gift dialog form", () => {
  it("reads a choice, 'Nicht jetzt', a choice without product, and refuses anything else", () => {
    const read = (fields: Record<string, string>) => parseFormAsSent(form(fields), giftFormSchema);
    expect(readValue(read({ intent: "choose", sku: "130042" }))).toEqual({ intent: "choose", sku: "130042" });
    expect(read({ intent: "dismiss" }).status).toBe("success");
    expect(readValue(read({ intent: "choose" }))).toEqual({ intent: "choose", sku: "" });
    expect(Object.keys((errorsOf(read({ sku: "130042" })) as object) ?? {})).toEqual(["intent"]);
  });
});

describe("wishlist and theme forms", () => {
  it("the heart: add or remove a product; anything else is the wishlist's German failure", () => {
    expect(parseForm(form({ intent: "add", sku: "120001" }), wishlistFormSchema).status).toBe("success");
    for (const fields of [{ intent: "toggle", sku: "120001" }, { intent: "add" }, { sku: "120001" }] as Record<
      string,
      string
    >[]) {
      const submission = parseForm(form(fields), wishlistFormSchema);
      expect(submission.status, JSON.stringify(fields)).toBe("error");
      expect(Object.values((errorsOf(submission) as object) ?? {}).flat()).toContain("account:wishlist.failed");
    }
  });

  it.each([
    [{ darkMode: "1" }, "1"],
    [{ darkMode: "0" }, "0"],
    [{ darkMode: "yes" }, "0"],
    [{}, "0"],
  ])("the toggle %j is %s", (fields, value) => {
    const submission = parseForm(form(fields as Record<string, string>), themeFormSchema);
    expect(readValue(submission)).toEqual({ darkMode: value });
  });
});
