/**
 * The role matrix (issue 32, app/domain/staff/roles.ts): every member of the demo staff tries every
 * staff action the back office has. A role the matrix allows gets its page or its answer (never
 * 403, never 5xx); every other role gets 403, and nothing changes: no customer's data, no member of
 * staff, no audit entry. The table below names one request per action; an action without one fails
 * the first test, so a new action cannot slip past the matrix.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_ACTIONS, mayTake, type StaffAction } from "~/domain/staff/roles";
import { customerData, staffData } from "./fuzz/snapshot";
import { DEMO_STAFF, staffBrowser, staffCsrf, type DemoStaff } from "./staff-browser";
import { startShop, type TestShop } from "./worker";

interface Attempt {
  method: "GET" | "POST";
  path: string;
  fields?: Record<string, string>;
}

/** Ids of the seeded shop the requests name, looked up once it runs. */
interface Ids {
  staffId: string;
  /** One of the demo customers' online orders. */
  orderNumber: string;
  /** The customer support acts on (Ben, registered but not activated). */
  customerId: string;
}

const ATTEMPTS = (ids: Ids): Record<StaffAction, Attempt> => ({
  "orders.read": { method: "GET", path: "/staff/orders" },
  "orders.pick": {
    method: "POST",
    path: `/staff/orders/${ids.orderNumber}`,
    fields: { intent: "pick", sku: "120001", picked: "1" },
  },
  "orders.short": {
    method: "POST",
    path: `/staff/orders/${ids.orderNumber}`,
    fields: {
      intent: "short",
      "lines[0].sku": "120001",
      "lines[0].gift": "0",
      "lines[0].expected": "1",
      "lines[0].missing": "1",
    },
  },
  "orders.ready": { method: "POST", path: `/staff/orders/${ids.orderNumber}`, fields: { intent: "ready" } },
  "orders.collected": { method: "POST", path: `/staff/orders/${ids.orderNumber}`, fields: { intent: "collected" } },
  "orders.ship": {
    method: "POST",
    path: `/staff/orders/${ids.orderNumber}`,
    fields: { intent: "ship", trackingNumber: "00340434161234567890" },
  },
  "orders.deliver": { method: "POST", path: `/staff/orders/${ids.orderNumber}`, fields: { intent: "deliver" } },
  "orders.cancel": {
    method: "POST",
    path: `/staff/orders/${ids.orderNumber}/cancel`,
    fields: { reason: "Die Rollenprüfung storniert." },
  },
  "customers.read": { method: "GET", path: "/staff/customers" },
  "customers.block": { method: "POST", path: `/staff/customers/${ids.customerId}`, fields: { intent: "block" } },
  "customers.unblock": { method: "POST", path: `/staff/customers/${ids.customerId}`, fields: { intent: "unblock" } },
  "customers.resendActivation": {
    method: "POST",
    path: `/staff/customers/${ids.customerId}`,
    fields: { intent: "resendActivation" },
  },
  "customers.endSessions": {
    method: "POST",
    path: `/staff/customers/${ids.customerId}`,
    fields: { intent: "endSessions" },
  },
  "customers.credit": {
    method: "POST",
    path: `/staff/customers/${ids.customerId}`,
    fields: {
      intent: "credit",
      kind: "goodwill",
      amount: "1,00",
      reason: "Rollenprüfung",
      token: "role-matrix-token-1",
    },
  },
  "customers.export": { method: "POST", path: `/staff/customers/${ids.customerId}/export` },
  // a wrong confirmation: the allowed role's answer is the form's refusal, nobody is erased
  "customers.erase": {
    method: "POST",
    path: `/staff/customers/${ids.customerId}/erase`,
    fields: { email: "nicht.sie@example.org" },
  },
  "withdrawals.read": { method: "GET", path: "/staff/withdrawals" },
  "withdrawals.refund": { method: "POST", path: "/staff/withdrawals", fields: { order: ids.orderNumber } },
  "cooperative.read": { method: "GET", path: "/staff/cooperative" },
  "cooperative.admit": {
    method: "POST",
    path: "/staff/cooperative?index",
    fields: { purchaseId: "seed-share-purchase-emil" },
  },
  "cooperative.refuse": {
    method: "POST",
    path: "/staff/cooperative/declarations/seed-share-purchase-emil/refuse",
    fields: { reason: "Die Rollenprüfung lehnt ab, nur zum Test." },
  },
  "cooperative.payout": {
    method: "POST",
    path: "/staff/cooperative/notices/seed-share-dora-2",
    fields: { paidOn: "2026-06-22" },
  },
  // stores (issue 33 §4): a version no form ever showed, so the allowed role is refused (409), nothing changes
  "stores.read": { method: "GET", path: "/staff/stores" },
  "stores.hours": {
    method: "POST",
    path: "/staff/stores/leipzig-gohlis",
    fields: { intent: "hours", version: "999999", opening5: "08:00–20:00", staffed5: "08:00–14:00" },
  },
  "stores.closedDays": {
    method: "POST",
    path: "/staff/stores/leipzig-gohlis",
    fields: { intent: "closeDay", version: "999999", day: "2099-12-24" },
  },
  "stores.pickup": {
    method: "POST",
    path: "/staff/stores/leipzig-gohlis",
    fields: { intent: "pickup", version: "999999", capacity: "3" },
  },
  // range (issue 33 §2)
  "range.read": { method: "GET", path: "/staff/range" },
  // the range's import and export (issue 33 §1): an upload without a file is refused at its field
  "range.import": { method: "POST", path: "/staff/range/import?index", fields: { file: "" } },
  "range.export": { method: "GET", path: "/staff/range/export" },
  "range.price": {
    method: "POST",
    path: "/staff/range/120001",
    fields: { intent: "price", price: "9,99", priceVersion: "0" },
  },
  "range.stock": {
    method: "POST",
    path: "/staff/range/120001",
    fields: { intent: "stock", delta: "1", reason: "Rollenprüfung" },
  },
  "range.details": {
    method: "POST",
    path: "/staff/range/120001",
    fields: {
      intent: "details",
      revision: "0",
      name: "Vollmilch",
      brand: "Lindenauer",
      taxRate: "7",
      netQuantity: "1",
      unit: "l",
      packCount: "1",
      minAge: "0",
      categoryId: "milch",
    },
  },
  "range.publish": { method: "POST", path: "/staff/range/120001", fields: { intent: "publish", published: "0" } },
  // photos (decision 0048): removing a photo the product does not have, on a list revision it
  // never had (the allowed answer: "changed meanwhile", nothing changed)
  "range.photos": {
    method: "POST",
    path: "/staff/range/120001",
    fields: { intent: "photoRemove", photosRevision: "999999", file: `${"a".repeat(64)}.png` },
  },
  "staff.list": { method: "GET", path: "/staff/members" },
  "staff.add": {
    method: "POST",
    path: "/staff/members",
    fields: { name: "Rita Rolle", email: "rita.rolle@frischkorb.example", role: "support" },
  },
  "staff.change": {
    method: "POST",
    path: `/staff/members/${ids.staffId}`,
    fields: { role: "support", active: "on", beforeRole: "cooperative", beforeStoreId: "", beforeActive: "1" },
  },
  "audit.read": { method: "GET", path: "/staff/audit" },
  // marketing (issue 33): a voucher of its own, a code that is none (the allowed answer: "changed
  // meanwhile"), a gift step as no page showed it (refused as stale): the seed's vouchers and steps stay
  "marketing.read": { method: "GET", path: "/staff/marketing" },
  "marketing.createVoucher": {
    method: "POST",
    path: "/staff/marketing?index",
    fields: { code: "ROLLE-1", kind: "fixed", value: "1,00", label: "Rollenprüfung" },
  },
  "marketing.toggleVoucher": {
    method: "POST",
    path: "/staff/marketing/toggle",
    fields: { code: "GIBT-ES-NICHT", active: "0" },
  },
  "marketing.changeGifts": {
    method: "POST",
    path: "/staff/marketing/gifts",
    fields: {
      intent: "save",
      id: "gift-50",
      beforeThreshold: "1",
      beforeCount: "1",
      beforeSkus: "",
      threshold: "50,00",
      giftCount: "1",
      skus: "120026",
    },
  },
});

