// Turns the authored seed data into SQL statements. Every statement is an upsert, so loading the
// seed twice leaves the database as loading it once (the start command loads it on every start).
import { readdir } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";
import categories from "./categories.mjs";
import { productSchema, supplierSchema, pageSchema, storeSchema, redirectSchema, customerSchema } from "./schema.mjs";
import { DEMO_PASSWORD } from "./customers.mjs";
import { hashPassword } from "./password.mjs";
import { coupons, giftRules } from "./cart.mjs";
import { DEMO_CUSTOMER_ID, balance, deliveryArea, orders } from "./orders.mjs";
import { DEMO_PIN, applications, cards } from "./cards.mjs";
import { sharePurchases, shareholders } from "./shares.mjs";
import { staff } from "./staff.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

export function sqlValue(v) {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "boolean") return v ? "1" : "0";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error(`not a finite number: ${v}`);
    return String(v);
  }
  return `'${String(v).replaceAll("'", "''")}'`;
}

export function upsert(table, row, keys) {
  const cols = Object.keys(row);
  const updates = cols.filter((c) => !keys.includes(c)).map((c) => `${c} = excluded.${c}`);
  return (
    `INSERT INTO ${table} (${cols.join(", ")}) VALUES (${cols.map((c) => sqlValue(row[c])).join(", ")})` +
    ` ON CONFLICT (${keys.join(", ")}) DO ${updates.length ? `UPDATE SET ${updates.join(", ")}` : "NOTHING"};`
  );
}

function parseAll(schema, items, label) {
  return items.map((item, i) => {
    const r = schema.safeParse(item);
    if (!r.success) {
      const where = item?.sku ?? item?.slug ?? item?.id ?? item?.path ?? `#${i}`;
      throw new Error(`${label} ${where}: ${r.error.issues.map((x) => `${x.path.join(".")} ${x.message}`).join("; ")}`);
    }
    return r.data;
  });
}

export async function loadSeed() {
  const files = (await readdir(path.join(here, "catalog"))).filter((f) => f.endsWith(".mjs")).sort();
  const suppliers = [];
  const products = [];
  for (const f of files) {
    const mod = await import(pathToFileURL(path.join(here, "catalog", f)).href);
    suppliers.push(...parseAll(supplierSchema, mod.suppliers ?? [], `${f} supplier`));
    products.push(...parseAll(productSchema, mod.products ?? [], `${f} product`));
  }
  const pages = parseAll(pageSchema, (await import("./pages.mjs")).default, "page");
  const stores = parseAll(storeSchema, (await import("./stores.mjs")).default, "store");
  const redirects = parseAll(redirectSchema, (await import("./redirects.mjs")).default, "redirect");
  const customers = parseAll(customerSchema, (await import("./customers.mjs")).default, "customer");
  checkReferences({ suppliers, products });
  for (const c of customers)
    for (const sku of c.wishlist) {
      if (!products.some((p) => p.sku === sku)) throw new Error(`customer ${c.email}: unknown wishlist SKU ${sku}`);
    }
  return { categories, suppliers, products, pages, stores, redirects, customers };
}

function checkReferences({ suppliers, products }) {
  const leafToMain = new Map();
  for (const main of categories) for (const [id] of main.children) leafToMain.set(id, main);
  const supplierIds = new Set(suppliers.map((s) => s.id));
  const seen = new Set();
  for (const p of products) {
    const main = leafToMain.get(p.category);
    if (!main) throw new Error(`product ${p.sku}: unknown subcategory ${p.category}`);
    if (!p.sku.startsWith(main.skuPrefix)) throw new Error(`product ${p.sku}: SKU must start with ${main.skuPrefix}`);
    if (!supplierIds.has(p.supplier)) throw new Error(`product ${p.sku}: unknown supplier ${p.supplier}`);
    if (seen.has(p.sku)) throw new Error(`product ${p.sku}: duplicate SKU`);
    seen.add(p.sku);
  }
}

