import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
  type CompiledQuery,
  type Generated,
  type RawBuilder,
} from "kysely";

/**
 * Kysely is used only to build typed SQL; statements run through the D1 binding directly, so
 * several of them can share one round trip with `db.batch` (D1's only transaction).
 */
export interface Database {
  category: {
    id: string;
    parent_id: string | null;
    name: string;
    position: number;
    depth: number;
    tile_color: string;
  };
  supplier: { id: string; name: string; street: string; zip: string; city: string; country: string };
  product: ProductTable;
  product_category: ListingTable;
  category_facet_count: { category_id: string; facet: string; value: string; count: number };
  category_flag_facet_count: { category_id: string; flag: string; facet: string; value: string; count: number };
  /** each LMIV allergen's bit in a listing row's `allergen_bits` (migration 0037) */
  allergen_bit: { allergen: string; bit: number };
  product_allergen: { sku: string; allergen: string };
  product_flavoring: { sku: string; flavoring: string };
  product_search: { rowid: number; name: string; brand: string; keywords: string; product_search: string };
  content_page: {
    slug: string;
    kind: "legal" | "content";
    title: string;
    summary: string;
    body_html: string;
    position: number;
    updated_at: string;
  };
  url_redirect: { path: string; target: string };
  store: {
    id: string;
    name: string;
    street: string;
    house_number: string;
    zip: string;
    city: string;
    phone: string | null;
    latitude: number;
    longitude: number;
    click_and_collect: number;
    opening_hours: string;
    staffed_hours: string;
    pickup_capacity: Generated<number>;
    version: Generated<number>;
    holiday_state: string | null;
  };
  store_closed_day: {
    store_id: string;
    day: string;
    reason: Generated<string>;
    /** JSON DayHours; NULL with staffed_hours NULL: closed all day (migration 0032) */
    opening_hours: string | null;
    staffed_hours: string | null;
  };
  customer: CustomerTable;
  customer_token: {
    token_hash: string;
    customer_id: number;
    purpose: "activation" | "password_reset" | "email_change";
    new_email: string | null;
    expires_at: number;
    used_at: number | null;
    /** The random mark of the use that took it; null while unused or when a newer token voided it. */
    used_by: Generated<string | null>;
  };
  session: { id_hash: string; customer_id: number; created_at: number; last_seen_at: number };
  api_token: { token_hash: string; customer_id: number; created_at: number; expires_at: number };
  staff_member: {
    id: Generated<number>;
    email: string;
    name: string;
    role: "fulfilment" | "support" | "cooperative" | "admin" | "range" | "marketing" | "stores";
    store_id: string | null;
    active: number;
    created_at: number;
  };
  staff_guard: { reason: string };
  price_history: {
    id: Generated<number>;
    sku: string;
    price_cents: number;
    reduction: Generated<number>;
    valid_from: number;
    staff_id: number | null;
  };
  catalogue_version: { id: number; version: number };
  product_photo: {
    id: Generated<number>;
    sku: string;
    file: string;
    content_type: string;
    width: number;
    height: number;
    bytes: number;
    position: number;
    staff_id: number;
    added_at: number;
  };
  range_import_job: {
    id: Generated<number>;
    staff_id: number;
    file_name: string;
    format: "csv" | "json";
    state: Generated<"checking" | "checked" | "applying" | "done">;
    file_problems: string | null;
    rows_total: Generated<number>;
    rows_error: Generated<number>;
    rows_new: Generated<number>;
    rows_changed: Generated<number>;
    rows_unchanged: Generated<number>;
    rows_withdrawn: Generated<number>;
    checked_version: Generated<number>;
    cursor: Generated<number>;
    rows_applied: Generated<number>;
    created_at: number;
    confirmed_at: number | null;
    finished_at: number | null;
  };
  range_import_row: {
    job_id: number;
    line: number;
    sku: string | null;
    outcome: "error" | "new" | "changed" | "unchanged";
    withdraws: Generated<number>;
    columns: string | null;
    problems: string | null;
    record: string | null;
  };
  stock_change: {
    id: Generated<number>;
    sku: string;
    delta: number;
    qty_after: number;
    reason: string;
    staff_id: number;
    at: number;
  };
  refund: RefundTable;
  refund_guard: { reason: string };
  audit_entry: {
    id: Generated<number>;
    at: number;
    staff_id: number;
    action: string;
    customer_id: number | null;
    order_id: string | null;
    subject: string | null;
    before_json: string | null;
    after_json: string | null;
  };
  order_pick: { order_id: string; sku: string; is_gift: number; staff_id: number; picked_at: number };
  order_short: {
    id: Generated<number>;
    order_id: string;
    sku: string;
    is_gift: number;
    name: string;
    qty: number;
    reason: "missing" | "giftRule";
    staff_id: number;
    at: string;
    refund_key: string;
  };
  order_step: {
    order_id: string;
    step: "ready" | "collected" | "shipped" | "delivered";
    at: string;
    staff_id: number;
    tracking_number: string | null;
  };
  consent_record: {
    id: Generated<number>;
    customer_id: number;
    version: number;
    statistics: number;
    marketing: number;
    source: "banner" | "settings";
    created_at: string;
  };
  tag_manager_hit: { id: Generated<number>; container_id: string; page: string; payload: string; received_at: string };
  rate_limit: { key: string; window_start: number; count: number };
  outbox: {
    id: Generated<number>;
    recipient: string;
    subject: string;
    text_body: string;
    created_at: string;
    sent_at: string | null;
    attempts: Generated<number>;
    next_attempt_at: string | null;
    claim_token: string | null;
    claimed_until: string | null;
    parked_at: string | null;
    last_error: string | null;
    /** Extra mail headers as a JSON object (List-Unsubscribe), migration 0012. */
    headers: string | null;
    /** Handed to the mail queue; the sweep leaves it until then (migration 0034, decision 0051). */
    queued_until: Generated<string | null>;
  };
  address: AddressTable;
  wishlist_item: { customer_id: number; sku: string; added_at: string };
  cart_item: {
    id: Generated<number>;
    customer_id: number;
    sku: string;
    is_gift: number;
    qty: number;
    added_at: string;
  };
  cart_state: { customer_id: number; coupon_code: string | null; gift_dismissed_at_cents: number | null };
  free_product_rule: { id: string; threshold_cents: number; gift_count: number };
  free_product: { rule_id: string; sku: string };
  coupon: {
    code: string;
    kind: "fixed" | "percent" | "freeShipping";
    value: number;
    min_order_cents: number;
    label: string;
    valid_until: string | null;
    usage_limit: number | null;
    once_per_customer: Generated<number>;
    active: Generated<number>;
    created_at: number | null;
    created_by: number | null;
  };
  coupon_use: { order_id: string; code: string; customer_id: number; once_key: number | null; used_at: string };
  coupon_guard: { reason: string | null };
  customer_balance: { customer_id: number; balance_cents: number };
  balance_entry: {
    id: string;
    customer_id: number;
    type: number;
    amount_cents: number;
    order_id: string | null;
    note: string;
    created_at: string;
  };
  delivery_area: { zip: string };
  pickup_booking: { store_id: string; slot_start: string; capacity: number; booked: number };
  customer_order: OrderTable;
  order_item: {
    order_id: string;
    sku: string;
    is_gift: number;
    name: string;
    qty: number;
    unit_price_cents: number;
    deposit_cents: number;
    tax_rate: number;
    row_total_cents: number;
  };
  payment: {
    id: string;
    order_id: string;
    method: string;
    amount_cents: number;
    currency: string;
    status: "pending" | "approved" | "declined" | "canceled";
    settled_by: string | null;
    created_at: string;
    settled_at: string | null;
    provider: Generated<string>;
    provider_ref: string | null;
    page_url: string | null;
  };
  invoice: {
    id: Generated<number>;
    series: "RE" | "RK";
    number: number;
    kind: "invoice" | "correction";
    order_id: string;
    corrects_id: number | null;
    source_key: string;
    issued_at: string;
    document: string;
  };
  card: CardTable;
  card_event: { id: string; card_id: number; kind: CardEventKind; created_at: string };
  card_application: CardApplicationTable;
  shareholder: { customer_id: number; member_number: string; joined_at: string; left_at: string | null };
  share_entry: ShareEntryTable;
  share_purchase: SharePurchaseTable;
  share_payout: SharePayoutTable;
  newsletter_subscription: {
    id: number;
    email: string;
    status: "pending" | "confirmed" | "unsubscribed";
    confirmed_at: string | null;
    created_at: string;
    updated_at: string;
  };
  newsletter_token: {
    token_hash: string;
    subscription_id: number;
    created_at: number;
    expires_at: number;
    used_at: number | null;
    used_by: string | null;
  };
  marketing_preference: {
    customer_id: number;
    personalised_offers: number;
    postal_advertising: number;
    updated_at: string;
  };
  marketing_consent_record: {
    id: Generated<number>;
    customer_id: number | null;
    email: string | null;
    channel: "newsletter" | "personalised_offers" | "postal_advertising";
    old_value: string;
    new_value: string;
    source: "account" | "visitor-form" | "confirmation-link" | "unsubscribe-link" | "one-click";
    created_at: string;
  };
}

