/**
 * The cooperative's decisions in the back office (issue 32, `/staff/cooperative`): the queue
 * shows exactly the signed declarations waiting; admitting puts the shares into her cart as
 * before; refusing needs a reason, tells her by mail and on her page, and charges nothing; two
 * members of staff deciding at once make one decision; the payout of shares given notice is
 * recorded once; every decision leaves exactly one audit entry; other roles get 403.
 */
import { HtmlValidate } from "html-validate/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareTestCustomer } from "../fixtures/customer";
import { Browser, csrfOf, signIn, type Page } from "./browser";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
let gero: Browser;
beforeAll(async () => {
  shop = await startShop();
  gero = await staffBrowser("Gero Genosse");
});
afterAll(async () => {
  await shop?.dispose();
});

const QUEUE = "/staff/cooperative";
const NOTICES = "/staff/cooperative/notices";

/** Visible text of a page's body (its notices included), tags and entities gone. */
const text = (html: string) =>
  (/<body[\s\S]*<\/body>/.exec(html)?.[0] ?? html)
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** A browser signed in to the back office through the development sign-in, as `name`. */
async function staffBrowser(name: string): Promise<Browser> {
  const b = new Browser(shop);
  const page = await b.get("/staff/login");
  const form = page.html.split("<form").find((f) => f.includes(`Als ${name} anmelden`)) ?? "";
  const id = /name="staffId" value="(\d+)"/.exec(form)?.[1];
  expect(id, name).toBeDefined();
  const res = await b.post("/staff/login", { staffId: id!, redirectTo: "/staff" }, { csrf: csrfOf(page.html) });
  expect(res.res.status).toBe(302);
  return b;
}

const audits = async (action: string, subject: string) =>
  (await shop.db
    .prepare("SELECT count(*) AS n FROM audit_entry WHERE action = ? AND subject = ?")
    .bind(action, subject)
    .first<{ n: number }>())!.n;
const statusOf = async (id: string) =>
  (await shop.db.prepare("SELECT status, refusal_reason FROM share_purchase WHERE id = ?").bind(id).first<{
    status: string;
    refusal_reason: string | null;
  }>())!;

let serial = 0;

/** A customer with a purchase in `status` (signed unless it waits for the signature). */
async function customerWithPurchase(status: string, quantity = 2) {
  const id = 720_000 + ++serial;
  const email = `genossin-${id}@example.org`;
  const purchaseId = `coop-${id}`;
  const now = new Date().toISOString();
  const declaration = {
    quantity,
    firstname: "Greta",
    lastname: `Genossin${id}`,
    dob: "1985-05-06",
    email,
    address: { street: "Karl-Heine-Straße", houseNumber: "9", zip: "04229", city: "Leipzig" },
    consentsAt: now,
  };
  await shop.db.batch([
    prepareTestCustomer(shop.db, { id, email, firstname: "Greta", lastname: `Genossin${id}`, gender: "w" }),
    shop.db
      .prepare(
        `INSERT INTO share_purchase (id, customer_id, quantity, status, declaration, signing_ref, created_at, signed_at, review_due_at, updated_at, refusal_reason)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, '2999-12-31T00:00:00.000Z', ?, ?)`,
      )
      .bind(
        purchaseId,
        id,
        quantity,
        status,
        JSON.stringify(declaration),
        `sig_${purchaseId}`,
        now,
        status === "awaiting_signature" ? null : now,
        now,
        status === "refused" ? "schon entschieden" : null,
      ),
  ]);
  return { id, email, purchaseId, lastname: `Genossin${id}` };
}

async function admit(b: Browser, purchaseId: string): Promise<Page> {
  const page = await b.get(QUEUE);
  return b.post(`${QUEUE}?index`, { purchaseId }, { csrf: csrfOf(page.html) });
}

async function refuse(b: Browser, purchaseId: string, reason: string): Promise<Page> {
  const path = `${QUEUE}/declarations/${purchaseId}/refuse`;
  const page = await b.get(path);
  return b.post(path, { reason }, { csrf: csrfOf(page.html) });
}