export function categoryRows() {
  const rows = [
    { id: "startseite", parent_id: null, name: "Startseite", position: 0, depth: 0, tile_color: "#5f8f2f" },
  ];
  categories.forEach((main, i) => {
    rows.push({ id: main.id, parent_id: "startseite", name: main.name, position: i, depth: 1, tile_color: main.color });
    main.children.forEach(([id, name], j) => {
      rows.push({ id, parent_id: main.id, name, position: j, depth: 2, tile_color: main.color });
    });
  });
  return rows;
}

const FLAG_COLUMNS = {
  new: "is_new",
  limited: "is_limited",
  pioneer: "is_pioneer",
  organic: "is_organic",
  demeter: "is_demeter",
  vegan: "is_vegan",
  vegetarian: "is_vegetarian",
  halal: "is_halal",
  glutenFree: "is_gluten_free",
  lactoseFree: "is_lactose_free",
  chilled: "is_chilled",
};
const NUTRITION_COLUMNS = [
  "energy_kj",
  "energy_kcal",
  "fat",
  "saturated_fat",
  "unsaturated_fat",
  "polyunsaturated_fat",
  "carbohydrates",
  "sugar",
  "protein",
  "salt",
];

/** The row of `product` for one authored product (also used by the catalogue generator). */
export function productRow(p) {
  const row = {
    sku: p.sku,
    name: p.name,
    brand: p.brand,
    description: p.description,
    category_id: p.category,
    price_cents: p.price,
    regular_price_cents: p.regular,
    lowest_price_30d_cents: p.lowest30,
    tax_rate: p.tax,
    deposit_cents: p.deposit,
    net_quantity: p.qty,
    unit: p.unit,
    pack_count: p.pack,
    stock_managed: 1,
    stock_qty: p.stock,
    min_age: p.minAge,
    alcohol_percent: p.alcohol,
    ingredients: p.ingredients,
    storage_hint: p.storage,
    origin_country: p.origin,
    supplier_id: p.supplier,
    recommendation: p.rec,
    packshot: p.shape,
  };
  for (const [flag, col] of Object.entries(FLAG_COLUMNS)) row[col] = p.flags.includes(flag) ? 1 : 0;
  NUTRITION_COLUMNS.forEach((col, i) => {
    row[col] = p.nutrition ? p.nutrition[i] : null;
  });
  return row;
}

const DAY_MS = 86_400_000;

/**
 * The price history that leads to what the seed shows (issue 33 §2, decision 0046): a reduced
 * product was at its lowest price of 30 days 90 days ago, at its regular price from 20 days ago and
 * is reduced since 5 days ago; any other product has had its price for 90 days. The shop computes
 * the lowest price of 30 days from this history (app/domain/range/price-history.ts); a unit test
 * checks that it comes to the seed's figures.
 */
export function priceHistoryRows(p, now = Date.now()) {
  if (p.regular === null) return [{ sku: p.sku, price_cents: p.price, reduction: 0, valid_from: now - 90 * DAY_MS }];
  const rows = [{ sku: p.sku, price_cents: p.lowest30, reduction: 0, valid_from: now - 90 * DAY_MS }];
  if (p.regular !== p.lowest30)
    rows.push({ sku: p.sku, price_cents: p.regular, reduction: 0, valid_from: now - 20 * DAY_MS });
  rows.push({ sku: p.sku, price_cents: p.price, reduction: 1, valid_from: now - 5 * DAY_MS });
  return rows;
}

/**
 * One product. `reset` (the local demo): the product as the seed has it, its history anew. Without
 * (a deployed database, where the range role owns the range): a product the database lacks is added
 * with its history, allergens and flavourings; one it has is left exactly as the back office keeps
 * it. A product without a price history is one this load adds, so that is what the rows check.
 */