export interface SharePurchaseTable {
  id: string;
  customer_id: number;
  quantity: number;
  /** The states of domain/share/purchase.ts (PURCHASE_STATES); the platform imports nothing from the domain. */
  status:
    | "awaiting_signature"
    | "declined"
    | "in_review"
    | "approved"
    | "in_cart"
    | "ordered"
    | "paid"
    | "cancelled"
    | "refused";
  declaration: string;
  signing_ref: string;
  order_id: string | null;
  created_at: string;
  signed_at: string | null;
  review_due_at: string | null;
  updated_at: string;
  /** The cooperative's reason, set exactly when the status is "refused". */
  refusal_reason: string | null;
}

/** The payout of one cancellation (migration 0023): written once, never changed. */
export interface SharePayoutTable {
  cancellation_id: string;
  customer_id: number;
  amount_cents: number;
  paid_on: string;
  recorded_at: string;
}

export interface ShareEntryTable {
  id: string;
  customer_id: number;
  type: "purchase" | "cancellation";
  quantity: number;
  value_cents: number;
  created_at: string;
  effective_at: string;
  payout_at: string | null;
}

export type CardEventKind =
  | "issued"
  | "renamed"
  | "locked"
  | "unlocked"
  | "pin_set"
  | "pin_changed"
  | "pin_disabled"
  | "pin_failed"
  | "provider_blocked"
  | "provider_unblocked"
  | "blocked_permanently";

