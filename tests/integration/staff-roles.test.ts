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
}

const ATTEMPTS = (ids: Ids): Partial<Record<StaffAction, Attempt>> => ({
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
});

let shop: TestShop;
let attempts: Partial<Record<StaffAction, Attempt>>;
let customerIds: number[];
const STAFF = Object.keys(DEMO_STAFF) as DemoStaff[];

beforeAll(async () => {
  shop = await startShop();
  const gero = await shop.db
    .prepare("SELECT id FROM staff_member WHERE email = ?")
    .bind(DEMO_STAFF.gero)
    .first<{ id: number }>();
  attempts = ATTEMPTS({ staffId: String(gero!.id) });
  customerIds = (await shop.db.prepare("SELECT id FROM customer").all<{ id: number }>()).results.map((r) => r.id);
});
afterAll(async () => {
  await shop?.dispose();
});

const roleOf = async (who: DemoStaff) =>
  (await shop.db.prepare("SELECT role FROM staff_member WHERE email = ?").bind(DEMO_STAFF[who]).first<{
    role: Parameters<typeof mayTake>[0];
  }>())!.role;

async function attempt(who: DemoStaff, action: StaffAction): Promise<number> {
  const browser = await staffBrowser(shop, who);
  const { method, path, fields = {} } = attempts[action]!;
  if (method === "GET") return (await browser.get(path)).res.status;
  return (await browser.post(path, fields, { csrf: await staffCsrf(browser) })).res.status;
}

describe("the role matrix", () => {
  it("names a request for every staff action", () => {
    expect(Object.keys(attempts).sort()).toEqual(Object.keys(STAFF_ACTIONS).sort());
  });

  it("every role × every action it may not take: 403, and nothing changes", async () => {
    const before = { customers: await customerData(shop, customerIds), staff: await staffData(shop) };
    const wrong: string[] = [];
    for (const who of STAFF) {
      const role = await roleOf(who);
      for (const action of Object.keys(attempts) as StaffAction[]) {
        if (mayTake(role, action)) continue;
        const status = await attempt(who, action);
        if (status !== 403) wrong.push(`${who} (${role}) ${action}: ${status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect({ customers: await customerData(shop, customerIds), staff: await staffData(shop) }).toEqual(before);
  });

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
  });
});
