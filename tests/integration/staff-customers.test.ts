/**
 * Customer support in the back office (issue 32 §4): Sina Support finds customers by every kind of
 * number and text, sees an account without a single hash, blocks and unblocks (the customer's
 * sign-in says so), ends sessions, books goodwill once however often the form is sent, exports a
 * customer's data and erases an account. Each action leaves exactly one audit entry; a refused one
 * none; an id that is no customer is a 404 with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, DEMO, csrfOf, signIn } from "./browser";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
let sina: Browser;
let annaId: number;

const one = async <T>(sql: string, ...params: unknown[]) =>
  (await shop.db
    .prepare(sql)
    .bind(...params)
    .first<T>())!;
const auditCount = async (action: string, customerId: number) =>
  (
    await one<{ n: number }>(
      "SELECT count(*) AS n FROM audit_entry WHERE action = ? AND customer_id = ?",
      action,
      customerId,
    )
  ).n;

/** The booking form's idempotency token on her account page. */
const tokenOf = (html: string) => /<input[^>]*name="token"[^>]*value="([^"]+)"/.exec(html)?.[1];

/** A new, activated customer with the demo password (copied hash), and her id. */
async function newCustomer(email: string): Promise<number> {
  const id = 700_000 + Math.floor(Math.random() * 100_000);
  await shop.db
    .prepare(
      `INSERT INTO customer (id, email, password_hash, firstname, lastname, dob, telephone, gender, status, consents_at, created_at, updated_at)
       SELECT ?, ?, password_hash, 'Frieda', 'Frisch', '1991-02-03', '+49 341 111222', 'w', 'active', created_at, created_at, updated_at
       FROM customer WHERE email = ?`,
    )
    .bind(id, email, DEMO.active)
    .run();
  return id;
}

async function staffSignIn(browser: Browser, staffId: number) {
  const page = await browser.get("/staff/login");
  const res = await browser.post(
    "/staff/login",
    { staffId: String(staffId), redirectTo: "/staff" },
    { csrf: csrfOf(page.html) },
  );
  expect(res.res.status).toBe(302);
}

/** Posts a form of her account page, with that page's CSRF token. */
async function act(browser: Browser, id: number, fields: Record<string, string>, path = `/staff/customers/${id}`) {
  const page = await browser.get(`/staff/customers/${id}`);
  return browser.post(path, fields, { csrf: csrfOf(page.html) });
}

beforeAll(async () => {
  shop = await startShop();
  sina = new Browser(shop);
  await staffSignIn(sina, 3);
  annaId = (await one<{ id: number }>("SELECT id FROM customer WHERE email = ?", DEMO.active)).id;
});
afterAll(async () => {
  await shop?.dispose();
});

describe("finding a customer", () => {
  const found = async (q: string, kind = "all") =>
    (await sina.get(`/staff/customers?q=${encodeURIComponent(q)}&kind=${kind}`)).html;

  it("by e-mail, name, customer number, member number, order number and card number", async () => {
    const order = await one<{ n: number }>(
      "SELECT increment_id AS n FROM customer_order WHERE customer_id = ? LIMIT 1",
      annaId,
    );
    const card = await one<{ number: string }>("SELECT number FROM card WHERE customer_id = ? LIMIT 1", annaId);
    const link = `/staff/customers/${annaId}`;
    expect(await found("anna.schmidt", "email")).toContain(link);
    expect(await found("Anna Schmidt", "name")).toContain(link);
    expect(await found("Schmidt")).toContain(link);
    expect(await found(String(annaId), "customer")).toContain(link);
    expect(await found("4711", "member")).toContain(link);
    expect(await found(String(order.n), "order")).toContain(link);
    expect(await found(card.number.replace(/(\d{4})/g, "$1 ").trim(), "card")).toContain(link);
    // a kind that does not fit the text finds nothing
    expect(await found("Schmidt", "order")).not.toContain(link);
    expect(await found("%")).not.toContain(link);
  });

  it("sorts and pages by the URL; only support may search", async () => {
    const page = await sina.get("/staff/customers?q=example.org&sort=email&dir=desc");
    expect(page.res.status).toBe(200);
    const emails = [...page.html.matchAll(/<td>([a-z.]+@example\.org)<\/td>/g)].map((m) => m[1]);
    expect(emails.length).toBeGreaterThan(2);
    expect(emails).toEqual([...emails].sort().reverse());
    const ada = new Browser(shop);
    await staffSignIn(ada, 5);
    expect((await ada.get("/staff/customers?q=anna")).res.status).toBe(403);
  });
});

