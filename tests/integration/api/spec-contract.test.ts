/**
 * Issue 34: a client written from spec sections 3 and 7 alone works against the built worker.
 *
 * The test is such a client's session (sign in, the customer, the cart with a gift, a voucher, the
 * balance and shares in it, the order, the catalogue, cards and shares), and holds every answer
 * against the shapes spec-entities.ts writes down by hand from the spec: field names, types, and
 * amounts in euros with exactly two places, checked on the answer's text and against the cents
 * the database holds. Where the spec leaves a name or unit open, the answer shapes of issue 34
 * decide (docs/decisions/0034-json-api.md). Nothing is read from the OpenAPI document or from
 * app/api's schemas (contract.test.ts checks the worker against the document; this one checks
 * both against the spec). Statuses are spec section 8's: 428 is "account not activated".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareTestCard } from "../../fixtures/card";
import { prepareTestCustomer } from "../../fixtures/customer";
import { testMemberStatements, testPurchaseStatement } from "../../fixtures/shares";
import { DEMO } from "../browser";
import { startShop, type TestShop } from "../worker";
import {
  BALANCE_HISTORY,
  CARD,
  CART,
  CUSTOMER,
  ERROR,
  LISTED_PRODUCT,
  ORDER_LIST_ENTRY,
  ORDER_RESPONSE,
  PAYMENT_METHOD,
  PRODUCT,
  PURCHASE_STATUS,
  SHARE_HOLDING,
  SHIPPING_METHOD,
  TAX_DETAILS,
} from "./spec-entities";
import {
  arr,
  centsNames,
  type Parsed,
  parseKeepingNumbers,
  places,
  problemsOf,
  type Shape,
  toCents,
} from "./spec-shapes";

const CUSTOMER_ID = 9_401;
const EMAIL = "spec-kundin@example.org";
const TELEPHONE = "0341 2223344";
const ADDRESS_ID = 94_010;
const CARD_ID = 940_101;
/** Frische Vollmilch 3,8 % (a product the seed prices). */
const MILK = "120001";
/** Bio-Bananen. */
const BANANAS = "100001";
/** Shares held (bought in the ledger) and shares waiting in the cart. */
const HELD = 3;
const IN_CART = 2;

let shop: TestShop;
let token = "";

/** Every answer the session read, for the checks over all of them. */
const seen: { call: string; value: unknown }[] = [];

interface Answer {
  status: number;
  text: string;
  parsed: Parsed;
  /** The parsed body, loosely typed as a client reads it. */
  body: Json;
}
// biome-ignore lint/suspicious/noExplicitAny: the client reads answers whose shape the checks establish
type Json = any;