export function productStatements(p, { now = Date.now(), reset = true } = {}) {
  // its listing rows (its category and every ancestor) follow from the schema (migration 0029)
  const sku = sqlValue(p.sku);
  if (!reset) {
    const isNew = `WHERE NOT EXISTS (SELECT 1 FROM price_history WHERE sku = ${sku})`;
    const rows = (table, cols, values) =>
      values.length
        ? [
            `INSERT OR IGNORE INTO ${table} (${cols.join(", ")}) SELECT * FROM (VALUES ${values
              .map((v) => `(${v.map(sqlValue).join(", ")})`)
              .join(", ")}) ${isNew};`,
          ]
        : [];
    return [
      insertMissing("product", productRow(p), ["sku"]),
      ...rows(
        "product_allergen",
        ["sku", "allergen"],
        p.allergens.map((a) => [p.sku, a]),
      ),
      ...rows(
        "product_flavoring",
        ["sku", "flavoring"],
        p.flavorings.map((f) => [p.sku, f]),
      ),
      // last: until it is written, the product counts as new
      ...rows(
        "price_history",
        ["sku", "price_cents", "reduction", "valid_from"],
        priceHistoryRows(p, now).map((r) => [r.sku, r.price_cents, r.reduction, r.valid_from]),
      ),
    ];
  }
  const out = [upsert("product", productRow(p), ["sku"])];
  // seeding again puts the seed's prices back, so their history starts anew too
  out.push(`DELETE FROM price_history WHERE sku = ${sku};`);
  for (const row of priceHistoryRows(p, now)) out.push(upsert("price_history", row, ["sku", "valid_from"]));
  out.push(`DELETE FROM product_allergen WHERE sku = ${sku};`);
  for (const a of p.allergens) out.push(upsert("product_allergen", { sku: p.sku, allergen: a }, ["sku", "allergen"]));
  out.push(`DELETE FROM product_flavoring WHERE sku = ${sku};`);
  for (const f of p.flavorings)
    out.push(upsert("product_flavoring", { sku: p.sku, flavoring: f }, ["sku", "flavoring"]));
  return out;
}

/** The row unless the table has it already: what the back office owns in a deployment is never overwritten. */
export function insertMissing(table, row, keys) {
  const cols = Object.keys(row);
  return `INSERT INTO ${table} (${cols.join(", ")}) VALUES (${cols.map((c) => sqlValue(row[c])).join(", ")}) ON CONFLICT (${keys.join(", ")}) DO NOTHING;`;
}

/** All seed statements, in an order that satisfies the foreign keys. */
/**
 * `demo: false` (a deployed database) loads the range, stores, pages and shop rules only: never
 * the demo customers with their published password, their orders and balance, or the demo vouchers.
 */
export async function seedStatements({ demo = true } = {}) {
  const seed = await loadSeed();
  const out = [];
  // What the back office keeps (the range, store hours, gift rules) the local demo resets on every
  // load; a deployment's database only gets what it lacks, so loading it again loses no change.
  const owned = demo ? upsert : insertMissing;
  for (const c of categoryRows()) out.push(upsert("category", c, ["id"]));
  for (const s of seed.suppliers) out.push(upsert("supplier", s, ["id"]));
  for (const p of seed.products) out.push(...productStatements(p, { reset: demo }));
  const today = new Date().toISOString().slice(0, 10);
  for (const pg of seed.pages) {
    out.push(
      upsert(
        "content_page",
        {
          kind: pg.kind,
          slug: pg.slug,
          title: pg.title,
          summary: pg.summary,
          body_html: pg.body,
          position: pg.position,
          updated_at: today,
        },
        ["kind", "slug"],
      ),
    );
  }
  for (const s of seed.stores) {
    out.push(
      owned(
        "store",
        {
          id: s.id,
          name: s.name,
          street: s.street,
          house_number: s.houseNumber,
          zip: s.zip,
          city: s.city,
          phone: s.phone,
          latitude: s.lat,
          longitude: s.lng,
          click_and_collect: s.clickAndCollect ? 1 : 0,
          opening_hours: JSON.stringify(s.opening),
          staffed_hours: JSON.stringify(s.staffed),
        },
        ["id"],
      ),
    );
  }
  for (const r of seed.redirects) out.push(upsert("url_redirect", r, ["path"]));
  if (demo) out.push(...customerStatements(seed.customers));
  if (demo)
    for (const rule of giftRules) {
      out.push(
        upsert("free_product_rule", { id: rule.id, threshold_cents: rule.threshold, gift_count: rule.count }, ["id"]),
      );
      out.push(`DELETE FROM free_product WHERE rule_id = ${sqlValue(rule.id)};`);
      for (const sku of rule.skus) out.push(upsert("free_product", { rule_id: rule.id, sku }, ["rule_id", "sku"]));
    }
  // a deployment gets the gift steps once, while it has none: marketing may change or delete them
  else out.push(...firstGiftRules());
  for (const zip of deliveryArea) out.push(upsert("delivery_area", { zip }, ["zip"]));
  if (demo) {
    for (const coupon of coupons) out.push(upsert("coupon", coupon, ["code"]));
    out.push(...orderStatements(seed.products));
    out.push(...cardStatements());
    out.push(...shareStatements());
    // the demo staff reset to their seeded state on every load: active, in their roles
    for (const member of staff)
      out.push(upsert("staff_member", { ...member, active: 1, created_at: Math.floor(Date.now() / 1000) }, ["id"]));
  }
  return { statements: out, seed };
}