describe("her account", () => {
  it("shows personal data, addresses, orders, balance, masked cards, shares; never a hash or token", async () => {
    const page = await sina.get(`/staff/customers/${annaId}`);
    expect(page.res.status).toBe(200);
    const card = await one<{ number: string }>("SELECT number FROM card WHERE customer_id = ? LIMIT 1", annaId);
    expect(page.html).toContain("anna.schmidt@example.org");
    expect(page.html).toContain(`•••• ${card.number.slice(-4)}`);
    expect(page.html).not.toContain(card.number);
    expect(page.html).toContain("Mitgliedsnummer 4711");
    const secrets = await one<{ hash: string }>("SELECT password_hash AS hash FROM customer WHERE id = ?", annaId);
    expect(page.html).not.toContain(secrets.hash.split("$")[3]);
    expect(page.html).not.toMatch(/pbkdf2|pin_hash|token_hash|id_hash/);
  });

  it("an id that is no customer is a 404, for the page and every action, and changes nothing", async () => {
    const before = await one<{ n: number }>("SELECT count(*) AS n FROM audit_entry");
    expect((await sina.get("/staff/customers/123")).res.status).toBe(404);
    const csrf = csrfOf((await sina.get(`/staff/customers/${annaId}`)).html);
    for (const intent of ["block", "unblock", "endSessions"]) {
      expect((await sina.post("/staff/customers/123", { intent }, { csrf })).res.status).toBe(404);
    }
    expect((await sina.post("/staff/customers/123/export", {}, { csrf })).res.status).toBe(404);
    expect((await sina.post("/staff/customers/123/erase", { email: "x@example.org" }, { csrf })).res.status).toBe(404);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM audit_entry")).n).toBe(before.n);
  });
});

describe("access", () => {
  it("block: her sign-in is refused with the blocked message and her session ends; unblock: she signs in", async () => {
    const email = `block-${Date.now()}@example.org`;
    const id = await newCustomer(email);
    const customer = new Browser(shop);
    await signIn(customer, email);
    expect((await customer.get("/account")).res.status).toBe(200);

    const blocked = await act(sina, id, { intent: "block" });
    expect(blocked.res.status).toBe(302);
    expect(await auditCount("customers.block", id)).toBe(1);
    expect((await customer.get("/account")).res.status).not.toBe(200);
    const refused = await signIn(new Browser(shop), email);
    expect(refused.res.status).toBe(409);
    expect(refused.html).toContain("Dein Kundenkonto ist gesperrt.");

    // blocking again changes nothing and leaves no entry
    await act(sina, id, { intent: "block" });
    expect(await auditCount("customers.block", id)).toBe(1);

    await act(sina, id, { intent: "unblock" });
    expect(await auditCount("customers.unblock", id)).toBe(1);
    expect((await signIn(new Browser(shop), email)).res.status).toBe(302);
  });

  it("a blocked customer who never activated is still to activate after the unblock; a new link goes out", async () => {
    const ben = (await one<{ id: number }>("SELECT id FROM customer WHERE email = ?", DEMO.pending)).id;
    await act(sina, ben, { intent: "block" });
    await act(sina, ben, { intent: "unblock" });
    expect((await one<{ status: string }>("SELECT status FROM customer WHERE id = ?", ben)).status).toBe("pending");
    const mails = async () =>
      (await one<{ n: number }>("SELECT count(*) AS n FROM outbox WHERE recipient = ?", DEMO.pending)).n;
    const before = await mails();
    expect((await act(sina, ben, { intent: "resendActivation" })).res.status).toBe(302);
    expect(await mails()).toBe(before + 1);
    expect(await auditCount("customers.resendActivation", ben)).toBe(1);
    // an active customer gets none, and no entry is written
    await act(sina, annaId, { intent: "resendActivation" });
    expect(await auditCount("customers.resendActivation", annaId)).toBe(0);
  });

  it("ending her sessions signs her out everywhere", async () => {
    const email = `sessions-${Date.now()}@example.org`;
    const id = await newCustomer(email);
    const customer = new Browser(shop);
    await signIn(customer, email);
    expect((await customer.get("/account")).res.status).toBe(200);
    await act(sina, id, { intent: "endSessions" });
    expect(await auditCount("customers.endSessions", id)).toBe(1);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM session WHERE customer_id = ?", id)).n).toBe(0);
    expect((await customer.get("/account")).res.status).not.toBe(200);
  });
});