async function call(
  method: string,
  path: string,
  opts: { body?: unknown; auth?: string | null; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  const auth = opts.auth === undefined ? token : opts.auth;
  if (auth) headers.Authorization = `Bearer ${auth}`;
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  const res = await shop.fetch(path, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let parsed: Parsed = { value: undefined, numbers: new Map() };
  try {
    if (text) parsed = parseKeepingNumbers(text);
  } catch {
    parsed = { value: text, numbers: new Map() };
  }
  seen.push({ call: `${method} ${path.split("?")[0]}`, value: parsed.value });
  return { status: res.status, text, parsed, body: parsed.value };
}

/** The differences of an answer (or a part of it, at `path`) from a shape. */
function shapeProblems(answer: Answer, shape: Shape, path = "", value: unknown = answer.body): string[] {
  return problemsOf(value, shape, answer.parsed, path);
}

/** Cents as the euros an answer should write ("55.60"), for the messages. */
const euros = (cents: number) => (cents / 100).toFixed(2);

/** The name of a field found by what the spec calls it (for fields the spec names only in words). */
function namedLike(value: Record<string, unknown>, pattern: RegExp): string | undefined {
  return Object.keys(value).find((key) => pattern.test(key));
}

/**
 * §3 total segments by code, and the rule of issue 34: every segment but tax and grand_total adds
 * up to grand_total, which is grandTotal; the tax segment carries tax_grandtotal_details {rates
 * [title, percent], amount} (on the segment or in its extension_attributes, as the spec's system
 * puts it; one detail or one per rate).
 */
function segmentProblems(answer: Answer, codes: string[]): string[] {
  const problems: string[] = [];
  const body = answer.body ?? {};
  const segments: { code: string; value: number }[] = Array.isArray(body.total_segments) ? body.total_segments : [];
  const segment = (code: string) => segments.find((s) => s.code === code);
  for (const code of codes) if (!segment(code)) problems.push(`total_segments: no segment "${code}"`);
  if (!((segment("discount")?.value ?? 0) < 0)) problems.push("total_segments[discount]: negative expected");
  const sum = segments
    .filter((s) => s.code !== "tax" && s.code !== "grand_total")
    .reduce((total, s) => total + toCents(s.value), 0);
  const grand = segment("grand_total")?.value;
  if (sum !== toCents(grand ?? Number.NaN))
    problems.push(
      `total_segments: ${segments.map((s) => `${s.code} ${s.value}`).join(", ")}: all but tax and grand_total add up to ${euros(sum)}, not to grand_total`,
    );
  if (grand !== body.grandTotal || grand !== body.grand_total)
    problems.push(`grand totals: segment ${grand}, grandTotal ${body.grandTotal}, grand_total ${body.grand_total}`);
  const taxIndex = segments.findIndex((s) => s.code === "tax");
  const tax = segments[taxIndex] as Record<string, Json> | undefined;
  const details = tax?.tax_grandtotal_details ?? tax?.extension_attributes?.tax_grandtotal_details;
  if (details === undefined) problems.push("total_segments[tax]: no tax_grandtotal_details");
  else {
    const path = tax?.tax_grandtotal_details
      ? `total_segments.${taxIndex}.tax_grandtotal_details`
      : `total_segments.${taxIndex}.extension_attributes.tax_grandtotal_details`;
    problems.push(
      ...shapeProblems(answer, Array.isArray(details) ? arr(TAX_DETAILS, true) : TAX_DETAILS, path, details),
    );
    const taxCents = (Array.isArray(details) ? details : [details]).reduce(
      (total: number, d: { amount: number }) => total + toCents(d.amount),
      0,
    );
    if (taxCents !== toCents(tax?.value))
      problems.push("tax_grandtotal_details: the amounts add up to the tax segment");
  }
  return problems;
}

const signIn = (username: string, password: string, ip: string) =>
  call("POST", "/rest/V1/integration/customer/token", {
    auth: null,
    body: { username, password },
    headers: { "CF-Connecting-IP": ip },
  });

async function one<T>(sql: string, ...params: unknown[]): Promise<T> {
  const row = await shop.db
    .prepare(sql)
    .bind(...params)
    .first<T>();
  if (!row) throw new Error(`nothing for ${sql}`);
  return row;
}

const priceCents = async (sku: string) =>
  (await one<{ price_cents: number }>("SELECT price_cents FROM product WHERE sku = ?", sku)).price_cents;

beforeAll(async () => {
  shop = await startShop();
  const statements = [
    ...testMemberStatements(CUSTOMER_ID, HELD),
    testPurchaseStatement({
      id: "spec-anteile-im-korb",
      customerId: CUSTOMER_ID,
      email: EMAIL,
      quantity: IN_CART,
      status: "in_cart",
    }),
    {
      sql: "INSERT INTO customer_balance (customer_id, balance_cents) VALUES (?, 2500)",
      params: [CUSTOMER_ID],
    },
    {
      sql: `INSERT INTO balance_entry (id, customer_id, type, amount_cents, order_id, note, created_at)
        VALUES ('spec-gutschrift', ?, 1, 2500, NULL, 'Gutschrift', '2026-01-03T10:00:00.000Z')`,
      params: [CUSTOMER_ID],
    },
    {
      sql: `INSERT INTO address (id, customer_id, street, house_number, zip, city, is_default_shipping, is_default_billing, created_at)
        VALUES (?, ?, 'Kochstraße', '3', '04275', 'Leipzig', 1, 1, '2026-01-01')`,
      params: [ADDRESS_ID, CUSTOMER_ID],
    },
  ];
  await prepareTestCustomer(shop.db, {
    id: CUSTOMER_ID,
    email: EMAIL,
    firstname: "Sina",
    lastname: "Spec",
    gender: "w",
    telephone: TELEPHONE,
  }).run();
  await shop.db.batch([
    ...statements.map((s) => shop.db.prepare(s.sql).bind(...s.params)),
    prepareTestCard(shop.db, { id: CARD_ID, customerId: CUSTOMER_ID, alias: "Einkaufskarte" }),
  ]);
});
afterAll(async () => {
  await shop?.dispose();
});

/** An answer made from a text, as `call` makes one. */
const answerOf = (text: string): Answer => {
  const parsed = parseKeepingNumbers(text);
  return { status: 200, text, parsed, body: parsed.value };
};

describe("the checker", () => {
  // A cart as issue 34 shapes it (two shares in it, a voucher): what the session below expects.
  const cart = JSON.stringify({
    items: [
      {
        item_id: 1,
        qty: 40,
        sku: MILK,
        options: '{"sku":"120001","name":"Frische Vollmilch 3,8 %","price":{"value":1.39}}',
        row_total_incl_tax: "@55.60",
        base_price_incl_tax: "@1.39",
        extension_attributes: { free_product: false },
      },
    ],
    itemCount: 40,
    subTotal: "@55.60",
    grandTotal: "@254.99",
    deposit: "@0.00",
    shipping: "@4.95",
    coupon: "HERBST10",
    discount: { amount: "@5.56", label: "10 % Herbstrabatt", code: "HERBST10", appliedCredit: "@0.00" },
    tax: {
      title: "Steuer",
      value: "@4.06",
      details: [{ title: "enthaltene MwSt. 7 %", value: "@4.06", rate: 7 }],
      rate: 19,
    },
    minimumOrderValue: "@20.00",
    valid: true,
    subtotal: "@55.60",
    grand_total: "@254.99",
    total_segments: [
      { code: "subtotal", title: "Zwischensumme", value: "@55.60" },
      { code: "discount", title: "Gutschein", value: "@-5.56" },
      { code: "weee_tax", title: "Pfand", value: "@0.00" },
      { code: "shipping", title: "Versand", value: "@4.95" },
      { code: "shares", title: "Anteile", value: "@200.00" },
      {
        code: "tax",
        title: "Steuer",
        value: "@4.06",
        tax_grandtotal_details: { rates: [{ title: "MwSt. 7 %", percent: 7 }], amount: "@4.06" },
      },
      { code: "grand_total", title: "Gesamtsumme", value: "@254.99" },
    ],
    extension_attributes: {
      minimum_order_value: "@20.00",
      free_product_rules: [{ total: "@50.00", products: 1 }],
      free_products: ['{"sku":"120026","qty":1}'],
      validation_message: '[{"type":"error","message":"Mindestbestellwert"}]',
    },
  }).replace(/"@(-?[\d.]+)"/g, "$1");
  const codes = ["subtotal", "discount", "weee_tax", "shipping", "shares", "tax", "grand_total"];

  it("passes a cart of the spec's shape, with euros written to two places", () => {
    expect(cart).toContain('"minimum_order_value":20.00');
    const answer = answerOf(cart);
    expect(shapeProblems(answer, CART)).toEqual([]);
    expect(segmentProblems(answer, codes)).toEqual([]);
    expect(centsNames(answer.body)).toEqual([]);
  });

  it("finds euros written without their two places, cents, ids of another type and segments that do not add up", () => {
    const short = answerOf(cart.replace('"minimum_order_value":20.00', '"minimum_order_value":20'));
    expect(shapeProblems(short, CART)).toEqual([
      "extension_attributes.minimum_order_value: euros with exactly two places expected, the answer writes 20",
    ]);
    const inOptions = answerOf(cart.replace('{\\"value\\":1.39}', '{\\"value\\":139}'));
    expect(shapeProblems(inOptions, CART)).toEqual([
      "items.0.options (JSON) → price.value: euros with exactly two places expected, the answer writes 139",
    ]);
    const skuId = answerOf(cart.replace('"item_id":1', '"item_id":"120001"'));
    expect(shapeProblems(skuId, CART)).toEqual(['items.0.item_id: an integer expected, got "120001"']);
    const noShares = answerOf(cart.replace('"code":"shares"', '"code":"anteile"'));
    expect(segmentProblems(noShares, codes)).toEqual(['total_segments: no segment "shares"']);
    const off = answerOf(cart.replace('"value":200.00', '"value":199.00'));
    expect(segmentProblems(off, codes)).toEqual([
      "total_segments: subtotal 55.6, discount -5.56, weee_tax 0, shipping 4.95, shares 199, tax 4.06, grand_total 254.99: all but tax and grand_total add up to 253.99, not to grand_total",
    ]);
    expect(centsNames(JSON.parse('{"products":[{"priceCents":1},{"priceCents":2}],"cashbackPermille":3}'))).toEqual([
      "products[].priceCents",
      "cashbackPermille",
    ]);
    expect(places(["items.0.item_id: x", "items.1.item_id: y", "items.0.options (JSON) → price: z"])).toEqual([
      "items[].item_id",
      "items[].options (JSON) → price",
    ]);
  });
});

describe("a client written from spec sections 3 and 7", () => {
  it("signs in: access_token; 428 not activated, 401 wrong password, 409 blocked (section 8)", async () => {
    const ok = await signIn(EMAIL, DEMO.password, "192.0.2.11");
    expect(ok.status).toBe(200);
    expect(shapeProblems(ok, { object: { access_token: "string" } })).toEqual([]);
    token = ok.body.access_token;

    const refusals = {
      "not activated": (await signIn(DEMO.pending, DEMO.password, "192.0.2.12")).status,
      "wrong password": (await signIn(EMAIL, "Falsch2026", "192.0.2.13")).status,
      blocked: (await signIn(DEMO.blocked, DEMO.password, "192.0.2.14")).status,
    };
    expect(refusals).toEqual({ "not activated": 428, "wrong password": 401, blocked: 409 });
  });

  it("reads the customer: §3 Customer with its custom attributes and extension attributes", async () => {
    const me = await call("GET", "/rest/V1/customer/me");
    expect(me.status).toBe(200);
    const problems = shapeProblems(me, CUSTOMER);

    // custom_attributes: "theme_id, balance, telephone, is_sepa_allowed ("1"/"0"), dark_mode_enabled ("1"/"0")"
    const attributes = new Map<string, unknown>(
      (me.body.custom_attributes ?? []).map((a: { attribute_code: string; value: unknown }) => [
        a.attribute_code,
        a.value,
      ]),
    );
    const attribute = (code: string, shape: Shape) =>
      problemsOf(attributes.get(code), shape, me.parsed, `custom_attributes[${code}]`);
    problems.push(
      ...attribute("theme_id", { pattern: /^\d+$/ }),
      ...attribute("balance", "euroText"),
      ...attribute("telephone", "string"),
      ...attribute("is_sepa_allowed", { oneOf: ["1", "0"] }),
      ...attribute("dark_mode_enabled", { oneOf: ["1", "0"] }),
    );
    // the amounts are the database's cents in euros
    const balance = await one<{ balance_cents: number }>(
      "SELECT balance_cents FROM customer_balance WHERE customer_id = ?",
      CUSTOMER_ID,
    );
    const balanceText = euros(balance.balance_cents);
    if (attributes.get("balance") !== balanceText)
      problems.push(
        `custom_attributes[balance]: "${balanceText}" expected, got ${JSON.stringify(attributes.get("balance"))}`,
      );
    if (attributes.get("telephone") !== TELEPHONE)
      problems.push(`custom_attributes[telephone]: ${TELEPHONE} expected, got ${attributes.get("telephone")}`);
    const ext = me.body.extension_attributes ?? {};
    const held = await one<{ value: number }>(
      "SELECT SUM(value_cents) AS value FROM share_entry WHERE customer_id = ?",
      CUSTOMER_ID,
    );
    if (toCents(ext.shares_value) !== held.value)
      problems.push(`extension_attributes.shares_value: ${euros(held.value)} expected, got ${ext.shares_value}`);
    if (ext.shares_count !== HELD) problems.push(`extension_attributes.shares_count: ${HELD} expected`);
    expect(me.body.addresses?.map((a: { id: unknown }) => Number(a.id))).toEqual([ADDRESS_ID]);
    expect(problems).toEqual([]);
  });

  it("saves the customer echoed back whole from GET, then with dark mode and telephone changed", async () => {
    const before = (await call("GET", "/rest/V1/customer/me")).body;
    const echoed = await call("PUT", "/rest/V1/customer/update/me", { body: { customer: before } });
    expect({ status: echoed.status, refusal: echoed.status === 200 ? null : echoed.body }).toEqual({
      status: 200,
      refusal: null,
    });

    const dark = before.custom_attributes.find(
      (a: { attribute_code: string }) => a.attribute_code === "dark_mode_enabled",
    )?.value;
    const flipped = dark === "1" ? "0" : "1";
    const changed = {
      ...before,
      custom_attributes: before.custom_attributes.map((a: { attribute_code: string; value: string }) =>
        a.attribute_code === "dark_mode_enabled"
          ? { ...a, value: flipped }
          : a.attribute_code === "telephone"
            ? { ...a, value: "0341 9998877" }
            : a,
      ),
    };
    const saved = await call("PUT", "/rest/V1/customer/update/me", { body: { customer: changed } });
    expect({ status: saved.status, refusal: saved.status === 200 ? null : saved.body }).toEqual({
      status: 200,
      refusal: null,
    });
    const after = (await call("GET", "/rest/V1/customer/me")).body;
    const value = (code: string) =>
      after.custom_attributes.find((a: { attribute_code: string }) => a.attribute_code === code)?.value;
    expect({ dark: value("dark_mode_enabled"), telephone: value("telephone") }).toEqual({
      dark: flipped,
      telephone: "0341 9998877",
    });
    // another customer's e-mail address is refused (decision 0034)
    const otherEmail = await call("PUT", "/rest/V1/customer/update/me", {
      body: { customer: { ...after, email: DEMO.active } },
    });
    expect(otherEmail.status).toBe(400);
    expect(shapeProblems(otherEmail, ERROR)).toEqual([]);
  });

  it("keeps a cart: creates it, adds a line (itemId null), sets its quantity by its integer item_id, takes a gift", async () => {
    const created = await call("POST", "/rest/V1/carts/mine");
    expect(created.status).toBe(200);

    const problems: string[] = [];
    const added = await call("PUT", "/rest/V1/carts/mine/update", {
      body: { cartItem: { itemId: null, sku: MILK, qty: 2 } },
    });
    expect(added.status).toBe(200);
    // §7: "the response is the new cart"
    // the shape only by place: the totals call below lists every difference in full
    problems.push(...places(shapeProblems(added, CART)).map((p) => `after adding, not as §3 Cart: ${p}`));
    const line = added.body.items?.find((i: { sku: string }) => i.sku === MILK);
    expect(line?.qty).toBe(2);
    // below the minimum order value: the cart cannot be ordered
    if (added.body.valid !== false) problems.push(`after adding: valid false expected (below the minimum order value)`);

    const set = await call("PUT", "/rest/V1/carts/mine/update", {
      body: { cartItem: { itemId: line?.item_id, sku: MILK, qty: 40 } },
    });
    expect(set.status).toBe(200);
    const milk = set.body.items.find((i: { sku: string }) => i.sku === MILK);
    expect(milk.qty, "the quantity is set by item_id, not added").toBe(40);
    if (milk.item_id !== line?.item_id) problems.push("item_id: the line's id changed while the line exists");

    const gift = await one<{ sku: string }>(
      `SELECT p.sku FROM free_product p JOIN free_product_rule r ON r.id = p.rule_id
       ORDER BY r.threshold_cents, p.sku LIMIT 1`,
    );
    const withGift = await call("PUT", "/rest/V1/carts/mine/update", {
      body: { cartItem: { itemId: null, sku: gift.sku, qty: 1, extension_attributes: { free_product: true } } },
    });
    expect(withGift.status).toBe(200);
    problems.push(...places(shapeProblems(withGift, CART)).map((p) => `with the gift, not as §3 Cart: ${p}`));
    const giftLine = withGift.body.items.find(
      (i: { sku: string; extension_attributes?: { free_product?: boolean } }) =>
        i.sku === gift.sku && i.extension_attributes?.free_product === true,
    );
    expect(giftLine, "the gift line").toBeDefined();
    if (giftLine.row_total_incl_tax !== 0) problems.push("the gift line: row_total_incl_tax 0.00 expected");
    if (giftLine.item_id === milk.item_id) problems.push("the gift line: an item_id of its own expected");
    const freeProducts: { qty?: number; sku?: string }[] = (
      withGift.body.extension_attributes?.free_products ?? []
    ).map((s: string) => JSON.parse(s));
    if (!freeProducts.some((p) => p.qty === 1))
      problems.push("extension_attributes.free_products: the gift with qty 1");
    expect(problems).toEqual([]);
  });

  it("redeems a voucher and counts the balance (discount.appliedCredit)", async () => {
    const problems: string[] = [];
    const coupon = await call("PUT", "/rest/V1/carts/mine/coupons", { body: { code: "HERBST10" } });
    expect(coupon.status).toBe(200);
    problems.push(...places(shapeProblems(coupon, CART)).map((p) => `voucher, not as §3 Cart: ${p}`));
    if (coupon.body.coupon !== "HERBST10")
      problems.push(`voucher: coupon "HERBST10" expected, got ${coupon.body.coupon}`);
    if (coupon.body.discount?.code !== "HERBST10") problems.push("voucher: discount.code HERBST10 expected");

    // 5 € of the 25 € balance, sent in euros as the answers give them
    const credit = await call("POST", "/rest/V1/carts/mine/bss-store-credit/apply", { body: { amount: 5 } });
    expect(credit.status).toBe(200);
    problems.push(...places(shapeProblems(credit, CART)).map((p) => `balance, not as §3 Cart: ${p}`));
    if (credit.body.discount?.appliedCredit !== 5)
      problems.push(`balance: discount.appliedCredit 5.00 expected, got ${credit.body.discount?.appliedCredit}`);
    // counted, not stored (decision 0034, "Credit"): a segment of its own, and the grand total 5.00 less
    problems.push(
      ...segmentProblems(credit, ["subtotal", "discount", "shares", "bss_storecredit", "tax", "grand_total"]).map(
        (p) => `balance: ${p}`,
      ),
    );
    const storecredit = credit.body.total_segments?.find?.((s: { code: string }) => s.code === "bss_storecredit");
    if (storecredit?.value !== -5)
      problems.push(`balance: total_segments[bss_storecredit] -5.00 expected, got ${storecredit?.value}`);
    if (toCents(coupon.body.grandTotal) - toCents(credit.body.grandTotal) !== 500)
      problems.push(
        `balance: grandTotal 5.00 less expected: ${coupon.body.grandTotal} before, ${credit.body.grandTotal} after`,
      );
    expect(problems).toEqual([]);
  });

  it("reads the cart with totals: Cart, items, segments by code adding up to the grand total, euros", async () => {
    const cart = await call("GET", "/rest/V1/carts/mine/totals/complete");
    expect(cart.status).toBe(200);
    const problems = shapeProblems(cart, CART);
    const body = cart.body;

    // item amounts are the seed's cents in euros
    const milk = body.items?.find((i: { sku: string }) => i.sku === MILK);
    const milkCents = await priceCents(MILK);
    if (toCents(milk?.base_price_incl_tax) !== milkCents)
      problems.push(
        `items[${MILK}].base_price_incl_tax: ${euros(milkCents)} expected, got ${milk?.base_price_incl_tax}`,
      );
    if (toCents(milk?.row_total_incl_tax) !== milkCents * 40)
      problems.push(
        `items[${MILK}].row_total_incl_tax: ${euros(milkCents * 40)} expected, got ${milk?.row_total_incl_tax}`,
      );
    try {
      const product = JSON.parse(milk?.options);
      if (toCents(product?.price?.value) !== milkCents)
        problems.push(`items[${MILK}].options: price.value ${euros(milkCents)} expected, got ${product?.price?.value}`);
    } catch {
      // reported by the shape
    }

    problems.push(
      ...segmentProblems(cart, ["subtotal", "discount", "weee_tax", "shipping", "shares", "tax", "grand_total"]),
    );
    // the shares in the cart at the price of the held ones
    const held = await one<{ cents: number; quantity: number }>(
      "SELECT SUM(value_cents) AS cents, SUM(quantity) AS quantity FROM share_entry WHERE customer_id = ?",
      CUSTOMER_ID,
    );
    const perShare = held.cents / held.quantity;
    const shares = body.total_segments?.find?.((s: { code: string }) => s.code === "shares")?.value;
    if (toCents(shares ?? 0) !== IN_CART * perShare)
      problems.push(`total_segments[shares]: ${euros(IN_CART * perShare)} expected, got ${shares}`);

    // extension attributes: the gift steps as the database holds them, the messages, the minimum
    const ext = body.extension_attributes ?? {};
    const rules = (
      await shop.db.prepare("SELECT threshold_cents, gift_count FROM free_product_rule ORDER BY threshold_cents").all<{
        threshold_cents: number;
        gift_count: number;
      }>()
    ).results;
    const given = (ext.free_product_rules ?? []).map((r: { total: number; products: number }) => [
      toCents(r.total),
      r.products,
    ]);
    if (JSON.stringify(given) !== JSON.stringify(rules.map((r) => [r.threshold_cents, r.gift_count])))
      problems.push(
        `free_product_rules: ${JSON.stringify(rules)} in euros expected, got ${JSON.stringify(ext.free_product_rules)}`,
      );
    // spec section 9: "Gift from 50 EUR order value"
    if (ext.free_product_rules?.[0]?.total !== 50)
      problems.push("free_product_rules[0].total: 50.00 (section 9) expected");
    if (ext.minimum_order_value !== body.minimumOrderValue)
      problems.push("minimum_order_value and minimumOrderValue differ");
    if (body.valid !== true) problems.push("valid: true expected for a cart above the minimum");
    if (body.tax?.title !== "Steuer") problems.push(`tax.title: "Steuer" expected, got ${body.tax?.title}`);
    // the raw text: euros with two places where JSON.stringify would write none ("total":50.00)
    if (!/"total":50\.00[,}]/.test(cart.text)) problems.push('the answer\'s text has no "total":50.00');
    expect(problems).toEqual([]);
  });

  it("reads payment methods, shipping methods and the balance's history (types 1–10, euros)", async () => {
    const problems: string[] = [];
    const payment = await call("GET", "/rest/V1/carts/mine/payment-methods");
    expect(payment.status).toBe(200);
    problems.push(...shapeProblems(payment, arr(PAYMENT_METHOD, true)).map((p) => `payment-methods: ${p}`));
    const shipping = await call("GET", "/rest/V1/carts/mine/shipping-methods");
    expect(shipping.status).toBe(200);
    problems.push(...shapeProblems(shipping, arr(SHIPPING_METHOD, true)).map((p) => `shipping-methods: ${p}`));
    // the shipping information's cart priced with the method: amounts as the cart's
    const information = await call("GET", "/rest/V1/carts/mine/shipping-information?carrier=myensopackagedelivery");
    expect(information.status).toBe(200);
    problems.push(
      ...places(shapeProblems(information, CART, "totals", information.body?.totals)).map(
        (p) => `shipping-information, not as §3 Cart: ${p}`,
      ),
    );

    const history = await call("GET", "/rest/V1/carts/mine/bss-store-credit/history");
    expect(history.status).toBe(200);
    problems.push(...shapeProblems(history, BALANCE_HISTORY).map((p) => `history: ${p}`));
    const credit = (history.body.entries ?? []).find((e: { type: number }) => e.type === 1);
    if (credit?.amount !== 25) problems.push(`history: the credit of type 1 as 25.00 expected, got ${credit?.amount}`);
    if (history.body.balance !== 25) problems.push(`history: balance 25.00 expected, got ${history.body.balance}`);
    expect(problems).toEqual([]);
  });

  it("reads the shares: holding (shareName, sharesValue in euros, cashback in percent), purchase status, shares in the cart", async () => {
    const items = await call("GET", "/rest/V1/shareholder/items");
    expect(items.status).toBe(200);
    const problems = shapeProblems(items, SHARE_HOLDING);
    if (items.body.shareCount !== HELD) problems.push(`shareCount: ${HELD} expected`);
    if (items.body.sharesValue !== 300) problems.push(`sharesValue: 300.00 expected, got ${items.body.sharesValue}`);
    // spec section 9: "4 if shares_count >= 21, else 1.9 + 0.1 per share"
    if (items.body.cashback !== 2.2)
      problems.push(`cashback: 2.2 (percent, section 9) expected, got ${items.body.cashback}`);

    const status = await call("GET", "/rest/V1/shareholder/purchase/status");
    expect(status.status).toBe(200);
    problems.push(...shapeProblems(status, PURCHASE_STATUS).map((p) => `purchase status: ${p}`));
    if (status.body.item_qty !== IN_CART)
      problems.push(`purchase status: item_qty ${IN_CART} expected, got ${status.body.item_qty}`);
    expect(problems).toEqual([]);
  });

  it("orders: 400 without Idempotency-Key (not 428), then increment_id and heidelpay_redirect_url; the order in the overview", async () => {
    const dates = (await call("GET", "/rest/V1/carts/mine/wish-dates?carrier=myensopackagedelivery")).body;
    // §7's body and nothing else; §3 Checkout: "shippingAddress (from the customer)", so the shop
    // takes her default delivery address (decision 0034)
    const order = {
      orderComment: "Bitte beim Nachbarn abgeben",
      paymentMethod: "card",
      shippingRuleset: "myensopackagedelivery",
      shippingDate: dates.dates[0].start,
      shippingDateEnd: dates.dates[0].end,
    };
    const problems: string[] = [];
    const withoutKey = await call("POST", "/rest/V1/order/mine/submit", { body: order });
    if (withoutKey.status !== 400) problems.push(`without Idempotency-Key: 400 expected, got ${withoutKey.status}`);
    problems.push(...shapeProblems(withoutKey, ERROR).map((p) => `without Idempotency-Key: ${p}`));
    // refused for the header, not for the body: the answer says what is missing
    if (!withoutKey.text.includes("Idempotency-Key"))
      problems.push(`without Idempotency-Key: the refusal does not name the header: ${withoutKey.text}`);

    const placed = await call("POST", "/rest/V1/order/mine/submit", {
      body: order,
      headers: { "Idempotency-Key": `spec-vertrag-${Date.now()}`.padEnd(24, "0") },
    });
    expect({ status: placed.status, refusal: placed.status === 200 ? null : placed.body }).toEqual({
      status: 200,
      refusal: null,
    });
    problems.push(...shapeProblems(placed, ORDER_RESPONSE));

    const overview = await call("GET", "/rest/V1/orders/mine/overview");
    expect(overview.status).toBe(200);
    problems.push(...shapeProblems(overview, arr(ORDER_LIST_ENTRY, true)).map((p) => `overview: ${p}`));
    const listed = (overview.body ?? []).find(
      (o: { increment_id: unknown }) => String(o.increment_id) === String(placed.body.increment_id),
    );
    // the refused call placed nothing: the new customer's one order
    if (overview.body?.length !== 1) problems.push(`overview: one order expected, got ${overview.body?.length}`);
    if (!listed) problems.push(`overview: the order ${placed.body.increment_id} is not listed`);
    else {
      const stored = await one<{ grand_total_cents: number }>(
        "SELECT grand_total_cents FROM customer_order WHERE increment_id = ?",
        Number(placed.body.increment_id),
      );
      if (toCents(listed.grand_total) !== stored.grand_total_cents)
        problems.push(`overview: grand_total ${euros(stored.grand_total_cents)} expected, got ${listed.grand_total}`);
    }
    expect(problems).toEqual([]);
  });

  it("browses the catalogue: els/search, suggestions, categories, category (price filter in euros), products?skus=, page/products", async () => {
    const problems: string[] = [];
    const products = await call("GET", `/rest/V1/els/products?skus=${MILK},${BANANAS},999999`);
    expect(products.status).toBe(200);
    // "returns a product list": the list itself, or under `products`
    const [list, listPath] = Array.isArray(products.body) ? [products.body, ""] : [products.body?.products, "products"];
    problems.push(...shapeProblems(products, arr(PRODUCT, true), listPath, list).map((p) => `els/products: ${p}`));
    expect((list ?? []).map((p: { sku: string }) => p.sku).sort()).toEqual([BANANAS, MILK]);
    for (const product of list ?? []) {
      const cents = await priceCents(product.sku);
      if (toCents(product.price?.value) !== cents)
        problems.push(`els/products ${product.sku}: price.value ${euros(cents)} expected, got ${product.price?.value}`);
      // tax percent, shipping costs and origin country: named in words only
      for (const [what, pattern] of [
        ["tax percent", /tax/i],
        ["shipping costs", /shipping/i],
        ["origin country", /origin/i],
      ] as const)
        if (!namedLike(product, pattern)) problems.push(`els/products ${product.sku}: no field for the ${what}`);
    }
    const milkText = `"value":${euros(await priceCents(MILK))}`;
    if (!products.text.includes(milkText)) problems.push(`els/products: the text has no ${milkText}`);

    const search = await call("GET", "/rest/V1/els/search?q=milch");
    expect(search.status).toBe(200);
    problems.push(
      ...places(shapeProblems(search, arr(LISTED_PRODUCT, true), "products", search.body?.products)).map(
        (p) => `els/search, not as §3 Product: ${p}`,
      ),
    );

    const suggestions = await call("GET", "/rest/V1/els/suggestions?q=milch");
    expect(suggestions.status).toBe(200);
    problems.push(
      ...shapeProblems(
        suggestions,
        arr({ object: { sku: "string", name: "string" } }, true),
        "products",
        suggestions.body?.products,
      ).map((p) => `els/suggestions: ${p}`),
    );

    const categories = await call("GET", "/rest/V1/els/categories");
    expect(categories.status).toBe(200);
    problems.push(
      ...shapeProblems(
        categories,
        arr({ object: { id: "id", name: "string" } }, true),
        "categories",
        categories.body?.categories,
      ).map((p) => `els/categories: ${p}`),
    );

    // the price filter in euros, as the prices are given: milk (1.39) is within 1.39
    const limit = euros(await priceCents(MILK));
    const category = await call("GET", `/rest/V1/els/category?id=milch&priceMax=${limit}`);
    if (category.status !== 200)
      problems.push(`els/category?priceMax=${limit}: 200 expected, got ${category.status} ${category.text}`);
    else {
      problems.push(
        ...places(shapeProblems(category, arr(LISTED_PRODUCT, true), "products", category.body?.products)).map(
          (p) => `els/category, not as §3 Product: ${p}`,
        ),
      );
      const inCategory: { sku: string; price?: { value?: number } }[] = category.body?.products ?? [];
      if (!inCategory.some((p) => p.sku === MILK))
        problems.push(`els/category: ${MILK} at ${limit} € not within priceMax=${limit}`);
      if (inCategory.some((p) => !(toCents(p.price?.value ?? Number.NaN) <= toCents(Number(limit)))))
        problems.push(`els/category: a product above priceMax=${limit}`);
    }

    const page = await call("GET", "/v1/page/products?path=/");
    expect(page.status).toBe(200);
    const sections: { products?: unknown[] }[] = page.body?.sections ?? [];
    if (sections.length === 0) problems.push("page/products: no sections of products");
    const onPage = sections.flatMap((section, n) =>
      shapeProblems(page, arr(LISTED_PRODUCT, true), `sections.${n}.products`, section.products),
    );
    problems.push(...places(onPage).map((p) => `page/products, not as §3 Product: ${p}`));
    expect(problems).toEqual([]);
  });

  it("reads the cards (/v1/cards): number, issued date, alias, status, state, PIN, type", async () => {
    const cards = await call("GET", "/v1/cards");
    expect(cards.status).toBe(200);
    expect(shapeProblems(cards, arr(CARD, true))).toEqual([]);
    expect(cards.body.map((c: { alias: string }) => c.alias)).toEqual(["Einkaufskarte"]);
  });

  it("is answered 401 without a token and with an unknown one (section 7: a 401 signs out)", async () => {
    const statuses: Record<string, number> = {};
    const problems: string[] = [];
    for (const [method, path] of [
      ["GET", "/rest/V1/customer/me"],
      ["GET", "/rest/V1/carts/mine/totals/complete"],
      ["GET", "/rest/V1/shareholder/items"],
      ["GET", "/v1/cards"],
    ])
      for (const auth of [null, "A".repeat(43)]) {
        const res = await call(method, path, { auth });
        const where = `${method} ${path} with ${auth ? "an unknown token" : "no token"}`;
        statuses[where] = res.status;
        problems.push(...shapeProblems(res, ERROR).map((p) => `${where}: ${p}`));
      }
    expect(statuses).toEqual(Object.fromEntries(Object.keys(statuses).map((where) => [where, 401])));
    expect(problems).toEqual([]);
  });

  it("names no amount in cents or permille in any answer it read", () => {
    expect(seen.length).toBeGreaterThan(20);
    expect(seen.flatMap(({ call, value }) => centsNames(value).map((name) => `${call}: ${name}`))).toEqual([]);
  });
});