/** The seed's gift steps and their products, in one statement each, only into empty tables. */
function firstGiftRules() {
  const values = (rows) => rows.map((r) => `(${r.map(sqlValue).join(", ")})`).join(", ");
  return [
    `INSERT INTO free_product_rule (id, threshold_cents, gift_count) SELECT * FROM (VALUES ${values(
      giftRules.map((r) => [r.id, r.threshold, r.count]),
    )}) WHERE NOT EXISTS (SELECT 1 FROM free_product_rule);`,
    `INSERT INTO free_product (rule_id, sku) SELECT * FROM (VALUES ${values(
      giftRules.flatMap((r) => r.skus.map((sku) => [r.id, sku])),
    )}) WHERE NOT EXISTS (SELECT 1 FROM free_product);`,
  ];
}

/** Demo customers are reset to their seeded state on every load (password, status, addresses). */
function customerStatements(customers) {
  const out = [];
  const now = new Date().toISOString();
  for (const c of customers) {
    const registered = daysAgo(c.registeredDaysAgo);
    out.push(
      upsert(
        "customer",
        {
          id: c.id,
          email: c.email,
          password_hash: hashPassword(DEMO_PASSWORD),
          firstname: c.firstname,
          lastname: c.lastname,
          dob: c.dob,
          telephone: c.telephone,
          gender: c.gender,
          status: c.status,
          dark_mode_enabled: "0",
          consents_at: registered,
          created_at: registered,
          updated_at: now,
        },
        ["id"],
      ),
    );
    out.push(`DELETE FROM address WHERE customer_id = ${sqlValue(c.id)};`);
    for (const a of c.addresses) {
      out.push(
        upsert(
          "address",
          {
            id: a.id,
            customer_id: c.id,
            street: a.street,
            house_number: a.houseNumber,
            address_addition: a.addressAddition,
            zip: a.zip,
            city: a.city,
            country: "DE",
            is_default_shipping: a.defaultShipping ? 1 : 0,
            is_default_billing: a.defaultBilling ? 1 : 0,
            created_at: now,
          },
          ["id"],
        ),
      );
    }
    out.push(`DELETE FROM wishlist_item WHERE customer_id = ${sqlValue(c.id)};`);
    out.push(`DELETE FROM cart_item WHERE customer_id = ${sqlValue(c.id)};`);
    out.push(`DELETE FROM cart_state WHERE customer_id = ${sqlValue(c.id)};`);
    // Marketing choices start afresh too (their tokens go with the subscription); the records of
    // consent stay, they are the append-only proof (docs/decisions/0026, 0027).
    out.push(`DELETE FROM marketing_preference WHERE customer_id = ${sqlValue(c.id)};`);
    out.push(`DELETE FROM newsletter_subscription WHERE email = ${sqlValue(c.email)};`);
    for (const sku of c.wishlist)
      out.push(upsert("wishlist_item", { customer_id: c.id, sku, added_at: now }, ["customer_id", "sku"]));
  }
  return out;
}

const daysAgo = (days) => new Date(Date.now() - days * 86_400_000).toISOString();