describe("the queue of signed declarations", () => {
  it("shows only declarations signed and waiting, Emil's among them; the navigation names the section", async () => {
    const waiting = await customerWithPurchase("in_review", 3);
    const others = await Promise.all(
      ["awaiting_signature", "approved", "in_cart", "cancelled", "refused"].map((s) => customerWithPurchase(s)),
    );
    const page = await gero.get(QUEUE);
    expect(page.res.status).toBe(200);
    expect(page.res.headers.get("Cache-Control")).toMatch(/private/);
    const body = text(page.html);
    expect(body).toContain("Beitrittserklärungen in Prüfung");
    expect(body).toContain(`Greta ${waiting.lastname}`);
    expect(body).toContain("3 Anteile (300,00 €)");
    expect(body).toContain("06.05.1985");
    expect(body).toContain("Emil Wagner");
    for (const other of others) expect(body).not.toContain(other.lastname);
    expect(page.html).toContain('href="/staff/cooperative"');
    expect(text(page.html)).toContain("Genossenschaft");
    // sorted by name, descending: the URL says so, and the page follows
    const sorted = await gero.get(`${QUEUE}?sort=name&dir=desc`);
    expect(sorted.html).toMatch(/aria-sort="descending"/);
  });

  it("is the cooperative's alone: admin, support and fulfilment get 403 and change nothing", async () => {
    const p = await customerWithPurchase("in_review");
    for (const name of ["Ada Admin", "Sina Support", "Paula Pick"]) {
      const other = await staffBrowser(name);
      expect((await other.get(QUEUE)).res.status).toBe(403);
      expect((await other.get(NOTICES)).res.status).toBe(403);
      const home = await other.get("/staff");
      expect(home.html).not.toContain('href="/staff/cooperative"');
      expect(
        (await other.post(`${QUEUE}?index`, { purchaseId: p.purchaseId }, { csrf: csrfOf(home.html) })).res.status,
      ).toBe(403);
      expect(
        (
          await other.post(
            `${QUEUE}/declarations/${p.purchaseId}/refuse`,
            { reason: "Keine Berechtigung hier." },
            {
              csrf: csrfOf(home.html),
            },
          )
        ).res.status,
      ).toBe(403);
    }
    expect((await statusOf(p.purchaseId)).status).toBe("in_review");
    expect(await audits("cooperative.admit", p.purchaseId)).toBe(0);
  });

  it("without the CSRF token nothing is decided", async () => {
    const p = await customerWithPurchase("in_review");
    const res = await gero.post(`${QUEUE}?index`, { purchaseId: p.purchaseId }, { csrf: "falsch" });
    expect(res.res.status).toBeGreaterThanOrEqual(400);
    expect((await statusOf(p.purchaseId)).status).toBe("in_review");
  });
});

describe("admitting", () => {
  it("moves the declaration to admitted with one audit entry; her page puts the shares into her cart as before", async () => {
    const p = await customerWithPurchase("in_review", 4);
    const res = await admit(gero, p.purchaseId);
    expect(res.res.status).toBe(302);
    expect(res.res.headers.get("Location")).toBe(QUEUE);
    const after = await gero.follow(res);
    expect(text(after.html)).toContain("Beitritt zugelassen: 4 Anteile liegen jetzt im Warenkorb der Kundin.");
    expect(text(after.html)).not.toContain(p.lastname);
    expect((await statusOf(p.purchaseId)).status).toBe("approved");
    expect(await audits("cooperative.admit", p.purchaseId)).toBe(1);
    const entry = await shop.db
      .prepare("SELECT customer_id, staff_id, after_json FROM audit_entry WHERE subject = ?")
      .bind(p.purchaseId)
      .first<{ customer_id: number; staff_id: number; after_json: string }>();
    expect(entry!.customer_id).toBe(p.id);
    expect(JSON.parse(entry!.after_json)).toEqual({ status: "approved", quantity: 4 });

    // she signs in: the admitted shares go into her cart, once, exactly as after the stand-in's check
    const her = new Browser(shop);
    expect((await signIn(her, p.email)).res.status).toBe(302);
    const home = await her.get("/");
    expect(text(home.html)).toContain("Anteile in den Warenkorb legen");
    const added = await her.follow(await her.post("/cart/shares", { redirectTo: "/" }, { csrf: csrfOf(home.html) }));
    expect(text(added.html)).toContain("4 Anteile wurden in den Warenkorb gelegt.");
    expect((await statusOf(p.purchaseId)).status).toBe("in_cart");
    expect(text((await her.get("/cart")).html)).toContain("Genossenschaftsanteil");
  });

  it("a second admission of the same declaration changes nothing and writes no entry", async () => {
    const p = await customerWithPurchase("in_review");
    await admit(gero, p.purchaseId);
    const again = await gero.follow(await admit(gero, p.purchaseId));
    expect(text(again.html)).toContain("Nichts geändert: Über diese Beitrittserklärung ist bereits entschieden.");
    expect(await audits("cooperative.admit", p.purchaseId)).toBe(1);
  });
});

