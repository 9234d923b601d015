/**
 * The examples of the shareholder's selling, cancelling and declaration calls, of counting the
 * balance against the cart and of the per-page products (see examples.ts). Each prepares what the
 * test customer needs for it (shares, a declaration, a balance), so none changes the demo customers.
 */
import type { Statement } from "../../fixtures/customer";
import { testMemberStatements, testPurchaseStatement } from "../../fixtures/shares";
import type { Example, ExampleContext } from "./examples";

const declaration = (id: string, { customer }: ExampleContext): Statement[] => [
  testPurchaseStatement({
    id,
    customerId: customer.id,
    email: customer.email,
    quantity: 2,
    status: "awaiting_signature",
  }),
];

const withBalance = ({ customer }: ExampleContext): Statement[] => [
  {
    sql: "INSERT INTO customer_balance (customer_id, balance_cents) VALUES (?, 2500) ON CONFLICT (customer_id) DO UPDATE SET balance_cents = 2500",
    params: [customer.id],
  },
  {
    sql: "INSERT OR IGNORE INTO cart_item (customer_id, sku, is_gift, qty, added_at) VALUES (?, '120001', 0, 2, '2026-01-05T10:00:00.000Z')",
    params: [customer.id],
  },
];

export const SHARE_EXAMPLES: Record<string, readonly Example[]> = {
  "POST /rest/V1/shareholder/item/sell": [
    {
      name: "one of three shares marked for cancellation",
      token: true,
      statements: ({ customer }: ExampleContext) => testMemberStatements(customer.id, 3),
      body: { quantity: 1 },
      status: 200,
    },
    { name: "more than sellable", token: true, body: { quantity: 99 }, status: 400 },
  ],
  "GET /rest/V1/shareholder/open_status": [
    {
      name: "a declaration waiting for the signature",
      token: true,
      statements: (c: ExampleContext) => declaration("vertrag-kauf-1", c),
      status: 200,
    },
  ],
  "GET /rest/V1/shareholder/signed_status": [{ name: "not signed yet", token: true, status: 200 }],
  "POST /rest/V1/shareholder/request_adobe_url": [
    {
      name: "the signing link",
      token: true,
      statements: (c: ExampleContext) => declaration("vertrag-kauf-1", c),
      status: 200,
    },
    {
      name: "no declaration waiting",
      token: true,
      statements: ({ customer }: ExampleContext) => [
        {
          sql: "UPDATE share_purchase SET status = 'cancelled' WHERE customer_id = ? AND status = 'awaiting_signature'",
          params: [customer.id],
        },
      ],
      status: 409,
    },
  ],
  "POST /rest/V1/shareholder/sent_to_adobe": [{ name: "the status read again", token: true, status: 200 }],
  "PUT /rest/V1/shareholder/cancel": [
    {
      name: "the own purchase cancelled",
      token: true,
      statements: (c: ExampleContext) => declaration("vertrag-kauf-2", c),
      body: {},
      status: 200,
    },
    { name: "nothing to cancel", token: true, body: {}, status: 404 },
  ],
  "POST /rest/V1/carts/mine/bss-store-credit/apply": [
    { name: "5 € of the balance counted", token: true, statements: withBalance, body: { amount: 5 }, status: 200 },
    { name: "more than the balance", token: true, statements: withBalance, body: { amount: 25.01 }, status: 409 },
  ],
  "GET /v1/page/products": [
    { name: "the home page's rows", token: false, query: { path: "/" }, status: 200 },
    {
      name: "a category page with its sort",
      token: false,
      query: { path: "/catalog/category/milch-eier?sort=price_asc" },
      status: 200,
    },
    { name: "a path with nothing", token: false, query: { path: "/nirgends/hier" }, status: 404 },
  ],
};