/** Anna's order history and balance; totals derived like the shop does (gross, tax per rate). */
function orderStatements(products) {
  const out = [];
  out.push("DELETE FROM order_item WHERE order_id LIKE 'seed-order-%';");
  for (const o of orders) {
    const lines = o.lines.map(([sku, qty]) => {
      const p = products.find((x) => x.sku === sku);
      if (!p) throw new Error(`seed order ${o.id}: unknown SKU ${sku}`);
      return { p, qty };
    });
    const subtotal = lines.reduce((sum, l) => sum + l.p.price * l.qty, 0);
    const deposit = lines.reduce((sum, l) => sum + l.p.deposit * l.qty, 0);
    const shipping =
      o.channel === "store" || o.carrier === "clickandcollect" || subtotal >= 6_000
        ? 0
        : o.carrier === "myensofoodshipping"
          ? 395
          : 495;
    const byRate = new Map();
    for (const l of lines) byRate.set(l.p.tax, (byRate.get(l.p.tax) ?? 0) + (l.p.price + l.p.deposit) * l.qty);
    if (shipping) byRate.set(19, (byRate.get(19) ?? 0) + shipping);
    const taxDetails = [...byRate]
      .sort(([a], [b]) => a - b)
      .map(([rate, gross]) => {
        const tax = Math.round((gross * rate) / (100 + rate));
        return { rate, grossCents: gross, taxCents: tax, netCents: gross - tax };
      });
    const created = daysAgo(o.daysAgo);
    const address =
      o.channel === "online" && o.carrier !== "clickandcollect"
        ? JSON.stringify({
            name: "Anna Schmidt",
            street: "Karl-Liebknecht-Straße",
            houseNumber: "45",
            addressAddition: "3. OG links",
            zip: "04275",
            city: "Leipzig",
            country: "DE",
          })
        : null;
    out.push(
      upsert(
        "customer_order",
        {
          id: o.id,
          increment_id: o.number,
          customer_id: DEMO_CUSTOMER_ID,
          idempotency_key: o.id,
          channel: o.channel,
          status: o.status,
          carrier_code: o.carrier ?? null,
          store_id: o.store ?? null,
          pickup_slot_start: o.carrier === "clickandcollect" ? daysAgo(o.daysAgo - 1) : null,
          shipping_address: address,
          delivery_start: null,
          delivery_end: null,
          telephone: null,
          payment_method: o.payment,
          sepa_mandate:
            o.payment === "sepa"
              ? JSON.stringify({ bank: "Sparkasse Leipzig", iban: "DE89370400440532013000", bic: "COBADEFFXXX" })
              : null,
          coupon_code: null,
          comment: "",
          item_count: lines.reduce((n, l) => n + l.qty, 0),
          subtotal_cents: subtotal,
          discount_cents: 0,
          deposit_cents: deposit,
          shipping_cents: shipping,
          credit_cents: o.credit ?? 0,
          grand_total_cents: subtotal + deposit + shipping - (o.credit ?? 0),
          tax_details: JSON.stringify(taxDetails),
          created_at: created,
          paid_at: o.status === "canceled" ? null : created,
        },
        ["id"],
      ),
    );
    for (const l of lines) {
      out.push(
        upsert(
          "order_item",
          {
            order_id: o.id,
            sku: l.p.sku,
            is_gift: 0,
            name: l.p.name,
            qty: l.qty,
            unit_price_cents: l.p.price,
            deposit_cents: l.p.deposit,
            tax_rate: l.p.tax,
            row_total_cents: l.p.price * l.qty,
          },
          ["order_id", "sku", "is_gift"],
        ),
      );
    }
  }
  out.push(`UPDATE customer SET is_sepa_allowed = '1' WHERE id = ${DEMO_CUSTOMER_ID};`);
  out.push(
    upsert("customer_balance", { customer_id: DEMO_CUSTOMER_ID, balance_cents: balance.cents }, ["customer_id"]),
  );
  out.push(`DELETE FROM balance_entry WHERE customer_id = ${DEMO_CUSTOMER_ID};`);
  for (const e of balance.entries) {
    out.push(
      upsert(
        "balance_entry",
        {
          id: e.id,
          customer_id: DEMO_CUSTOMER_ID,
          type: e.type,
          amount_cents: e.cents,
          order_id: e.order ?? null,
          note: e.note,
          created_at: daysAgo(e.daysAgo),
        },
        ["id"],
      ),
    );
  }
  return out;
}