export interface CardTable {
  id: number;
  customer_id: number;
  number: string;
  type: "rfid" | "google_wallet" | "apple_wallet" | "enso_app";
  alias: Generated<string>;
  status: "active" | "locked" | "provider_blocked" | "blocked_permanently";
  pin_hash: string | null;
  pin_failed_attempts: Generated<number>;
  version: Generated<number>;
  issued_at: string;
  application_id: string | null;
}

export interface CardApplicationTable {
  id: string;
  customer_id: number;
  state: "requested" | "validation" | "production" | "successful" | "declined" | "error" | "unknown";
  store_id: string;
  gender: "m" | "w" | "d";
  dob: string;
  telephone: string;
  name_on_card: string;
  sepa_holder: string;
  sepa_bank: string;
  sepa_iban: string;
  sepa_bic: string;
  consents_at: string;
  provider_ref: string | null;
  next_check_at: string;
  card_id: number | null;
  created_at: string;
  updated_at: string;
}

export type OrderStatus = "pending_payment" | "processing" | "ready_for_pickup" | "complete" | "canceled";
export type PaymentMethodCode = "paypal" | "card" | "sepa" | "balance" | "storecard";

export interface OrderTable {
  id: string;
  increment_id: number;
  customer_id: number;
  idempotency_key: string;
  channel: "online" | "store";
  status: OrderStatus;
  carrier_code: string | null;
  store_id: string | null;
  pickup_slot_start: string | null;
  pickup_slot_end: string | null;
  shipping_address: string | null;
  delivery_start: string | null;
  delivery_end: string | null;
  telephone: string | null;
  payment_method: PaymentMethodCode;
  sepa_mandate: string | null;
  coupon_code: string | null;
  comment: string;
  item_count: number;
  subtotal_cents: number;
  discount_cents: number;
  deposit_cents: number;
  shipping_cents: number;
  credit_cents: number;
  grand_total_cents: number;
  tax_details: string;
  created_at: string;
  paid_at: string | null;
  withdrawn_at: Generated<string | null>;
  shares_cents: Generated<number>;
  cashback_cents: Generated<number>;
  cashback_credited_at: Generated<string | null>;
  /** Set when the order's detail moved to the archive (migration 0035). */
  archived_at: Generated<string | null>;
  archive_key: Generated<string | null>;
  /** The board's lines and picked lines of an archived order (migration 0035); NULL while live. */
  archived_lines: Generated<number | null>;
  archived_picked: Generated<number | null>;
  /** Until when an archiving run has claimed the order (migration 0035). */
  archive_claimed_until: Generated<string | null>;
}