let shop: TestShop;
let attempts: Record<StaffAction, Attempt>;
let customerIds: number[];
const STAFF = Object.keys(DEMO_STAFF) as DemoStaff[];

beforeAll(async () => {
  shop = await startShop();
  const gero = await shop.db
    .prepare("SELECT id FROM staff_member WHERE email = ?")
    .bind(DEMO_STAFF.gero)
    .first<{ id: number }>();
  const order = await shop.db
    .prepare("SELECT increment_id AS n FROM customer_order WHERE channel = 'online' ORDER BY increment_id LIMIT 1")
    .first<{ n: number }>();
  const ben = await shop.db
    .prepare("SELECT id FROM customer WHERE email = 'ben.mueller@example.org'")
    .first<{ id: number }>();
  attempts = ATTEMPTS({ staffId: String(gero!.id), orderNumber: String(order!.n), customerId: String(ben!.id) });
  customerIds = (await shop.db.prepare("SELECT id FROM customer").all<{ id: number }>()).results.map((r) => r.id);
});
afterAll(async () => {
  await shop?.dispose();
});

const roleOf = async (who: DemoStaff) =>
  (await shop.db.prepare("SELECT role FROM staff_member WHERE email = ?").bind(DEMO_STAFF[who]).first<{
    role: Parameters<typeof mayTake>[0];
  }>())!.role;

