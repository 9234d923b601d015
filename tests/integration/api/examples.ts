/**
 * One or more example calls for every operation of the OpenAPI document, keyed "METHOD /path"
 * exactly as the document lists it. The contract test (contract.test.ts) fails for an operation
 * without an entry here and for an entry the document lacks: a new operation gets its examples
 * here in the same change. The first example of each is its success; more may show a documented
 * refusal. Each runs against a fresh test customer's data (see `ExampleContext`).
 */

import type { TestShop } from "../worker";
import { CHECKOUT_EXAMPLES } from "./examples-checkout";
import { ACCOUNT_EXAMPLES, type AccountLinks } from "./examples-account";
import { CARD_EXAMPLES } from "./examples-cards";
import type { Statement } from "../../fixtures/customer";
import { SHARE_EXAMPLES } from "./examples-shares";
import { STORE_EXAMPLES } from "./examples-stores";

/** The test customer an example calls as, and another one whose data it must never see. */
export interface ExampleContext {
  customer: { id: number; email: string; password: string };
  other: { id: number; email: string };
  /** One of the demo customer Anna's order numbers (a fresh test customer has no orders). */
  demoOrderNumber: string;
  /** What an example's `prepare` made ready for the checkout (examples-checkout.ts). */
  checkout?: { addressId: number; start: string; end: string; total: number };
  /** The one-time e-mail links the account examples use up (examples-account.ts). */
  links: AccountLinks;
  /**
   * The test customer's cards (examples-cards.ts): active without a PIN (`plain`, `lockable`),
   * active with the demo PIN (`pinned`, `spare`), blocked for good with it (`blocked`); and a card
   * of the other customer (`other`).
   */
  cards: Record<"plain" | "lockable" | "pinned" | "spare" | "blocked" | "other", number>;
}

export interface Example {
  /** What it shows (the test's name). */
  name: string;
  /** The values of the path's `{parameters}`. */
  params?: Record<string, string> | ((c: ExampleContext) => Record<string, string>);
  query?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown | ((c: ExampleContext) => unknown);
  /** Send a valid token of the test customer (a fresh one for each example). */
  token: boolean;
  /** Call as the demo customer Anna instead (for what a fresh customer has none of: orders). */
  asDemo?: boolean;
  /** The status it must answer (and the document must describe). */
  status: number;
  /** Headers besides Authorization and Content-Type (e.g. the order submit's Idempotency-Key). */
  headers?: Record<string, string>;
  /** Makes the test customer's data ready before the call (e.g. a cart to check out); may fill the context. */
  prepare?: (shop: TestShop, c: ExampleContext) => Promise<void>;
  /** Statements run before the call, to give the test customer what the example needs (shares, a balance). */
  statements?: (c: ExampleContext) => Statement[];
}

