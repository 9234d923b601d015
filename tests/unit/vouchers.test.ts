/**
 * Marketing's voucher and gift-step forms and the rule that refuses a voucher (issue 33 §3,
 * docs/decisions/0044): German decimals to cents, percent 1–100, no past date, the code's shape,
 * and why a voucher that exists cannot be used. Oracles written from the decision, not the code.
 */
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { couponRefusal } from "~/domain/cart/coupon";
import { cartMessages } from "~/domain/cart/validity";
import { giftRuleAddSchema, voucherSchema } from "~/domain/promotion/schema";
import { berlinToday } from "~/domain/time/berlin";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};
const parse = (schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) =>
  parseWithZod(form(fields), { schema });
const errorsOf = (schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) => {
  const result = parse(schema, fields);
  return result.status === "success" ? null : result.error;
};

const E = "staffMarketing:error";
const base = { code: "winter-25", kind: "fixed", value: "5,00", label: "5 € Winter" };

describe("a new voucher", () => {
  it("turns German decimals into cents and the code into capitals; empty fields mean no minimum, no end, no limit", () => {
    const result = parse(voucherSchema, base);
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({
      code: "WINTER-25",
      kind: "fixed",
      value: 500,
      minOrderCents: 0,
      validUntil: null,
      usageLimit: null,
      oncePerCustomer: false,
      label: "5 € Winter",
    });
    const full = parse(voucherSchema, {
      ...base,
      value: "12,5",
      minOrder: "25,00",
      validUntil: berlinToday(),
      usageLimit: " 100 ",
      oncePerCustomer: "on",
    });
    expect(full.status === "success" && full.value).toMatchObject({
      value: 1250,
      minOrderCents: 2500,
      validUntil: berlinToday(),
      usageLimit: 100,
      oncePerCustomer: true,
    });
  });

  it("a percent is a whole number from 1 to 100; free shipping needs no value", () => {
    for (const value of ["0", "101", "10,5", "zehn", ""])
      expect(errorsOf(voucherSchema, { ...base, kind: "percent", value })).toEqual({ value: [`${E}.percent`] });
    expect(errorsOf(voucherSchema, { ...base, kind: "percent", value: "100" })).toBeNull();
    expect(errorsOf(voucherSchema, { ...base, kind: "freeShipping", value: "" })).toBeNull();
  });

  it("refuses each wrong field at that field", () => {
    expect(errorsOf(voucherSchema, { ...base, value: "0,00" })).toEqual({ value: [`${E}.amount`] });
    expect(errorsOf(voucherSchema, { ...base, value: "1000,01" })).toEqual({ value: [`${E}.amountTooHigh`] });
    expect(errorsOf(voucherSchema, { ...base, code: "ab" })).toEqual({ code: [`${E}.code`] });
    expect(errorsOf(voucherSchema, { ...base, code: "-ABC" })).toEqual({ code: [`${E}.code`] });
    expect(errorsOf(voucherSchema, { ...base, code: "ÄPFEL" })).toEqual({ code: [`${E}.code`] });
    expect(errorsOf(voucherSchema, { ...base, kind: "gift" })).toEqual({ kind: [`${E}.kind`] });
    expect(errorsOf(voucherSchema, { ...base, minOrder: "-1" })).toEqual({ minOrder: [`${E}.minOrder`] });
    expect(errorsOf(voucherSchema, { ...base, validUntil: "2020-01-01" })).toEqual({ validUntil: [`${E}.datePast`] });
    expect(errorsOf(voucherSchema, { ...base, validUntil: "31.12.2099" })).toEqual({ validUntil: [`${E}.date`] });
    expect(errorsOf(voucherSchema, { ...base, usageLimit: "0" })).toEqual({ usageLimit: [`${E}.limit`] });
    expect(errorsOf(voucherSchema, { ...base, usageLimit: "1,5" })).toEqual({ usageLimit: [`${E}.limit`] });
    expect(errorsOf(voucherSchema, { ...base, label: " x " })).toEqual({ label: [`${E}.label`] });
  });
});

describe("a gift step", () => {
  it("reads the order value in euros, the count 1–10 and the SKUs separated by commas or spaces, each once", () => {
    const result = parse(giftRuleAddSchema, {
      intent: "add",
      threshold: "50,00",
      giftCount: "2",
      skus: "120026, 130042 120026",
    });
    expect(result.status === "success" && result.value).toEqual({
      intent: "add",
      threshold: 5000,
      giftCount: 2,
      skus: ["120026", "130042"],
    });
    expect(errorsOf(giftRuleAddSchema, { intent: "add", threshold: "0", giftCount: "11", skus: "12ab" })).toEqual({
      threshold: [`${E}.threshold`],
      giftCount: [`${E}.giftCount`],
      skus: [`${E}.skus`],
    });
  });
});

describe("why a voucher cannot be used", () => {
  const voucher = { active: 1, usageLimit: null, uses: 0, oncePerCustomer: 0, ownUses: 0 };
  it("switched off, then used by this customer (once per customer), then used up; otherwise nothing", () => {
    expect(couponRefusal(voucher)).toBeNull();
    expect(couponRefusal({ ...voucher, uses: 10_000, ownUses: 50 })).toBeNull();
    expect(couponRefusal({ ...voucher, usageLimit: 3, uses: 2 })).toBeNull();
    expect(couponRefusal({ ...voucher, usageLimit: 3, uses: 3 })).toBe("usedUp");
    expect(couponRefusal({ ...voucher, oncePerCustomer: 1, ownUses: 1 })).toBe("alreadyUsed");
    expect(couponRefusal({ ...voucher, oncePerCustomer: 1, ownUses: 1, usageLimit: 1, uses: 1 })).toBe("alreadyUsed");
    expect(couponRefusal({ ...voucher, active: 0, usageLimit: 1, uses: 1 })).toBe("deactivated");
  });
});

describe("the cart's messages of a voucher that can no longer be had", () => {
  it("do not say it waits for a minimum: the voucher box says why it no longer counts", () => {
    const coupon = { code: "EINMAL", expired: false, minOrderCents: 0 };
    expect(cartMessages({ lines: [], coupon, couponApplied: false }).map((m) => m.key)).toEqual([
      "messages.couponWaiting",
    ]);
    expect(cartMessages({ lines: [], coupon: { ...coupon, refusal: "usedUp" }, couponApplied: false })).toEqual([]);
  });
});
