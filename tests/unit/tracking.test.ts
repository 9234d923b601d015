import { readdirSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { consentUpdate, scriptJson, tagManagerBootstrap, CONSENT_DEFAULTS } from "~/domain/tracking/bootstrap";
import { cartChangeEvents, pageViewEvent, purchaseEvent, searchEvent, trackingGroup } from "~/domain/tracking/events";
import {
  IMPRESSION_BATCH_SIZE,
  impressionBatcher,
  impressionsEvent,
  listPosition,
  type Impression,
} from "~/domain/tracking/impressions";
import { PAGE_CONTEXTS, pageContext, type PageContext } from "~/domain/tracking/page-context";

// Spec section 9: positions counted in pages of 60, impressions sent in batches of 15.
describe("impressions", () => {
  it("go out in batches of 15", () => {
    expect(IMPRESSION_BATCH_SIZE).toBe(15);
    const batches: Impression[][] = [];
    const batcher = impressionBatcher((b) => batches.push(b));
    for (let i = 0; i < 31; i++) batcher.see({ list: "Milch", sku: `sku-${i}`, name: `P ${i}`, position: i + 1 });
    expect(batches.map((b) => b.length)).toEqual([15, 15]);
    batcher.flush();
    expect(batches.map((b) => b.length)).toEqual([15, 15, 1]);
    batcher.flush();
    expect(batches).toHaveLength(3);
  });

  it("count positions across listing pages of 60", () => {
    expect(listPosition(1, 0)).toBe(1);
    expect(listPosition(1, 59)).toBe(60);
    expect(listPosition(2, 0)).toBe(61);
    expect(listPosition(2, 4)).toBe(65);
    expect(listPosition(3, 59)).toBe(180);
    // a page number that is no page counts as the first
    expect(listPosition(0, 2)).toBe(3);
    expect(listPosition(Number.NaN, 2)).toBe(3);
  });

  it("lose nothing and send nothing twice, however tiles appear and pages change", () => {
    const seeing = fc.array(
      fc.record({
        list: fc.constantFrom("Milch", "Käse"),
        page: fc.integer({ min: 1, max: 4 }),
        index: fc.integer({ min: 0, max: 59 }),
      }),
      { maxLength: 200 },
    );
    fc.assert(
      fc.property(seeing, fc.array(fc.integer({ min: 0, max: 200 }), { maxLength: 5 }), (seen, resets) => {
        const sent: Impression[][] = [];
        const batcher = impressionBatcher((b) => sent.push(b));
        const expected: string[] = [];
        let view = new Set<string>();
        seen.forEach((s, i) => {
          if (resets.includes(i)) {
            batcher.reset();
            view = new Set();
          }
          const position = listPosition(s.page, s.index);
          const key = `${s.list}:${position}`;
          if (!view.has(key)) expected.push(key);
          view.add(key);
          batcher.see({ list: s.list, sku: `sku-${position}`, name: "P", position });
        });
        batcher.flush();
        expect(sent.every((b) => b.length >= 1 && b.length <= 15)).toBe(true);
        // without a page change only the last batch (sent on leaving) may be short
        if (!resets.some((r) => r < seen.length)) expect(sent.slice(0, -1).every((b) => b.length === 15)).toBe(true);
        expect(sent.flat().map((i) => `${i.list}:${i.position}`)).toEqual(expected);
      }),
    );
  });

  it("are a view_item_list event with each product's list and position", () => {
    expect(impressionsEvent([{ list: "Milch", sku: "m-1", name: "Vollmilch", position: 61 }])).toEqual({
      event: "view_item_list",
      ecommerce: { items: [{ item_id: "m-1", item_name: "Vollmilch", item_list_name: "Milch", index: 61 }] },
    });
  });
});

/** An example path for every page route of app/routes, and the context it must have. */
const ROUTE_CONTEXTS: Record<string, [string, PageContext]> = {
  _index: ["/", "start"],
  "search.find": ["/search/find?q=milch", "results"],
  "catalog.category.$": ["/catalog/category/milch", "category"],
  "catalog.product.$": ["/catalog/product/m-1", "category"],
  cart: ["/cart", "cart"],
  "cart.gifts": ["/cart/gifts", "cart"],
  "cart.shares": ["/cart/shares", "cart"],
  checkout: ["/checkout", "cart"],
  "checkout.address": ["/checkout/address", "cart"],
  "checkout_.return": ["/checkout/return", "cart"],
  "checkout_.success": ["/checkout/success?order=1", "success"],
};

describe("page contexts", () => {
  it("are the spec's seven", () => {
    expect(PAGE_CONTEXTS).toEqual(["start", "search", "results", "category", "cart", "success", "content"]);
  });

  it("name one for every route; routes not listed above are content pages", () => {
    const routes = readdirSync(path.resolve(__dirname, "../../app/routes")).map((f) => f.replace(/\.tsx$/, ""));
    for (const route of routes) {
      const [example, context] = ROUTE_CONTEXTS[route] ?? [
        `/${route
          .replaceAll("_.", "/")
          .replaceAll(".", "/")
          .replace(/\(?\$(\w*)\)?/g, "x")}`,
        "content",
      ];
      expect(pageContext(...(example.split("?") as [string, string?])), `${route} (${example})`).toBe(context);
    }
  });

  it("tell a search with a query from the search page without one", () => {
    expect(pageContext("/search/find", "")).toBe("search");
    expect(pageContext("/search/find", "?q=ab")).toBe("search");
    expect(pageContext("/search/find", "?q=%20%20milch%20")).toBe("results");
    expect(pageContext("/search/find/", "?q=käse")).toBe("results");
  });

  it("keep content pages apart from the assortment and the checkout", () => {
    expect(pageContext("/content/map", "")).toBe("content");
    expect(pageContext("/content/markt/leipzig-gohlis", "")).toBe("content");
    expect(pageContext("/pages/legal/agb", "")).toBe("content");
    expect(pageContext("/account/order/overview", "")).toBe("content");
    expect(pageContext("/catalogue", "")).toBe("content");
    expect(pageContext("/cartoons", "")).toBe("content");
  });
});

describe("the customer group", () => {
  it("shows underscores as hyphens", () => {
    expect(trackingGroup("general")).toBe("general");
    expect(trackingGroup("retail_member_plus")).toBe("retail-member-plus");
    expect(pageViewEvent("start", "/", "staff_member")).toMatchObject({ customer_group: "staff-member" });
    expect(pageViewEvent("start", "/", null)).not.toHaveProperty("customer_group");
  });
});

describe("events", () => {
  const line = (sku: string, qty: number, priceCents = 199) => ({ sku, name: sku.toUpperCase(), priceCents, qty });

  it("tell what a cart change did, once per way, in euros", () => {
    const events = cartChangeEvents([line("a", 1), line("b", 3)], [line("a", 3), line("c", 1, 250)], "x");
    expect(events).toEqual([
      {
        event: "add_to_cart",
        id: "x:1",
        ecommerce: {
          currency: "EUR",
          value: 6.48,
          items: [
            { item_id: "a", item_name: "A", price: 1.99, quantity: 2 },
            { item_id: "c", item_name: "C", price: 2.5, quantity: 1 },
          ],
        },
      },
      {
        event: "remove_from_cart",
        id: "x:2",
        ecommerce: {
          currency: "EUR",
          value: 5.97,
          items: [{ item_id: "b", item_name: "B", price: 1.99, quantity: 3 }],
        },
      },
    ]);
    expect(cartChangeEvents([line("a", 2)], [line("a", 2)], "y")).toEqual([]);
  });

  it("key a purchase by its order number and a search by its term and count", () => {
    const purchase = purchaseEvent({
      orderNumber: "100000123",
      totalCents: 2599,
      taxCents: 170,
      shippingCents: 0,
      coupon: null,
      items: [{ sku: "a", name: "A", priceCents: 1299, quantity: 2 }],
    });
    expect(purchase).toMatchObject({
      event: "purchase",
      id: "purchase:100000123",
      ecommerce: { transaction_id: "100000123", value: 25.99, tax: 1.7, currency: "EUR" },
    });
    expect(searchEvent("milch", 12)).toEqual({
      event: "search",
      id: "search:milch:12",
      search_term: "milch",
      search_results: 12,
    });
  });
});

describe("the tag manager's start", () => {
  it("denies every category first, then applies the visitor's choice", () => {
    expect(Object.values(CONSENT_DEFAULTS).every((v) => v === "denied")).toBe(true);
    expect(consentUpdate({ statistics: true, marketing: false })).toEqual({
      analytics_storage: "granted",
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
    });
    const script = tagManagerBootstrap({ statistics: true, marketing: true }, pageViewEvent("start", "/", null));
    const order = ['"consent","default"', '"consent","update"', '"page_view"', '"gtm.start"'].map((s) =>
      script.indexOf(s),
    );
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]))).toBe(true);
  });

  it("keeps whatever a path or search holds as data", () => {
    const script = tagManagerBootstrap(
      { statistics: true, marketing: false },
      pageViewEvent("results", "/search/find?q=</script><script>alert(1)</script>\u2028", null),
    );
    expect(script).not.toContain("</script>");
    expect(script).not.toContain("\u2028");
    expect(JSON.parse(scriptJson("</script>&"))).toBe("</script>&");
  });
});