export type RefundReason = "short" | "cancel" | "withdrawal";
export type RefundState = "requested" | "settled" | "failed";

export interface RefundTable {
  id: string;
  order_id: string;
  reason: RefundReason;
  amount_cents: number;
  provider_cents: number;
  balance_cents: number;
  cashback_cents: number;
  state: RefundState;
  idempotency_key: string;
  provider: string | null;
  provider_ref: string | null;
  settled_by: string | null;
  note: Generated<string>;
  staff_id: number | null;
  requested_at: string;
  settled_at: string | null;
}

export interface CustomerTable {
  id: number;
  email: string;
  password_hash: string;
  firstname: string;
  lastname: string;
  dob: string | null;
  telephone: string;
  gender: "m" | "w" | "d";
  status: "pending" | "active" | "blocked";
  /** What a block blocked, given back by the unblock (migration 0022). */
  status_before_block: Generated<"pending" | "active" | null>;
  /** When the account was erased (Art. 17 GDPR, docs/gdpr.md); null while it is someone's. */
  erased_at: Generated<string | null>;
  dark_mode_enabled: Generated<"0" | "1">;
  is_sepa_allowed: Generated<"0" | "1">;
  group_identifier: Generated<string>;
  consents_at: string;
  created_at: string;
  updated_at: string;
}

export interface AddressTable {
  id: number;
  customer_id: number;
  street: string;
  house_number: string;
  address_addition: string;
  zip: string;
  city: string;
  country: string;
  is_default_shipping: number;
  is_default_billing: number;
  created_at: string;
}

/**
 * A product in one of its categories, with a copy of the columns lists filter, count and sort on.
 * The copies are written by triggers only (migration 0015, decision 0029).
 */
export interface ListingTable {
  sku: string;
  category_id: string;
  in_stock: Generated<number>;
  recommendation: Generated<number>;
  price_cents: Generated<number>;
  on_sale: Generated<number>;
  brand: Generated<string>;
  sugar: number | null;
  fat: number | null;
  is_new: Generated<number>;
  is_limited: Generated<number>;
  is_pioneer: Generated<number>;
  is_organic: Generated<number>;
  is_demeter: Generated<number>;
  is_vegan: Generated<number>;
  is_vegetarian: Generated<number>;
  is_halal: Generated<number>;
  is_gluten_free: Generated<number>;
  is_lactose_free: Generated<number>;
  is_chilled: Generated<number>;
  /** the category of the product's line one level below `category_id`; null in its own category's row */
  child_id: string | null;
  /** the sale and the flag columns as bits, computed by the database (migration 0037) */
  flag_bits: Generated<number>;
  /** the product's allergens as bits (their order in the shop's list), written by triggers */
  allergen_bits: Generated<number>;
  /** 1 when the product has flavourings, written by triggers */
  flavoured: Generated<number>;
}

