/**
 * Spec sections 3 and 7 as a client developer writes them down, field by field: the spec's words
 * are quoted where a field comes from them; where the spec names no unit or type, the answer
 * shapes of issue 34 decide (docs/decisions/0034-json-api.md). Deliberately independent of the
 * OpenAPI document and of app/api's schemas: spec-contract.test.ts holds the built worker's
 * answers against these.
 */
import { arr, jsonOf, nullable, obj, oneOf, optional } from "./spec-shapes";

/** §3 Product, the core every product list carries: "sku, name, brand, price.value, … stockItem". */
export const LISTED_PRODUCT = obj({
  sku: "string",
  name: "string",
  brand: "string",
  price: obj({ value: "euro" }),
  stockItem: obj({ managed: "boolean", inStock: "boolean", qty: "number" }),
});

/**
 * §3 Product, whole (els/products): "sku, name, brand, price.value, categories (with parentIds),
 * categoryNames (id, name), stockItem {managed, inStock, qty}. Also identifier, tax percent,
 * deposit, shipping costs. Badges … Labels … Nutrition per 100 g/ml … Allergens, origin country,
 * supplier, ingredients." Tax percent, shipping costs and origin country have no name in the spec:
 * the test looks for a field named after them (spec-contract.test.ts, `namedLike`).
 */
export const PRODUCT = obj({
  sku: "string",
  name: "string",
  brand: "string",
  price: obj({ value: "euro" }),
  categories: arr(obj({ parentIds: arr("id") }), true),
  categoryNames: arr(obj({ id: "id", name: "string" }), true),
  stockItem: obj({ managed: "boolean", inStock: "boolean", qty: "number" }),
  identifier: "any",
  deposit: "euro",
  badges: arr("string"),
  labels: arr("string"),
  nutrition: nullable(obj({})),
  allergens: arr("string"),
  supplier: "any",
  ingredients: nullable("string"),
});

/** §3 Cart item: "item_id, qty, sku, options (a JSON string holding the product), row_total_incl_tax, base_price_incl_tax". */
export const CART_ITEM = obj({
  item_id: "integer",
  qty: "integer",
  sku: "string",
  options: jsonOf(obj({ sku: "string", name: "string", price: obj({ value: "euro" }) })),
  row_total_incl_tax: "euro",
  base_price_incl_tax: "euro",
  // §7 cart update: "extension_attributes.free_product boolean"
  extension_attributes: obj({ free_product: "boolean" }),
});

/**
 * §3 Cart ("items, itemCount, subTotal, grandTotal, deposit, shipping, coupon. discount {amount,
 * label, code, appliedCredit}. tax {title (default 'Steuer'), value, details[title, value, rate],
 * rate 19}. minimum order value, valid flag"), the totals call's names (§7 "returns the cart with
 * items"), total segments and the cart extension attributes ("minimum_order_value,
 * free_product_rules, free_products (array of JSON strings with qty), validation_message (a JSON
 * array of {type, message})"); gift step "total (threshold), products (count allowed)".
 */
export const CART = obj({
  items: arr(CART_ITEM),
  itemCount: "integer",
  subTotal: "euro",
  grandTotal: "euro",
  deposit: "euro",
  shipping: "euro",
  coupon: nullable("string"),
  discount: obj({ amount: "euro", label: nullable("string"), code: nullable("string"), appliedCredit: "euro" }),
  tax: obj({
    title: "string",
    value: "euro",
    details: arr(obj({ title: "string", value: "euro", rate: "number" })),
    rate: oneOf(19),
  }),
  minimumOrderValue: "euro",
  valid: "boolean",
  subtotal: "euro",
  grand_total: "euro",
  total_segments: arr(obj({ code: "string", title: "string", value: "euro" }), true),
  extension_attributes: obj({
    minimum_order_value: "euro",
    free_product_rules: arr(obj({ total: "euro", products: "integer" }), true),
    free_products: arr(jsonOf(obj({ qty: "integer" }))),
    validation_message: jsonOf(arr(obj({ type: "string", message: "string" }))),
  }),
});

/** §3 "tax (with tax_grandtotal_details: rates[title, percent], amount)". */
export const TAX_DETAILS = obj({ rates: arr(obj({ title: "string", percent: "number" }), true), amount: "euro" });