export const EXAMPLES: Record<string, readonly Example[]> = {
  "GET /rest/V1/openapi.json": [{ name: "the description", token: false, status: 200 }],
  "POST /rest/V1/integration/customer/token": [
    {
      name: "a token for e-mail address and password",
      token: false,
      body: ({ customer }: ExampleContext) => ({ username: customer.email, password: customer.password }),
      status: 200,
    },
    {
      name: "a wrong password",
      token: false,
      body: ({ customer }: ExampleContext) => ({ username: customer.email, password: "Falsch2026" }),
      status: 401,
    },
  ],
  "DELETE /rest/V1/integration/customer/token": [{ name: "signing out", token: true, status: 204 }],
  "GET /rest/V1/customer/me": [{ name: "the own customer", token: true, status: 200 }],
  "PUT /rest/V1/customer/update/me": [
    {
      name: "names and dark mode",
      token: true,
      body: ({ customer }: ExampleContext) => ({
        customer: {
          email: customer.email,
          firstname: "Vera",
          lastname: "Vertrag",
          website_id: 1,
          custom_attributes: [{ attribute_code: "dark_mode_enabled", value: "1" }],
        },
      }),
      status: 200,
    },
    {
      name: "another customer's e-mail address",
      token: true,
      body: ({ customer, other }: ExampleContext) => ({
        customer: { email: other.email, firstname: customer.email, lastname: "Vertrag" },
      }),
      status: 400,
    },
  ],
  "GET /rest/V1/els/search": [
    { name: "a search", token: false, query: { q: "milch" }, status: 200 },
    {
      name: "a price range in euros",
      token: false,
      query: { q: "milch", priceMin: "1.40", priceMax: "2" },
      status: 200,
    },
    { name: "page 0", token: false, query: { q: "milch", page: "0" }, status: 400 },
  ],
  "GET /rest/V1/els/suggestions": [{ name: "suggestions", token: false, query: { q: "milch" }, status: 200 }],
  "GET /rest/V1/els/categories": [{ name: "the category tree", token: false, status: 200 }],
  "GET /rest/V1/els/category": [
    { name: "a category with filters", token: false, query: { id: "milch-eier", bio: "1" }, status: 200 },
    { name: "an unknown category", token: false, query: { id: "gibt-es-nicht" }, status: 404 },
  ],
  "GET /rest/V1/els/products": [
    { name: "products by SKU", token: false, query: { skus: "120001,100001,999999" }, status: 200 },
  ],
  "GET /rest/V1/url-resolver": [
    { name: "a category's path", token: false, query: { path: "/catalog/category/milch" }, status: 200 },
    { name: "a path with nothing", token: false, query: { path: "/nirgends/hier" }, status: 404 },
  ],
  "POST /rest/V1/carts/mine": [{ name: "the cart's number", token: true, status: 200 }],
  "GET /rest/V1/carts/mine/totals/complete": [{ name: "the cart", token: true, status: 200 }],
  "PUT /rest/V1/carts/mine/update": [
    {
      name: "two bottles of milk",
      token: true,
      body: { cartItem: { itemId: null, sku: "120001", qty: 2 } },
      status: 200,
    },
    {
      name: "an unknown product",
      token: true,
      body: { cartItem: { itemId: null, sku: "999999", qty: 1 } },
      status: 404,
    },
    {
      name: "a gift below the first step",
      token: true,
      body: { cartItem: { itemId: null, sku: "120026", qty: 1, extension_attributes: { free_product: true } } },
      status: 409,
    },
  ],
  "PUT /rest/V1/carts/mine/coupons": [
    { name: "a voucher", token: true, body: { code: "HERBST10" }, status: 200 },
    { name: "an expired voucher", token: true, body: { code: "SOMMER2025" }, status: 400 },
    { name: "below the voucher's minimum", token: true, body: { code: "FRISCH5" }, status: 409 },
  ],
  "DELETE /rest/V1/carts/mine/coupons": [{ name: "the voucher taken out", token: true, status: 200 }],
  "GET /rest/V1/carts/mine/payment-methods": [{ name: "the offered payment methods", token: true, status: 200 }],
  "GET /rest/V1/shareholder/items": [
    { name: "a member's shares", token: true, asDemo: true, status: 200 },
    { name: "no member", token: true, status: 200 },
  ],
  "GET /rest/V1/shareholder/purchase/status": [{ name: "no purchase", token: true, status: 200 }],
  "GET /rest/V1/orders/mine/overview": [{ name: "the own orders", token: true, status: 200 }],
  "GET /rest/V1/orders/mine/{incrementId}": [
    {
      name: "an own order",
      token: true,
      asDemo: true,
      params: ({ demoOrderNumber }: ExampleContext) => ({ incrementId: demoOrderNumber }),
      status: 200,
    },
    {
      name: "another customer's order",
      token: true,
      params: ({ demoOrderNumber }: ExampleContext) => ({ incrementId: demoOrderNumber }),
      status: 404,
    },
  ],
  "GET /rest/V1/carts/mine/bss-store-credit/history": [{ name: "the balance's history", token: true, status: 200 }],
  ...CHECKOUT_EXAMPLES,
  ...ACCOUNT_EXAMPLES,
  ...CARD_EXAMPLES,
  ...SHARE_EXAMPLES,
  ...STORE_EXAMPLES,
};