export interface ProductTable {
  rowid: Generated<number>;
  sku: string;
  name: string;
  brand: string;
  description: string;
  category_id: string;
  price_cents: number;
  regular_price_cents: number | null;
  lowest_price_30d_cents: number | null;
  tax_rate: number;
  deposit_cents: number;
  net_quantity: number;
  unit: string;
  pack_count: number;
  stock_managed: number;
  stock_qty: number;
  is_new: number;
  is_limited: number;
  is_pioneer: number;
  is_organic: number;
  is_demeter: number;
  is_vegan: number;
  is_vegetarian: number;
  is_halal: number;
  is_gluten_free: number;
  is_lactose_free: number;
  is_chilled: number;
  min_age: number;
  alcohol_percent: number | null;
  ingredients: string | null;
  storage_hint: string | null;
  origin_country: string | null;
  supplier_id: string | null;
  energy_kj: number | null;
  energy_kcal: number | null;
  fat: number | null;
  saturated_fat: number | null;
  unsaturated_fat: number | null;
  polyunsaturated_fat: number | null;
  carbohydrates: number | null;
  sugar: number | null;
  protein: number | null;
  salt: number | null;
  recommendation: number;
  packshot: string;
  /** 0: withdrawn, out of every list and the search (migration 0029) */
  published: Generated<number>;
  created_at: string;
  revision: Generated<number>;
  /** the main photo's file (product_photo.file), NULL: the drawn pack */
  photo: string | null;
  photos_revision: Generated<number>;
}

export const qb = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

/**
 * A statement: built by the query builder, or written with kysely's `sql` tag where the builder
 * cannot say it (upserts with guards, CTEs); either way every value is a bound parameter.
 */
export type Statement<R = unknown> = Compilable<R> | RawBuilder<R>;

type RowOf<Q> = Q extends Compilable<infer R> ? R : Q extends RawBuilder<infer R> ? R : never;

function compile(query: Statement): CompiledQuery {
  return "isRawBuilder" in query ? query.compile(qb) : query.compile();
}

/** A value of a fixed statement: what it stands for when the statement is built once. */
type FixedValue = string | number;

/**
 * A statement whose text never changes, only its values: built and compiled once per isolate, then
 * bound anew per call. Building and compiling with kysely costs about 20 µs a statement, and a
 * page sends several each time it is rendered (issue 35, the pages' own time). `build` must hand
 * each value to the builder as a value (a comparison, a limit), never decide the statement's shape
 * by it: it is called once, with stand-ins, and each stand-in must come out as a bound parameter,
 * which is checked.
 */
export function fixedStatement<V extends readonly FixedValue[], R>(
  build: (...values: V) => Compilable<R>,
): (...values: V) => Compilable<R> {
  let shape: { compiled: CompiledQuery; slots: (number | null)[] } | undefined;
  const compileOnce = (count: number) => {
    const standIns = Array.from({ length: count }, (_, i) => `\u0000fixed-statement-value-${i}\u0000`);
    const compiled = build(...(standIns as unknown as V)).compile();
    const slots = compiled.parameters.map((p) => (typeof p === "string" ? standIns.indexOf(p) : -1));
    for (let i = 0; i < count; i++)
      if (!slots.includes(i)) throw new Error(`fixedStatement: value ${i} is not a bound parameter`);
    return { compiled, slots: slots.map((i) => (i === -1 ? null : i)) };
  };
  return (...values) => {
    shape ??= compileOnce(values.length);
    const { compiled, slots } = shape;
    const parameters = compiled.parameters.map((p, at) => {
      const slot = slots[at];
      return slot === null || slot === undefined ? p : values[slot];
    });
    return { compile: () => ({ ...compiled, parameters }) };
  };
}