/** §3 Address, as the customer carries it (flags named as §3 Customer names them). */
export const ADDRESS = obj({
  id: "id",
  street: "string",
  houseNumber: "string",
  addressAddition: nullable("string"),
  zip: "string",
  city: "string",
  country: "string",
  default_shipping: "boolean",
  default_billing: "boolean",
});

/** §3 Customer (the custom attributes are checked one by one in the test). */
export const CUSTOMER = obj({
  id: "integer",
  email: "string",
  firstname: "string",
  lastname: "string",
  website_id: "integer",
  addresses: arr(ADDRESS),
  custom_attributes: arr(obj({ attribute_code: "string", value: "string" }), true),
  extension_attributes: obj({
    // "underscores shown as hyphens"
    group_identifer: { pattern: /^[^_]+$/ },
    is_shareholder: "boolean",
    shares_count: "integer",
    shares_value: "euro",
    shares_sellable: "integer",
    shareholder_membership_number: nullable("string"),
    // §3 Shares, history entries: "date, type (purchase or cancellation), quantity, value, and a pending-sale effective date"
    shares_history: arr(
      obj({
        date: "date",
        type: oneOf("purchase", "cancellation"),
        quantity: "integer",
        value: "euro",
        effective_at: nullable("date"),
      }),
    ),
    shareholder_state: oneOf("open", "blocked"),
  }),
});

/** §3 Shares: "Share holding: shareholderId (member number), shareCount, shareName, sharesValue, cashback." */
export const SHARE_HOLDING = obj({
  shareholderId: "string",
  shareCount: "integer",
  shareName: "string",
  sharesValue: "euro",
  cashback: "number",
  history: arr(
    obj({
      date: "date",
      type: oneOf("purchase", "cancellation"),
      quantity: "integer",
      value: "euro",
      effectiveAt: nullable("date"),
    }),
  ),
});

/** §3 "Purchase status response: frontend_status ("ok" means done). Cart-pending response: item_qty." */
export const PURCHASE_STATUS = obj({ frontend_status: "string", item_qty: "integer" });

/** §3 Balance history entry types 1 to 10; the amounts euros. */
export const BALANCE_HISTORY = obj({
  balance: "euro",
  entries: arr(obj({ type: oneOf(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), amount: "euro", date: "date" }), true),
});

/** §3 "Order response: increment_id, heidelpay_redirect_url". */
export const ORDER_RESPONSE = obj({ increment_id: "string", heidelpay_redirect_url: { pattern: /^https?:\/\/\S+$/ } });

/** §3 "Order list fields: order number, date, status remark, item count, sum, store." */
export const ORDER_LIST_ENTRY = obj({
  increment_id: "id",
  created_at: "date",
  status_remark: "string",
  item_count: "integer",
  grand_total: "euro",
  store: nullable("string"),
});

/**
 * §3 Card: "number, issued date, alias (editable name), status lock or unlock. State: active/
 * blocked, blocked by the provider, blocked permanently. PIN: active or none. Failed attempts
 * reached is also shown. Types: rfid, google_wallet, apple_wallet, enso_app."
 */
export const CARD = obj({
  number: "string",
  issuedAt: "date",
  alias: "string",
  status: oneOf("lock", "unlock"),
  state: oneOf("active", "locked", "provider_blocked", "blocked_permanently"),
  pin: oneOf("active", "none"),
  pinAttemptsReached: "boolean",
  type: oneOf("rfid", "google_wallet", "apple_wallet", "enso_app"),
});

/** §3 Checkout "paymentMethod {title, …}". */
export const PAYMENT_METHOD = obj({ code: "string", title: "string" });

/** §3 Checkout "shippingMethod {method_code, carrier_code}", the four carrier codes, the price in euros. */
export const SHIPPING_METHOD = obj({
  carrier_code: oneOf("myensopackagedelivery", "myensodhlexpress", "clickandcollect", "myensofoodshipping"),
  method_code: "string",
  amount: "euro",
});

/** An answer's error body, as §8's client reads it (the message, then the parameters). */
export const ERROR = obj({ message: "string", parameters: optional(arr("string")) });