/**
 * One signed-in browser per member with its CSRF token: signing in anew for each of ~40 actions ×
 * 8 members took minutes, and the token stays the browser's until it signs in or out (the posts
 * carry the token a page of the back office gave it, as a form would).
 */
const browsers = new Map<DemoStaff, Promise<{ browser: Awaited<ReturnType<typeof staffBrowser>>; csrf: string }>>();
const browserOf = (who: DemoStaff) => {
  if (!browsers.has(who))
    browsers.set(
      who,
      staffBrowser(shop, who).then(async (browser) => ({ browser, csrf: await staffCsrf(browser) })),
    );
  return browsers.get(who)!;
};

async function attempt(who: DemoStaff, action: StaffAction): Promise<number> {
  const { browser, csrf } = await browserOf(who);
  const { method, path, fields = {} } = attempts[action];
  if (method === "GET") return (await browser.get(path)).res.status;
  return (await browser.post(path, fields, { csrf })).res.status;
}

describe("the role matrix", () => {
  it("names a request for every staff action", () => {
    expect(Object.keys(attempts).sort()).toEqual(Object.keys(STAFF_ACTIONS).sort());
  });

  it("every role × every action it may not take: 403, and nothing changes", async () => {
    const before = { customers: await customerData(shop, customerIds), staff: await staffData(shop) };
    const wrong: string[] = [];
    // the members at once (each one's attempts in turn): refused attempts change nothing, so their order does not matter
    await Promise.all(
      STAFF.map(async (who) => {
        const role = await roleOf(who);
        for (const action of Object.keys(attempts) as StaffAction[]) {
          if (mayTake(role, action)) continue;
          const status = await attempt(who, action);
          if (status !== 403) wrong.push(`${who} (${role}) ${action}: ${status}`);
        }
      }),
    );
    expect(wrong.sort()).toEqual([]);
    expect({ customers: await customerData(shop, customerIds), staff: await staffData(shop) }).toEqual(before);
    // every demo member tries every action: more roles (issue 33), more attempts
  }, 120_000);

  it("every role × every action it may take: its answer, never 403 or 5xx", async () => {
    const wrong: string[] = [];
    for (const who of STAFF) {
      const role = await roleOf(who);
      for (const action of Object.keys(attempts) as StaffAction[]) {
        if (!mayTake(role, action)) continue;
        const status = await attempt(who, action);
        if (status === 403 || status >= 500) wrong.push(`${who} (${role}) ${action}: ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