describe("refusing", () => {
  it("without a reason: the German message at the field, what was typed kept, nothing changed", async () => {
    const p = await customerWithPurchase("in_review");
    for (const [reason, message] of [
      ["", "Bitte gib eine Begründung an."],
      ["zu kurz", "Die Begründung muss mindestens 10 Zeichen lang sein."],
      ["x".repeat(1001), "Die Begründung darf höchstens 1000 Zeichen lang sein."],
    ]) {
      const res = await refuse(gero, p.purchaseId, reason);
      expect(res.res.status, reason).toBe(400);
      expect(text(res.html)).toContain(message);
      expect(res.html).toMatch(/<textarea[^>]*aria-invalid="true"/);
      if (reason) expect(res.html).toContain(reason);
    }
    expect((await statusOf(p.purchaseId)).status).toBe("in_review");
    expect(await audits("cooperative.refuse", p.purchaseId)).toBe(0);
  });

  it("with a reason: refused, one audit entry, a mail with the reason, her page says so, nothing charged, the waiting ends", async () => {
    const p = await customerWithPurchase("in_review", 2);
    const her = new Browser(shop);
    expect((await signIn(her, p.email)).res.status).toBe(302);
    expect(JSON.parse((await her.get("/account/shareholder/status")).html)).toMatchObject({
      shareholder_state: "blocked",
    });
    const reason = "Die angegebene Anschrift liegt außerhalb unseres Geschäftsgebiets.";
    const res = await refuse(gero, p.purchaseId, reason);
    expect(res.res.status).toBe(302);
    expect(res.res.headers.get("Location")).toBe(QUEUE);
    expect(text((await gero.follow(res)).html)).toContain(
      "Beitritt abgelehnt. Die Kundin wurde per E-Mail benachrichtigt.",
    );
    expect(await statusOf(p.purchaseId)).toEqual({ status: "refused", refusal_reason: reason });
    expect(await audits("cooperative.refuse", p.purchaseId)).toBe(1);

    const mail = await shop.db
      .prepare("SELECT subject, text_body FROM outbox WHERE recipient = ? ORDER BY id DESC")
      .bind(p.email)
      .first<{ subject: string; text_body: string }>();
    expect(mail!.subject).toBe("Deine Beitrittserklärung zur Frischkorb eG");
    expect(mail!.text_body).toContain("Hallo Greta");
    expect(mail!.text_body).toContain("über 2 Geschäftsanteile");
    expect(mail!.text_body).toContain(reason);
    expect(mail!.text_body).toContain("Es wurde nichts berechnet.");

    // the waiting modal ends: no purchase on its way any more
    expect(JSON.parse((await her.get("/account/shareholder/status")).html)).toMatchObject({
      frontend_status: "none",
      shareholder_state: "open",
    });
    const page = text((await her.get("/content/shares")).html);
    expect(page).toContain("Die Genossenschaft hat deine letzte Beitrittserklärung nicht angenommen.");
    expect(page).toContain(reason);
    expect(page).not.toContain("Deine Beitrittserklärung wird geprüft");
    // nothing on its way any more; nothing was ordered or charged
    expect(page).not.toContain("wird gerade von der Genossenschaft geprüft");
    const orders = await shop.db
      .prepare("SELECT count(*) AS n FROM customer_order WHERE customer_id = ?")
      .bind(p.id)
      .first<{ n: number }>();
    expect(orders!.n).toBe(0);
    expect(text((await her.get("/cart")).html)).not.toContain("Genossenschaftsanteil");
    // and the refused declaration has left the queue
    expect(text((await gero.get(QUEUE)).html)).not.toContain(p.lastname);
    expect((await gero.get(`${QUEUE}/declarations/${p.purchaseId}/refuse`)).res.status).toBe(302);
  });
});

