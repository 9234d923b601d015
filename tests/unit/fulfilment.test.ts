/** The fulfilment rules (app/domain/fulfilment): scope, tracking numbers, next steps, timeline, pick list order. */
import { describe, expect, it } from "vitest";
import { groupByCategory, type PickLine } from "~/domain/fulfilment/pick-list";
import { fulfilmentState, nextStep, orderTimeline } from "~/domain/fulfilment/progress";
import { shipSchema } from "~/domain/fulfilment/schema";
import { inScope, scopeOf } from "~/domain/fulfilment/scope";
import { hasTracking, isTrackingNumber, trackingUrl } from "~/domain/fulfilment/shipment";

describe("scope", () => {
  it("a store's member: its click & collect orders; the warehouse: every delivery", () => {
    const store = scopeOf({ storeId: "leipzig-gohlis" });
    const warehouse = scopeOf({ storeId: null });
    const pickupHere = { carrierCode: "clickandcollect", storeId: "leipzig-gohlis" };
    const pickupThere = { carrierCode: "clickandcollect", storeId: "leipzig-suedvorstadt" };
    const delivery = { carrierCode: "myensopackagedelivery", storeId: null };
    expect([pickupHere, pickupThere, delivery].map((o) => inScope(store, o))).toEqual([true, false, false]);
    expect([pickupHere, pickupThere, delivery].map((o) => inScope(warehouse, o))).toEqual([false, false, true]);
    expect(inScope(warehouse, { carrierCode: null, storeId: null })).toBe(false);
  });
});

describe("tracking numbers", () => {
  it("DHL parcel: 12 or 20 digits or JJD; express: 10 digits; spaces and case do not matter", () => {
    expect(isTrackingNumber("myensopackagedelivery", "1234 5678 9012")).toBe(true);
    expect(isTrackingNumber("myensopackagedelivery", "00340434123456789012")).toBe(true);
    expect(isTrackingNumber("myensopackagedelivery", "jjd000390001234567890")).toBe(true);
    expect(isTrackingNumber("myensopackagedelivery", "1234567890")).toBe(false);
    expect(isTrackingNumber("myensodhlexpress", "1234567890")).toBe(true);
    expect(isTrackingNumber("myensodhlexpress", "123456789012")).toBe(false);
    expect(isTrackingNumber("myensofoodshipping", "1234567890")).toBe(false);
    expect(hasTracking("myensofoodshipping")).toBe(false);
    expect(hasTracking("clickandcollect")).toBe(false);
    expect(trackingUrl("myensodhlexpress", "1234567890")).toBe(
      "https://www.dhl.com/de-de/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890",
    );
    expect(trackingUrl("myensofoodshipping", "1")).toBeNull();
  });

  it("the form's schema names the carrier's rule", () => {
    const result = shipSchema("myensodhlexpress").safeParse({ trackingNumber: "12" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe("staffOrders:ship.invalid.myensodhlexpress");
    expect(shipSchema("myensodhlexpress").safeParse({}).error?.issues[0].message).toBe("validation.required");
  });
});

describe("steps", () => {
  it("click & collect: ready, then collected; delivery: shipped, then delivered; nothing after", () => {
    expect(nextStep("clickandcollect", fulfilmentState("processing", false))).toBe("ready");
    expect(nextStep("clickandcollect", fulfilmentState("ready_for_pickup", false))).toBe("collected");
    expect(nextStep("myensodhlexpress", fulfilmentState("processing", false))).toBe("shipped");
    expect(nextStep("myensodhlexpress", fulfilmentState("processing", true))).toBe("delivered");
    expect(nextStep("myensodhlexpress", fulfilmentState("complete", true))).toBeNull();
    expect(nextStep("clickandcollect", fulfilmentState("canceled", false))).toBeNull();
  });
});

describe("the customer's timeline", () => {
  const order = { channel: "online", createdAt: "2026-11-20T09:00:00.000Z" };
  it("a delivery on its way: shipped with the tracking link, delivery still open", () => {
    const entries = orderTimeline(
      { ...order, status: "processing", carrierCode: "myensopackagedelivery" },
      "2026-11-20T09:01:00.000Z",
      [{ step: "shipped", at: "2026-11-21T10:00:00.000Z", trackingNumber: "123456789012" }],
    )!;
    expect(entries.map((e) => [e.key, e.done])).toEqual([
      ["ordered", true],
      ["paid", true],
      ["shipped", true],
      ["delivered", false],
    ]);
    expect(entries[2].trackingUrl).toContain("piececode=123456789012");
  });

  it("an order completed before the back office: every step done, without dates", () => {
    const entries = orderTimeline({ ...order, status: "complete", carrierCode: "clickandcollect" }, null, [])!;
    expect(entries.map((e) => [e.key, e.done, e.at])).toEqual([
      ["ordered", true, order.createdAt],
      ["paid", true, null],
      ["ready", true, null],
      ["collected", true, null],
    ]);
  });

  it("none for a cancelled order, a store purchase or shares alone", () => {
    expect(orderTimeline({ ...order, status: "canceled", carrierCode: "clickandcollect" }, null, [])).toBeNull();
    expect(orderTimeline({ ...order, channel: "store", status: "complete", carrierCode: null }, null, [])).toBeNull();
    expect(orderTimeline({ ...order, status: "complete", carrierCode: null }, null, [])).toBeNull();
  });
});

describe("the pick list", () => {
  const line = (name: string, category: string | null): PickLine => ({
    sku: name,
    isGift: false,
    name,
    qty: 1,
    brand: "",
    contents: "",
    chilled: false,
    minAge: 0,
    category,
    picked: false,
  });
  it("groups by category alphabetically, lines by name, lines without a category last", () => {
    const groups = groupByCategory([
      line("Milch", "Molkerei"),
      line("Zubehör", null),
      line("Apfel", "Obst"),
      line("Butter", "Molkerei"),
    ]);
    expect(groups.map((g) => [g.category, g.lines.map((l) => l.name)])).toEqual([
      ["Molkerei", ["Butter", "Milch"]],
      ["Obst", ["Apfel"]],
      [null, ["Zubehör"]],
    ]);
  });
});