export function prepare(db: D1Database, query: Statement): D1PreparedStatement {
  const { sql: text, parameters } = compile(query);
  return db.prepare(text).bind(...(parameters as unknown[]));
}

export async function all<R>(db: D1Database, query: Statement<R>): Promise<R[]> {
  return (await prepare(db, query).all<R>()).results;
}

export async function first<R>(db: D1Database, query: Statement<R>): Promise<R | null> {
  return prepare(db, query).first<R>();
}

/** Each query's rows, typed per position. */
export type BatchRows<Q extends readonly Statement[]> = { [K in keyof Q]: RowOf<Q[K]>[] };

/** Runs the queries in one round trip and returns each one's rows, typed per position. */
export async function batch<Q extends readonly Statement[]>(db: D1Database, queries: Q): Promise<BatchRows<Q>> {
  const results = await db.batch(queries.map((q) => prepare(db, q)));
  return results.map((r) => r.results) as never;
}

export type ConstraintKind = "CHECK" | "UNIQUE" | "NOT NULL" | "FOREIGN KEY";

/**
 * A constraint of the schema, as SQLite names it when it refuses a statement: a CHECK by its
 * `CONSTRAINT` name (or, unnamed, its expression), a UNIQUE by its `table.column` list.
 */
export interface Constraint {
  kind: ConstraintKind;
  name: string;
}

/**
 * The constraint that made D1 refuse a statement or batch, read from the one place D1 reports it:
 * SQLite's message "CHECK constraint failed: cart_unchanged: SQLITE_CONSTRAINT (extended: …)".
 * Null when the failure was no constraint (D1 unavailable, a missing table, a bug).
 */
export function failedConstraint(error: unknown): Constraint | null {
  const message = error instanceof Error ? error.message : String(error);
  const match = /\b(CHECK|UNIQUE|NOT NULL|FOREIGN KEY) constraint failed(?:: (.*?))?: SQLITE_CONSTRAINT\b/.exec(
    message,
  );
  return match ? { kind: match[1] as ConstraintKind, name: match[2] ?? "" } : null;
}

export function isConstraint(failure: Constraint | null, constraint: Constraint): boolean {
  return failure !== null && failure.kind === constraint.kind && failure.name === constraint.name;
}

/**
 * What the D1 binding says when it refused a statement of ours: SQLite's codes for an SQL error
 * (a missing table or column, a syntax error), a constraint, a wrong type or too big a value, and
 * the binding's own complaints about what it was given. These are bugs (or a schema behind its
 * code), whatever D1's state: the shop answers them as it answers every bug.
 */
const STATEMENT_FAULT =
  /\bSQLITE_(?:ERROR|CONSTRAINT|MISMATCH|RANGE|TOOBIG|AUTH)\b|\bD1_(?:TYPE_ERROR|COLUMN_NOTFOUND|EXEC_ERROR|DUMP_ERROR)\b|No SQL statements detected/;

/** D1's own failures as Cloudflare lists them (docs/decisions/0036), in case one comes without its prefix. */
const D1_TROUBLE =
  /Network connection lost|reset because its code was updated|caused object to be reset|D1 DB is overloaded|Too many requests queued|due to transient issue|exceeded its (?:memory|CPU time) limit/i;

/**
 * Whether D1 could not run a statement at all (docs/decisions/0036-database-outage.md): the one
 * place that decides what counts as "the database is unavailable". The binding puts "D1_ERROR: "
 * before everything that went wrong on its way to the database and back (a lost connection, a
 * database being reset or overloaded, a timeout, an answer that was no answer); what the database
 * refused about a statement itself (`STATEMENT_FAULT`, constraints included) is no outage but a
 * bug, and so is every error that did not come from the binding.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const cause = error.cause instanceof Error ? error.cause.message : "";
  const message = `${error.message} ${cause}`;
  if (STATEMENT_FAULT.test(message) || failedConstraint(error)) return false;
  return error.message.startsWith("D1_") || D1_TROUBLE.test(message);
}