describe("two members of staff deciding at once", () => {
  it("admit and refuse of one declaration: one decision, one audit entry, at most one mail", async () => {
    const second = await staffBrowser("Gero Genosse");
    for (let round = 0; round < 3; round++) {
      const p = await customerWithPurchase("in_review");
      const path = `${QUEUE}/declarations/${p.purchaseId}/refuse`;
      const [queue, form] = await Promise.all([gero.get(QUEUE), second.get(path)]);
      const mailsBefore = (await shop.db
        .prepare("SELECT count(*) AS n FROM outbox WHERE recipient = ?")
        .bind(p.email)
        .first<{ n: number }>())!.n;
      await Promise.all([
        gero.post(`${QUEUE}?index`, { purchaseId: p.purchaseId }, { csrf: csrfOf(queue.html) }),
        second.post(path, { reason: "Gleichzeitig abgelehnt, zur Probe." }, { csrf: csrfOf(form.html) }),
        gero.post(`${QUEUE}?index`, { purchaseId: p.purchaseId }, { csrf: csrfOf(queue.html) }),
      ]);
      const { status } = await statusOf(p.purchaseId);
      expect(["approved", "refused"]).toContain(status);
      const admits = await audits("cooperative.admit", p.purchaseId);
      const refusals = await audits("cooperative.refuse", p.purchaseId);
      expect(admits + refusals).toBe(1);
      expect(status === "approved" ? admits : refusals).toBe(1);
      const mails = (await shop.db
        .prepare("SELECT count(*) AS n FROM outbox WHERE recipient = ?")
        .bind(p.email)
        .first<{ n: number }>())!.n;
      expect(mails - mailsBefore).toBe(status === "refused" ? 1 : 0);
    }
  });
});