describe("balance bookings", () => {
  it("goodwill with a German amount: her history shows the reason; the same form twice books once", async () => {
    const email = `credit-${Date.now()}@example.org`;
    const id = await newCustomer(email);
    const page = await sina.get(`/staff/customers/${id}`);
    const token = tokenOf(page.html);
    expect(token).toBeTruthy();
    const fields = {
      intent: "credit",
      kind: "goodwill",
      amount: "12,50",
      reason: "Entschuldigung für die Verspätung",
      token: token!,
    };
    const csrf = csrfOf(page.html);
    const answers = await Promise.all([
      sina.post(`/staff/customers/${id}`, fields, { csrf }),
      sina.post(`/staff/customers/${id}`, fields, { csrf }),
    ]);
    expect(answers.map((a) => a.res.status)).toEqual([302, 302]);
    expect(
      (await one<{ cents: number }>("SELECT balance_cents AS cents FROM customer_balance WHERE customer_id = ?", id))
        .cents,
    ).toBe(1250);
    expect(await auditCount("customers.credit", id)).toBe(1);
    const customer = new Browser(shop);
    await signIn(customer, email);
    const history = await customer.get("/account/balance");
    expect(history.html).toContain("Entschuldigung für die Verspätung");
    expect(history.html).toContain("Kulanz");
  });

  it("bad input: a German message at the field, the typed value kept, nothing booked", async () => {
    const page = await sina.get(`/staff/customers/${annaId}`);
    const token = tokenOf(page.html)!;
    const before = await one<{ n: number }>("SELECT count(*) AS n FROM balance_entry WHERE customer_id = ?", annaId);
    const bad = await sina.post(
      `/staff/customers/${annaId}`,
      { intent: "credit", kind: "goodwill", amount: "zwölf", reason: "Kulanz", token },
      { csrf: csrfOf(page.html) },
    );
    expect(bad.res.status).toBe(400);
    expect(bad.html).toContain("Bitte gib einen Betrag wie 12,50 ein.");
    expect(bad.html).toContain('value="zwölf"');
    const negative = await sina.post(
      `/staff/customers/${annaId}`,
      { intent: "credit", kind: "goodwill", amount: "-5", reason: "Kulanz", token },
      { csrf: csrfOf(page.html) },
    );
    expect(negative.html).toContain("Kulanz schreibt Guthaben gut");
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM balance_entry WHERE customer_id = ?", annaId)).n).toBe(
      before.n,
    );
  });

  it("a correction may take off, but not more than her balance", async () => {
    const id = await newCustomer(`correction-${Date.now()}@example.org`);
    const book = async (amount: string) => {
      const page = await sina.get(`/staff/customers/${id}`);
      const token = tokenOf(page.html)!;
      return sina.follow(
        await sina.post(
          `/staff/customers/${id}`,
          { intent: "credit", kind: "correction", amount, reason: "Korrektur Umfrage", token },
          { csrf: csrfOf(page.html) },
        ),
      );
    };
    await book("5,00");
    expect((await book("-7,00")).html).toContain("größer als ihr Guthaben");
    await book("−3,20");
    expect(
      (await one<{ cents: number }>("SELECT balance_cents AS cents FROM customer_balance WHERE customer_id = ?", id))
        .cents,
    ).toBe(180);
    expect(await auditCount("customers.credit", id)).toBe(2);
  });
});