/** The demo members and their share ledgers, reset to their seeded state (scripts/seed/shares.mjs). */
function shareStatements() {
  const { members, entries, payouts } = shareholders();
  const ids = members.map((m) => sqlValue(m.customer_id)).join(", ");
  const out = [`DELETE FROM share_entry WHERE customer_id IN (${ids});`];
  for (const m of members) out.push(upsert("shareholder", m, ["customer_id"]));
  for (const e of entries) out.push(upsert("share_entry", e, ["id"]));
  // deleting the entries took their payouts with them; a payout is never updated, only written
  for (const p of payouts) out.push(upsert("share_payout", p, ["cancellation_id"]));
  // members are in the shareholder customer group; a former member is back in the general one
  for (const m of members)
    out.push(
      `UPDATE customer SET group_identifier = '${m.left_at ? "general" : "shareholder"}' WHERE id = ${sqlValue(m.customer_id)};`,
    );
  const purchases = sharePurchases();
  const buyers = [...new Set(purchases.map((p) => sqlValue(p.customer_id)))].join(", ");
  out.push(`DELETE FROM share_purchase WHERE customer_id IN (${ids}, ${buyers});`);
  for (const p of purchases) out.push(upsert("share_purchase", p, ["id"]));
  return out;
}

/** Anna's cards and card application, reset to their seeded state (scripts/seed/cards.mjs). */
function cardStatements() {
  const out = [];
  const customers = [...new Set(cards.map((c) => c.customerId))].map(sqlValue).join(", ");
  out.push(`DELETE FROM card_application WHERE customer_id IN (${customers});`);
  out.push(`DELETE FROM card WHERE customer_id IN (${customers});`);
  const pinHash = hashPassword(DEMO_PIN);
  for (const c of cards) {
    const issued = daysAgo(c.daysAgo);
    out.push(
      upsert(
        "card",
        {
          id: c.id,
          customer_id: c.customerId,
          number: c.number,
          type: c.type,
          alias: c.alias,
          status: c.status,
          pin_hash: c.pin ? pinHash : null,
          pin_failed_attempts: c.failed,
          version: 1,
          issued_at: issued,
          application_id: c.application ?? null,
        },
        ["id"],
      ),
    );
    out.push(
      upsert("card_event", { id: `seed-card-event-${c.id}`, card_id: c.id, kind: "issued", created_at: issued }, [
        "id",
      ]),
    );
  }
  for (const a of applications) {
    const created = daysAgo(a.daysAgo);
    out.push(
      upsert(
        "card_application",
        {
          id: a.id,
          customer_id: a.customerId,
          state: a.state,
          store_id: a.storeId,
          gender: a.gender,
          dob: a.dob,
          telephone: a.telephone,
          name_on_card: a.nameOnCard,
          sepa_holder: a.sepa.holder,
          sepa_bank: a.sepa.bank,
          sepa_iban: a.sepa.iban,
          sepa_bic: a.sepa.bic,
          consents_at: created,
          provider_ref: `seed-${a.id}`,
          next_check_at: created,
          card_id: a.card,
          created_at: created,
          updated_at: daysAgo(a.daysAgo - 14),
        },
        ["id"],
      ),
    );
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { seed } = await seedStatements();
  const byMain = {};
  for (const p of seed.products) byMain[p.sku.slice(0, 2)] = (byMain[p.sku.slice(0, 2)] ?? 0) + 1;
  console.log(
    `seed ok: ${seed.products.length} products, ${seed.suppliers.length} suppliers, ` +
      `${seed.pages.length} pages, ${seed.stores.length} stores, ${seed.redirects.length} redirects`,
  );
  console.log("products per SKU prefix:", byMain);
}