describe("shares given notice and their payout", () => {
  /** A member who bought `bought` shares and gave notice of `cancelled`, effective at `effectiveAt`. */
  async function memberWithNotice(bought: number, cancelled: number, effectiveAt: string) {
    const id = 730_000 + ++serial;
    const email = `kuendigung-${id}@example.org`;
    const entry = `notice-${id}`;
    const year = Number(effectiveAt.slice(0, 4));
    await shop.db.batch([
      prepareTestCustomer(shop.db, { id, email, firstname: "Kurt", lastname: `Kündiger${id}`, gender: "m" }),
      shop.db
        .prepare(
          "INSERT INTO shareholder (customer_id, member_number, joined_at) VALUES (?, ?, '2020-01-01T00:00:00.000Z')",
        )
        .bind(id, String(90_000 + serial)),
      shop.db
        .prepare(
          `INSERT INTO share_entry (id, customer_id, type, quantity, value_cents, created_at, effective_at, payout_at)
           VALUES (?, ?, 'purchase', ?, ?, '2020-01-01T00:00:00.000Z', '2020-01-01', NULL)`,
        )
        .bind(`buy-${id}`, id, bought, bought * 10_000),
      shop.db
        .prepare(
          `INSERT INTO share_entry (id, customer_id, type, quantity, value_cents, created_at, effective_at, payout_at)
           VALUES (?, ?, 'cancellation', ?, ?, ?, ?, ?)`,
        )
        .bind(
          entry,
          id,
          cancelled,
          cancelled * 10_000,
          `${year}-03-10T10:00:00.000Z`,
          effectiveAt,
          `${year + 1}-06-30`,
        ),
    ]);
    return { id, email, entry, lastname: `Kündiger${id}`, number: String(90_000 + serial) };
  }

  const today = () => new Date().toISOString().slice(0, 10);
  const lastYearEnd = () => `${new Date().getUTCFullYear() - 1}-12-31`;
  const thisYearEnd = () => `${new Date().getUTCFullYear()}-12-31`;
  const payouts = async (entry: string) =>
    (await shop.db.prepare("SELECT count(*) AS n FROM share_payout WHERE cancellation_id = ?").bind(entry).first<{
      n: number;
    }>())!.n;

  async function pay(b: Browser, entry: string, paidOn: string): Promise<Page> {
    const path = `${NOTICES}/${entry}`;
    const page = await b.get(path);
    return b.post(path, { paidOn }, { csrf: csrfOf(page.html) });
  }

  it("lists notices by the date they take effect, with their state; the filter's state is in the URL", async () => {
    const due = await memberWithNotice(5, 2, lastYearEnd());
    const pending = await memberWithNotice(5, 1, thisYearEnd());
    const page = await gero.get(NOTICES);
    expect(page.res.status).toBe(200);
    const body = text(page.html);
    expect(body).toContain(`Kurt ${due.lastname} (Nr. ${due.number})`);
    expect(body).toContain(`Kurt ${pending.lastname}`);
    expect(body.indexOf(due.lastname)).toBeLessThan(body.indexOf(pending.lastname));
    // Dora's payout, recorded in the seed
    expect(body).toMatch(/Dora Fischer \(Nr\. 3902\).*Ausgezahlt am 22\.06\./);
    const dueOnly = text((await gero.get(`${NOTICES}?state=due`)).html);
    expect(dueOnly).toContain(due.lastname);
    expect(dueOnly).not.toContain(pending.lastname);
    expect(dueOnly).not.toContain("Dora Fischer");
    const pendingOnly = text((await gero.get(`${NOTICES}?state=pending`)).html);
    expect(pendingOnly).toContain(pending.lastname);
    expect(pendingOnly).not.toContain(due.lastname);
    // a notice not yet effective has no payout form, and a post is refused
    const notYet = await gero.get(`${NOTICES}/${pending.entry}`);
    expect(text(notYet.html)).toContain("Diese Kündigung wird erst zum 31.12.");
    expect(notYet.html).not.toContain('name="paidOn"');
    const refused = await pay(gero, pending.entry, today());
    expect(refused.res.status).toBe(400);
    expect(await payouts(pending.entry)).toBe(0);
  });

  it("a bad date: the German message at the field, nothing recorded", async () => {
    const n = await memberWithNotice(3, 1, lastYearEnd());
    for (const [paidOn, message] of [
      ["", "Bitte gib den Tag der Auszahlung an."],
      ["2026-02-30", "Bitte gib ein gültiges Datum an."],
      [lastYearEnd(), "Die Auszahlung kann erst nach dem Tag liegen, zu dem die Kündigung wirksam wurde."],
      ["2999-01-01", "Der Tag der Auszahlung darf nicht in der Zukunft liegen."],
    ]) {
      const res = await pay(gero, n.entry, paidOn);
      expect(res.res.status, paidOn).toBe(400);
      expect(text(res.html)).toContain(message);
    }
    expect(await payouts(n.entry)).toBe(0);
    expect(await audits("cooperative.payout", n.entry)).toBe(0);
  });

  it("records the payout once, with its amount, one audit entry; the member whose last shares went has left", async () => {
    const n = await memberWithNotice(3, 3, lastYearEnd());
    const paidOn = today();
    const res = await pay(gero, n.entry, paidOn);
    expect(res.res.status).toBe(302);
    expect(res.res.headers.get("Location")).toBe(NOTICES);
    expect(text((await gero.follow(res)).html)).toContain("Auszahlung gebucht.");
    const row = await shop.db
      .prepare("SELECT amount_cents, paid_on FROM share_payout WHERE cancellation_id = ?")
      .bind(n.entry)
      .first();
    expect(row).toEqual({ amount_cents: 30_000, paid_on: paidOn });
    expect(await audits("cooperative.payout", n.entry)).toBe(1);
    const member = await shop.db.prepare("SELECT left_at FROM shareholder WHERE customer_id = ?").bind(n.id).first();
    expect(member).toEqual({ left_at: lastYearEnd() });
    const page = text((await gero.get(`${NOTICES}/${n.entry}`)).html);
    expect(page).toContain("Diese Auszahlung ist bereits gebucht: 300,00 €");
    // her share history says when it was paid out
    const her = new Browser(shop);
    expect((await signIn(her, n.email)).res.status).toBe(302);
    const german = paidOn.split("-").reverse().join(".");
    expect(text((await her.get("/account/shareholder/listing")).html)).toContain(`ausgezahlt am ${german}`);

    // again: nothing changes
    const again = await pay(gero, n.entry, paidOn);
    expect(again.res.status).toBe(302);
    expect(text((await gero.follow(again)).html)).toContain("Nichts geändert: Diese Auszahlung ist bereits gebucht.");
    expect(await payouts(n.entry)).toBe(1);
    expect(await audits("cooperative.payout", n.entry)).toBe(1);
    // the ledger's payout cannot be changed afterwards
    await expect(
      shop.db.prepare("UPDATE share_payout SET amount_cents = 1 WHERE cancellation_id = ?").bind(n.entry).run(),
    ).rejects.toThrow(/append-only/);
  });

  it("a member who keeps shares stays a member; two payouts at once record one", async () => {
    const n = await memberWithNotice(5, 2, lastYearEnd());
    const second = await staffBrowser("Gero Genosse");
    const path = `${NOTICES}/${n.entry}`;
    const [a, b] = await Promise.all([gero.get(path), second.get(path)]);
    const results = await Promise.all([
      gero.post(path, { paidOn: today() }, { csrf: csrfOf(a.html) }),
      second.post(path, { paidOn: today() }, { csrf: csrfOf(b.html) }),
      gero.post(path, { paidOn: today() }, { csrf: csrfOf(a.html) }),
    ]);
    expect(results.filter((r) => r.res.status === 302).length).toBeGreaterThanOrEqual(1);
    expect(await payouts(n.entry)).toBe(1);
    expect(await audits("cooperative.payout", n.entry)).toBe(1);
    const member = await shop.db.prepare("SELECT left_at FROM shareholder WHERE customer_id = ?").bind(n.id).first();
    expect(member).toEqual({ left_at: null });
  });

  it("other roles cannot record a payout", async () => {
    const n = await memberWithNotice(2, 1, lastYearEnd());
    const ada = await staffBrowser("Ada Admin");
    const home = await ada.get("/staff");
    expect((await ada.get(`${NOTICES}/${n.entry}`)).res.status).toBe(403);
    expect((await ada.post(`${NOTICES}/${n.entry}`, { paidOn: today() }, { csrf: csrfOf(home.html) })).res.status).toBe(
      403,
    );
    expect(await payouts(n.entry)).toBe(0);
  });
});

describe("the section's pages", () => {
  it("are valid HTML: the queue, the refusal (with an error), the notices, a payout", async () => {
    const validator = new HtmlValidate({ extends: ["html-validate:standard"] });
    const p = await customerWithPurchase("in_review");
    const refusal = await refuse(gero, p.purchaseId, "");
    const pages = [
      await gero.get(QUEUE),
      await gero.get(`${QUEUE}/declarations/${p.purchaseId}/refuse`),
      refusal,
      await gero.get(`${NOTICES}?state=paid&sort=received&dir=desc`),
      await gero.get(`${NOTICES}/seed-share-dora-2`),
    ];
    for (const page of pages) {
      const report = await validator.validateString(page.html);
      expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
    }
  });
});