describe("GDPR", () => {
  it("the export is a JSON download of her data, no one else's and no hash", async () => {
    const res = await act(sina, annaId, {}, `/staff/customers/${annaId}/export`);
    expect(res.res.status).toBe(200);
    expect(res.res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="frischkorb-kundendaten-\d+\.json"$/,
    );
    const doc = JSON.parse(res.html);
    expect(doc.customer.email).toBe(DEMO.active);
    expect(doc.orders.length).toBeGreaterThan(0);
    expect(doc.cards.length).toBeGreaterThan(0);
    expect(doc.shares.member.member_number).toBe("4711");
    expect(res.html).not.toContain(DEMO.pending);
    expect(res.html).not.toMatch(/password_hash|pin_hash|token_hash|id_hash|pbkdf2/);
    expect(await auditCount("customers.export", annaId)).toBe(1);
    // only support, and only by a post
    expect((await sina.get(`/staff/customers/${annaId}/export`)).res.status).toBe(404);
  });

  it("erasure needs her e-mail typed; then she cannot sign in, her data are gone, her orders stay", async () => {
    const email = `erase-${Date.now()}@example.org`;
    const id = await newCustomer(email);
    const customer = new Browser(shop);
    await signIn(customer, email);
    await shop.db.batch([
      shop.db
        .prepare(
          "INSERT INTO address (id, customer_id, street, house_number, zip, city, created_at) VALUES (?, ?, 'Erichstraße', '5', '04109', 'Leipzig', '2026-01-01')",
        )
        .bind(id, id),
      shop.db
        .prepare(
          `INSERT INTO customer_order (id, increment_id, customer_id, idempotency_key, channel, status, shipping_address, telephone, payment_method, comment,
             item_count, subtotal_cents, discount_cents, deposit_cents, shipping_cents, credit_cents, grand_total_cents, tax_details, created_at, paid_at)
           VALUES (?, ?, ?, ?, 'online', 'complete', '{"street":"Erichstraße"}', '+49 341 111222', 'paypal', 'Bitte klingeln', 1, 500, 0, 0, 0, 0, 500, '[]', '2026-01-02T10:00:00Z', '2026-01-02T10:01:00Z')`,
        )
        .bind(`erase-order-${id}`, 900_000 + (id % 99_999), id, `erase-key-${id}`),
    ]);
    const page = await sina.get(`/staff/customers/${id}/erase`);
    expect(page.res.status).toBe(200);
    const wrong = await sina.post(
      `/staff/customers/${id}/erase`,
      { email: "someone@example.org" },
      { csrf: csrfOf(page.html) },
    );
    expect(wrong.res.status).toBe(400);
    expect(wrong.html).toContain("stimmt nicht mit der des Kontos überein");
    expect(await auditCount("customers.erase", id)).toBe(0);

    const done = await sina.post(
      `/staff/customers/${id}/erase`,
      { email: email.toUpperCase() },
      { csrf: csrfOf(page.html) },
    );
    expect(done.res.status).toBe(302);
    expect(await auditCount("customers.erase", id)).toBe(1);
    const row = await one<Record<string, string | null>>("SELECT * FROM customer WHERE id = ?", id);
    expect(row).toMatchObject({
      firstname: "",
      lastname: "",
      dob: null,
      telephone: "",
      password_hash: "",
      status: "blocked",
    });
    expect(row.email).not.toContain("erase-");
    expect(row.erased_at).not.toBeNull();
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM address WHERE customer_id = ?", id)).n).toBe(0);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM session WHERE customer_id = ?", id)).n).toBe(0);
    const order = await one<Record<string, string | null>>("SELECT * FROM customer_order WHERE customer_id = ?", id);
    expect(order).toMatchObject({ telephone: null, comment: "", grand_total_cents: 500 });
    expect((await customer.get("/account")).res.status).not.toBe(200);
    expect((await signIn(new Browser(shop), email)).res.status).toBe(401);
    // erasing again: nothing more happens
    const again = await sina.post(`/staff/customers/${id}/erase`, { email }, { csrf: csrfOf(page.html) });
    expect(again.res.status).not.toBe(200);
    expect(await auditCount("customers.erase", id)).toBe(1);
  });

  it("a member of the cooperative, or one with an order under way, is not erased; nothing changes", async () => {
    const email = `member-${Date.now()}@example.org`;
    const id = await newCustomer(email);
    await shop.db
      .prepare(
        "INSERT INTO shareholder (customer_id, member_number, joined_at, left_at) VALUES (?, ?, '2025-01-01', NULL)",
      )
      .bind(id, String(id % 100_000))
      .run();
    const page = await sina.get(`/staff/customers/${id}/erase`);
    expect(page.html).toContain("Mitglied der Genossenschaft");
    const res = await sina.post(`/staff/customers/${id}/erase`, { email }, { csrf: csrfOf(page.html) });
    expect(res.res.status).toBe(409);
    expect(await auditCount("customers.erase", id)).toBe(0);
    expect((await one<{ email: string }>("SELECT email FROM customer WHERE id = ?", id)).email).toBe(email);
    // Anna's orders are still under way
    expect((await sina.get(`/staff/customers/${annaId}/erase`)).html).toContain("noch offene Bestellungen");
  });
});

describe("only support, and only with the page's token", () => {
  it("other roles get 403 for every support form and change nothing; a post without CSRF token changes nothing", async () => {
    const id = await newCustomer(`roles-${Date.now()}@example.org`);
    const before = await one<{ n: number }>("SELECT count(*) AS n FROM audit_entry WHERE customer_id = ?", id);
    for (const staffId of [1, 4, 5]) {
      const other = new Browser(shop);
      await staffSignIn(other, staffId);
      const csrf = csrfOf((await other.get("/staff")).html);
      expect((await other.get(`/staff/customers/${id}`)).res.status).toBe(403);
      for (const intent of ["block", "unblock", "resendActivation", "endSessions", "credit"]) {
        const fields = {
          intent,
          kind: "goodwill",
          amount: "5",
          reason: "Test",
          token: `roles-${staffId}-${intent}-xxxxxx`,
        };
        expect((await other.post(`/staff/customers/${id}`, fields, { csrf })).res.status).toBe(403);
      }
      expect((await other.post(`/staff/customers/${id}/export`, {}, { csrf })).res.status).toBe(403);
      expect((await other.post(`/staff/customers/${id}/erase`, { email: "x" }, { csrf })).res.status).toBe(403);
    }
    const forged = await sina.post(`/staff/customers/${id}`, { intent: "block" }, { csrf: null });
    expect(forged.res.status).toBeGreaterThanOrEqual(400);
    expect((await one<{ status: string }>("SELECT status FROM customer WHERE id = ?", id)).status).toBe("active");
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM audit_entry WHERE customer_id = ?", id)).n).toBe(
      before.n,
    );
  });
});
