/**
 * Buying shares, first half (docs/decisions/0021), against the built worker: the membership
 * declaration and its checks, the e-mail with the signing link, the signing service's signed
 * confirmation (applied once; replays, forgeries and unknown references change nothing), the
 * signing sandbox, the cooperative's check (by hand and by the Cron Trigger), the purchase status
 * call, the waiting modal on every page, the admitted shares into the cart exactly once, and
 * cancelling (only one's own purchase, not while it is checked). Every new post refuses a missing
 * or foreign CSRF token.
 *
 * Each test declares with a customer of its own, written straight into D1, so no test sees
 * another's purchase. The confirmations are signed here with node's crypto and the development
 * SIGNING_WEBHOOK_SECRET, not with the shop's code.
 */
import { createHmac } from "node:crypto";
import { HtmlValidate } from "html-validate/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, type Page, csrfOf, signIn } from "./browser";
import { prepareTestCustomer } from "../fixtures/customer";
import { startShop, type TestShop } from "./worker";
import development from "../../app/platform/development-secrets.json";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.dispose();
});

const SHARES = "/content/shares";
const WEBHOOK = "/signing/webhook";
const STATUS = "/account/shareholder/status";
const NOTHING_INTERNAL = /no such table|SQLITE|D1_ERROR|at \w+ \(/;

const TEXT = {
  required: "Bitte fülle dieses Feld aus.",
  wholeNumber: "Bitte gib eine ganze Zahl ein.",
  atLeastOne: "Bitte zeichne mindestens einen Anteil.",
  atMost: "Du kannst mit einer Erklärung höchstens 50 Anteile zeichnen.",
  addressRequired: "Bitte wähle deine Anschrift.",
  statutesRequired: "Bitte erkenne die Satzung an.",
  privacyRequired: "Bitte bestätige, dass du die Datenschutzhinweise kennst.",
  needsDob: "Für die Beitrittserklärung brauchen wir dein Geburtsdatum.",
  tooYoung: "Mitglied der Frischkorb eG kannst du ab 18 Jahren werden.",
  needsAddress: "Für die Mitgliederliste brauchen wir deine Anschrift.",
  alreadyOpen: "Du hast bereits eine Beitrittserklärung in Bearbeitung.",
  sent: "Wir haben dir eine E-Mail mit dem Link zur Bestätigung geschickt.",
  confirmTitle: "E-Mail bestätigen",
  waiting: "Deine Beitrittserklärung wird geprüft",
  readyButton: "Anteile in den Warenkorb legen",
  cartAdded: "3 Anteile wurden in den Warenkorb gelegt.",
  cartNothing: "Es gibt keine Anteile, die in den Warenkorb gelegt werden können.",
  cancelled: "Der Kauf deiner Anteile wurde abgebrochen.",
  notCancelled: "Der Kauf deiner Anteile konnte nicht abgebrochen werden.",
  mailSubject: "Bitte bestätige deine Beitrittserklärung",
  devDone: "Die Beitrittserklärung ist zugelassen.",
  devNotDone: "Nichts geändert: Die Beitrittserklärung wird nicht mehr geprüft.",
};

/** The page as a reader sees it: entities and no-break spaces as plain characters. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\u00a0|&nbsp;/g, " ");

/** The `<main>` of a page: the root's data script repeats texts, the main does not. */
const main = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"));

/** Today in Berlin, read with another formatter than the shop's. */
const berlinToday = () => new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Berlin" });
const yearsAgo = (years: number, plusDays = 0) => {
  const [y, m, d] = berlinToday().split("-").map(Number);
  return new Date(Date.UTC(y - years, m - 1, d + plusDays)).toISOString().slice(0, 10);
};

interface Buyer {
  id: number;
  email: string;
  browser: Browser;
  addressIds: number[];
}

let serial = 0;

/** A fresh active customer (with a date of birth of 1990 unless told) and addresses, signed in. */
async function buyer(opts: { dob?: string | null; addresses?: number } = {}): Promise<Buyer> {
  const id = 620_000 + ++serial;
  const email = `zeichnen-${id}@example.org`;
  const addressIds = Array.from({ length: opts.addresses ?? 1 }, (_, i) => id * 10 + i);
  await shop.db.batch([
    prepareTestCustomer(shop.db, {
      id,
      email,
      firstname: "Paula",
      lastname: "Zeichner",
      gender: "w",
      dob: opts.dob ?? "1990-04-12",
    }),
    ...(opts.dob === null ? [shop.db.prepare("UPDATE customer SET dob = NULL WHERE id = ?").bind(id)] : []),
    ...addressIds.map((addressId, i) =>
      shop.db
        .prepare(
          `INSERT INTO address (id, customer_id, street, house_number, zip, city, is_default_shipping, is_default_billing, created_at)
           VALUES (?, ?, ?, ?, '04109', 'Leipzig', ?, ?, '2026-01-01')`,
        )
        .bind(
          addressId,
          id,
          i === 0 ? "Thomaskirchhof" : "Nikolaistraße",
          String(20 + i),
          i === 0 ? 1 : 0,
          i === 0 ? 1 : 0,
        ),
    ),
  ]);
  const browser = new Browser(shop);
  expect((await signIn(browser, email)).res.status).toBe(302);
  return { id, email, browser, addressIds };
}

const fieldsFor = (b: Buyer, extra: Record<string, string> = {}) => ({
  quantity: "3",
  addressId: String(b.addressIds[0]),
  statutes: "on",
  privacy: "on",
  ...extra,
});

/** The declaration posted from the purchase page with its token; fields left `undefined` are not sent. */
async function declare(b: Buyer, fields: Record<string, string | undefined> = fieldsFor(b)): Promise<Page> {
  const page = await b.browser.get(SHARES);
  expect(page.res.status).toBe(200);
  const sent = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<string, string>;
  return b.browser.post(SHARES, sent, { csrf: csrfOf(page.html) });
}

interface PurchaseRow {
  id: string;
  customer_id: number;
  quantity: number;
  status: string;
  declaration: string;
  signing_ref: string;
  order_id: string | null;
  created_at: string;
  signed_at: string | null;
  review_due_at: string | null;
  updated_at: string;
}

const purchasesOf = async (customerId: number) =>
  (
    await shop.db
      .prepare("SELECT * FROM share_purchase WHERE customer_id = ? ORDER BY created_at, id")
      .bind(customerId)
      .all<PurchaseRow>()
  ).results;

const purchase = async (id: string) =>
  (await shop.db.prepare("SELECT * FROM share_purchase WHERE id = ?").bind(id).first<PurchaseRow>())!;

const allPurchases = async () =>
  (await shop.db.prepare("SELECT * FROM share_purchase ORDER BY id").all<PurchaseRow>()).results;

const mailsTo = async (email: string) =>
  (
    await shop.db
      .prepare("SELECT subject, text_body FROM outbox WHERE recipient = ? ORDER BY id")
      .bind(email)
      .all<{ subject: string; text_body: string }>()
  ).results;

/** A declaration that went through: the purchase waiting for its signature. */
async function declared(b: Buyer, quantity = "3"): Promise<PurchaseRow> {
  const res = await declare(b, fieldsFor(b, { quantity }));
  expect(res.res.status).toBe(302);
  const [row] = await purchasesOf(b.id);
  expect(row.status).toBe("awaiting_signature");
  return row;
}

/** HMAC-SHA-256 (hex) of the raw body, as the signing service signs its confirmations. */
const signature = (body: string, secret = development.SIGNING_WEBHOOK_SECRET) =>
  createHmac("sha256", secret).update(body).digest("hex");

const confirmation = (ref: string, outcome: "signed" | "declined" = "signed", eventId = crypto.randomUUID()) =>
  JSON.stringify({ eventId, ref, outcome });

/** The signing service's call: signed unless a signature (or `null` for none) is given. */
async function confirm(body: string, sig: string | null = signature(body)) {
  const res = await shop.fetch(WEBHOOK, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", ...(sig === null ? {} : { "X-Signing-Signature": sig }) },
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as { result: string } | null };
}

async function signed(b: Buyer, quantity = "3"): Promise<PurchaseRow> {
  const row = await declared(b, quantity);
  expect((await confirm(confirmation(row.signing_ref))).status).toBe(200);
  return purchase(row.id);
}

/** The development page's "Jetzt prüfen und zulassen", posted by a developer's own browser. */
async function reviewByHand(purchaseId: string): Promise<Page> {
  const dev = new Browser(shop);
  const page = await dev.get("/dev/shares");
  expect(page.res.status).toBe(200);
  return dev.follow(await dev.post("/dev/shares", { purchaseId }, { csrf: csrfOf(page.html) }));
}

async function approved(b: Buyer, quantity = "3"): Promise<PurchaseRow> {
  const row = await signed(b, quantity);
  expect(text((await reviewByHand(row.id)).html)).toContain(TEXT.devDone);
  return purchase(row.id);
}

async function status(b: Buyer) {
  const res = await b.browser.get(STATUS);
  expect(res.res.status).toBe(200);
  expect(res.res.headers.get("Content-Type")).toMatch(/application\/json/);
  expect(res.res.headers.get("Cache-Control")).toMatch(/no-store/);
  return JSON.parse(res.html) as Record<string, unknown>;
}

/** One run of the Cron Trigger at the given time. */
async function cron(at: Date) {
  await (await shop.mf.getWorker()).scheduled({ scheduledTime: at, cron: "* * * * *" });
}

/** The address radio of that id, checked (React writes `checked` before or after `value`). */
const checkedAddress = (id: number) => new RegExp(`<input(?=[^>]*value="${id}")[^>]*name="addressId"[^>]*checked`);

describe("the declaration form", () => {
  it("shows the form with the member's data from the profile and the suggested address", async () => {
    const b = await buyer({ addresses: 2 });
    const page = await b.browser.get(SHARES);
    expect(page.res.status).toBe(200);
    expect(page.res.headers.get("Cache-Control")).toMatch(/private/);
    const body = text(main(page.html));
    expect(body).toContain("Beitrittserklärung");
    expect(body).toContain("Paula Zeichner");
    expect(body).toContain("12.04.1990");
    expect(body).toContain(b.email);
    expect(page.html).toContain('name="quantity"');
    expect(page.html).toMatch(checkedAddress(b.addressIds[0]));
    expect(page.html).toContain(`value="${b.addressIds[1]}"`);
    expect(page.html).toContain('name="statutes"');
    expect(page.html).toContain('name="privacy"');
    expect(page.html).toContain('href="/pages/legal/satzung"');
  });

  const badFields: [string, Record<string, string | undefined>, string, string][] = [
    ["no quantity", { quantity: "" }, "quantity", TEXT.required],
    ["0 shares", { quantity: "0" }, "quantity", TEXT.atLeastOne],
    ["-2 shares", { quantity: "-2" }, "quantity", TEXT.atLeastOne],
    ["51 shares", { quantity: "51" }, "quantity", TEXT.atMost],
    ["1.5 shares", { quantity: "1.5" }, "quantity", TEXT.wholeNumber],
    ["'drei' shares", { quantity: "drei" }, "quantity", TEXT.wholeNumber],
    ["no address", { addressId: undefined }, "addressId", TEXT.addressRequired],
    ["an address that is no id", { addressId: "Markt 1" }, "addressId", TEXT.addressRequired],
    ["an address that does not exist", { addressId: "999999999" }, "addressId", TEXT.addressRequired],
    ["no consent to the statutes", { statutes: undefined }, "statutes", TEXT.statutesRequired],
    ["no consent to the privacy notice", { privacy: undefined }, "privacy", TEXT.privacyRequired],
  ];

  it.each(badFields)(
    "%s: the German message at its field, 400, what was typed kept, nothing written",
    async (_, change, field, message) => {
      const b = await buyer({ addresses: 2 });
      const typed = fieldsFor(b, { quantity: "7", addressId: String(b.addressIds[1]) });
      const res = await declare(b, { ...typed, ...change });
      expect(res.res.status).toBe(400);
      const html = res.html;
      // the message next to its field, linked to it for screen readers
      const input = new RegExp(`<(input|select)[^>]*name="${field}"[^>]*>`).exec(html)?.[0] ?? "";
      expect(input, field).toContain('aria-invalid="true"');
      const errorId = /aria-describedby="([^"]*)"/
        .exec(input)?.[1]
        .split(" ")
        .find((id) => id.includes("error"));
      expect(errorId, `${field} described by its error`).toBeTruthy();
      const errorText = new RegExp(`id="${errorId}"[^>]*>([^<]*)<`).exec(html)?.[1];
      expect(text(errorText ?? "")).toContain(message);
      // the other fields keep what was typed
      const kept = { ...typed, ...change };
      if (field !== "quantity") expect(html).toMatch(/name="quantity"[^>]*value="7"|value="7"[^>]*name="quantity"/);
      else if (kept.quantity) expect(html).toContain(`value="${kept.quantity}"`);
      if (field !== "addressId") expect(html).toMatch(checkedAddress(b.addressIds[1]));
      if (field !== "statutes") expect(html).toMatch(/<input[^>]*name="statutes"[^>]*checked/);
      expect(html).not.toMatch(NOTHING_INTERNAL);
      expect(await purchasesOf(b.id)).toEqual([]);
      expect(await mailsTo(b.email)).toEqual([]);
    },
  );

  it("refuses another customer's address: the address message, nothing written for either", async () => {
    const owner = await buyer();
    const b = await buyer();
    const res = await declare(b, fieldsFor(b, { addressId: String(owner.addressIds[0]) }));
    expect(res.res.status).toBe(400);
    expect(text(res.html)).toContain(TEXT.addressRequired);
    expect(res.html).not.toContain("Thomaskirchhof 20, 04109 Leipzig</option>".replace("20", "X"));
    expect(await purchasesOf(b.id)).toEqual([]);
    expect(await purchasesOf(owner.id)).toEqual([]);
    expect(await mailsTo(b.email)).toEqual([]);
  });

  it.each([
    ["without a date of birth", { dob: null }, TEXT.needsDob, 'href="/account/customer"'],
    ["under 18 (18 tomorrow)", { dob: yearsAgo(18, 1) }, TEXT.tooYoung, null],
    ["without an address", { addresses: 0 }, TEXT.needsAddress, 'href="/account/address/new"'],
  ] as const)("%s: the page says why instead of the form, and a post is refused", async (_, opts, message, link) => {
    const b = await buyer(opts);
    const page = await b.browser.get(SHARES);
    expect(page.res.status).toBe(200);
    expect(text(main(page.html))).toContain(message);
    if (link) expect(main(page.html)).toContain(link);
    expect(page.html).not.toContain('name="quantity"');
    const csrf = csrfOf((await b.browser.get("/account/customer")).html);
    const res = await b.browser.post(SHARES, fieldsFor(b, { addressId: String(b.addressIds[0] ?? 1) }), { csrf });
    expect(res.res.status).toBe(400);
    expect(text(res.html)).toContain(message);
    expect(await purchasesOf(b.id)).toEqual([]);
    expect(await mailsTo(b.email)).toEqual([]);
  });

  it("takes a customer on the day they turn 18", async () => {
    const b = await buyer({ dob: yearsAgo(18) });
    expect((await declare(b)).res.status).toBe(302);
  });

  it("refuses a second declaration while one is open, and after it ends takes a new one", async () => {
    const b = await buyer();
    const first = await declared(b);
    const again = await declare(b, fieldsFor(b, { quantity: "5" }));
    expect(again.res.status).toBe(409);
    // the page shows where the first stands instead of the form
    expect(text(again.html)).toContain("wartet auf deine Bestätigung per E-Mail");
    expect(await purchasesOf(b.id)).toHaveLength(1);
    expect(await mailsTo(b.email)).toHaveLength(1);
    // two at once: still only one open purchase
    const csrf = csrfOf((await b.browser.get("/account/customer")).html);
    await Promise.all([1, 2, 3].map(() => b.browser.post(SHARES, fieldsFor(b), { csrf })));
    expect(await purchasesOf(b.id)).toHaveLength(1);
    expect((await confirm(confirmation(first.signing_ref, "declined"))).status).toBe(200);
    expect((await declare(b, fieldsFor(b, { quantity: "2" }))).res.status).toBe(302);
    expect((await purchasesOf(b.id)).map((p) => [p.quantity, p.status])).toEqual([
      [3, "declined"],
      [2, "awaiting_signature"],
    ]);
  });

  it("a signed-out visitor is sent to the login and nothing is written", async () => {
    const visitor = new Browser(shop);
    const login = await visitor.get("/login");
    for (const path of [SHARES, `${SHARES}/confirm`, `${SHARES}/cancel`, STATUS]) {
      const { res } = await visitor.get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    const before = await allPurchases();
    for (const path of [SHARES, `${SHARES}/cancel`, "/cart/shares"]) {
      const { res } = await visitor.post(path, { quantity: "1", purchaseId: "x" }, { csrf: csrfOf(login.html) });
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toMatch(/^\/login/);
    }
    expect(await allPurchases()).toEqual(before);
  });
});

describe("a declaration that goes through", () => {
  it("records the purchase, mails the signing link and opens the 'E-Mail bestätigen' modal", async () => {
    const b = await buyer();
    const res = await declare(b);
    expect(res.res.status).toBe(302);
    expect(res.res.headers.get("Location")).toBe(`${SHARES}/confirm`);
    const [row] = await purchasesOf(b.id);
    expect(row).toMatchObject({ quantity: 3, status: "awaiting_signature", order_id: null, signed_at: null });
    expect(row.signing_ref).toMatch(/^sig_[A-Za-z0-9_-]{16,}$/);
    expect(JSON.parse(row.declaration)).toMatchObject({
      quantity: 3,
      firstname: "Paula",
      lastname: "Zeichner",
      dob: "1990-04-12",
      email: b.email,
      address: { street: "Thomaskirchhof", houseNumber: "20", zip: "04109", city: "Leipzig" },
    });

    const mails = await mailsTo(b.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(TEXT.mailSubject);
    expect(text(mails[0].text_body)).toContain("3 Geschäftsanteile (300,00 €)");
    const link = mails[0].text_body.match(/https?:\/\/\S+/)?.[0];
    expect(link).toBe(`${shop.origin}/signing/sandbox/${row.signing_ref}`);

    const modal = await b.browser.follow(res);
    expect(modal.res.status).toBe(200);
    expect(modal.html).toMatch(/<dialog[^>]*open/);
    expect(text(modal.html)).toContain(TEXT.confirmTitle);
    expect(text(modal.html)).toContain(TEXT.sent);
    expect(modal.html).toContain(`href="${SHARES}/cancel"`);
    expect(text(modal.html)).toContain("Kauf abbrechen");
    expect(await status(b)).toEqual({
      frontend_status: "pending",
      frontendStatus: "pending",
      shareholder_state: "open",
      item_qty: 3,
    });
    // no waiting modal before the signature
    expect(text((await b.browser.get("/")).html)).not.toContain(TEXT.waiting);
  });

  it("the confirm modal exists only while the declaration waits for its signature", async () => {
    const b = await buyer();
    const none = await b.browser.get(`${SHARES}/confirm`);
    expect(none.res.status).toBe(302);
    expect(none.res.headers.get("Location")).toBe(SHARES);
    await signed(b);
    expect((await b.browser.get(`${SHARES}/confirm`)).res.headers.get("Location")).toBe(SHARES);
  });

  it("the purchase page and the confirm modal are valid HTML", async () => {
    const validator = new HtmlValidate({ extends: ["html-validate:standard"] });
    const b = await buyer();
    const form = await b.browser.get(SHARES);
    const refused = await declare(b, { ...fieldsFor(b, { quantity: "0" }), privacy: undefined });
    await declared(b);
    const modal = await b.browser.get(`${SHARES}/confirm`);
    for (const page of [form, refused, modal]) {
      const report = await validator.validateString(page.html);
      expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
    }
  });
});

describe("the signing service's confirmation", () => {
  it("a signed confirmation applies once; the same body three times more changes nothing (200 unchanged)", async () => {
    const b = await buyer();
    const row = await declared(b);
    const body = confirmation(row.signing_ref);
    const before = Date.now();
    const first = await confirm(body);
    expect(first).toEqual({ status: 200, body: { result: "applied" } });
    const after = await purchase(row.id);
    expect(after.status).toBe("in_review");
    const signedAt = Date.parse(after.signed_at!);
    expect(signedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(after.review_due_at!) - signedAt).toBe(60_000);
    for (let i = 0; i < 3; i++) expect(await confirm(body)).toEqual({ status: 200, body: { result: "unchanged" } });
    // replays at the same moment, and a late "declined" for the same request
    const together = await Promise.all([1, 2, 3].map(() => confirm(body)));
    for (const r of together) expect(r).toEqual({ status: 200, body: { result: "unchanged" } });
    expect(await confirm(confirmation(row.signing_ref, "declined"))).toEqual({
      status: 200,
      body: { result: "unchanged" },
    });
    expect(await purchase(row.id)).toEqual(after);
    expect(await status(b)).toMatchObject({ frontend_status: "pending", shareholder_state: "blocked" });
  });

  it("refuses forged confirmations with 401 and changes nothing", async () => {
    const b = await buyer();
    const row = await declared(b);
    const body = confirmation(row.signing_ref);
    const forgeries: [string, string, string | null][] = [
      ["a wrong secret", body, signature(body, "not-the-signing-secret-0123456789abcdef")],
      ["the payment sandbox's secret", body, signature(body, development.PAYMENT_WEBHOOK_SECRET)],
      ["an altered body", body.replace('"signed"', '"declined"'), signature(body)],
      ["another reference in the body", confirmation(`${row.signing_ref}x`), signature(body)],
      ["no signature header", body, null],
      ["an empty signature", body, ""],
      ["the signature in upper case", body, signature(body).toUpperCase()],
      ["a shortened signature", body, signature(body).slice(0, 62)],
      ["the signature with a prefix", body, `sha256=${signature(body)}`],
    ];
    for (const [what, sent, sig] of forgeries) {
      const res = await confirm(sent, sig);
      expect(res.status, what).toBe(401);
      expect(res.body, what).toEqual({ result: "badSignature" });
    }
    expect(await purchase(row.id)).toEqual(row);
    // the genuine one still applies afterwards
    expect((await confirm(body)).body).toEqual({ result: "applied" });
  });

  it("an unknown reference is a 404, a signed body that is no confirmation a 400; nothing changes", async () => {
    const before = await allPurchases();
    expect(await confirm(confirmation("sig_gibtesnicht"))).toEqual({ status: 404, body: { result: "unknown" } });
    for (const body of [
      "",
      "kein json",
      "[]",
      JSON.stringify({ ref: "sig_x", outcome: "signed" }),
      JSON.stringify({ eventId: "e", ref: "sig_x", outcome: "approved" }),
      JSON.stringify({ eventId: "e", ref: "", outcome: "signed" }),
      JSON.stringify({ eventId: "e", ref: "x".repeat(101), outcome: "signed" }),
    ]) {
      const res = await confirm(body);
      expect(res.status, body).toBe(400);
    }
    expect(await allPurchases()).toEqual(before);
  });

  it("takes only POST", async () => {
    expect((await shop.fetch(WEBHOOK)).status).toBe(405);
  });

  it("a declined confirmation ends the purchase; a late 'signed' changes nothing", async () => {
    const b = await buyer();
    const row = await declared(b);
    expect(await confirm(confirmation(row.signing_ref, "declined"))).toEqual({
      status: 200,
      body: { result: "applied" },
    });
    const ended = await purchase(row.id);
    expect(ended).toMatchObject({ status: "declined", signed_at: null, review_due_at: null });
    expect(await confirm(confirmation(row.signing_ref))).toEqual({ status: 200, body: { result: "unchanged" } });
    expect(await purchase(row.id)).toEqual(ended);
    expect(await status(b)).toEqual({
      frontend_status: "none",
      frontendStatus: "none",
      shareholder_state: "open",
      item_qty: 0,
    });
    // the page offers the form again
    expect((await b.browser.get(SHARES)).html).toContain('name="quantity"');
  });
});

describe("the signing sandbox", () => {
  it("shows the declaration to anyone with the link and signs it with a signed confirmation", async () => {
    const b = await buyer();
    const row = await declared(b);
    const link = new URL((await mailsTo(b.email))[0].text_body.match(/https?:\/\/\S+/)![0]).pathname;
    const signer = new Browser(shop);
    const page = await signer.get(link);
    expect(page.res.status).toBe(200);
    const body = text(main(page.html));
    expect(body).toContain("Beitrittserklärung zur Frischkorb eG");
    expect(body).toContain("3 Geschäftsanteile zu je 100,00 €, zusammen 300,00 €");
    expect(body).toContain("Paula Zeichner");
    expect(body).toContain("12.04.1990");
    expect(body).toContain("Thomaskirchhof 20");
    expect(body).toContain(b.email);
    expect(page.html).toContain('content="noindex"');
    expect(await purchase(row.id)).toEqual(row);

    expect((await signer.post(link, { intent: "approve" }, { csrf: csrfOf(page.html) })).res.status).toBe(400);
    const done = await signer.post(link, { intent: "sign" }, { csrf: csrfOf(page.html) });
    expect(done.res.status).toBe(302);
    expect(done.res.headers.get("Location")).toBe(link);
    expect((await purchase(row.id)).status).toBe("in_review");
    const after = await signer.follow(done);
    expect(text(after.html)).toContain("Du hast die Beitrittserklärung unterschrieben.");
    expect(after.html).not.toContain('value="sign"');
    // a second click (another tab) changes nothing
    const reviewed = await purchase(row.id);
    await signer.post(link, { intent: "decline" }, { csrf: csrfOf(page.html) });
    expect(await purchase(row.id)).toEqual(reviewed);
  });

  it("declining there ends the purchase", async () => {
    const b = await buyer();
    const row = await declared(b);
    const link = `/signing/sandbox/${row.signing_ref}`;
    const signer = new Browser(shop);
    const page = await signer.get(link);
    const done = await signer.follow(await signer.post(link, { intent: "decline" }, { csrf: csrfOf(page.html) }));
    expect(text(done.html)).toContain("Du hast die Beitrittserklärung abgelehnt.");
    expect((await purchase(row.id)).status).toBe("declined");
  });

  it("an unknown reference is a 404", async () => {
    const signer = new Browser(shop);
    expect((await signer.get("/signing/sandbox/sig_gibtesnicht")).res.status).toBe(404);
    const token = csrfOf((await signer.get("/login")).html);
    const before = await allPurchases();
    expect(
      (await signer.post("/signing/sandbox/sig_gibtesnicht", { intent: "sign" }, { csrf: token })).res.status,
    ).toBe(404);
    expect(await allPurchases()).toEqual(before);
  });
});

describe("the cooperative's check and the status call", () => {
  it("pending and blocked while in review, ok once admitted by hand; only purchases in review are admitted", async () => {
    const b = await buyer();
    const row = await signed(b);
    expect(await status(b)).toEqual({
      frontend_status: "pending",
      frontendStatus: "pending",
      shareholder_state: "blocked",
      item_qty: 3,
    });
    const list = await new Browser(shop).get("/dev/shares");
    expect(text(list.html)).toContain(b.email);
    expect(text(list.html)).toContain("in Prüfung");
    expect(text((await reviewByHand(row.id)).html)).toContain(TEXT.devDone);
    expect((await purchase(row.id)).status).toBe("approved");
    expect(await status(b)).toEqual({
      frontend_status: "ok",
      frontendStatus: "ok",
      shareholder_state: "open",
      item_qty: 3,
    });
    // again, or a purchase that is not in review: nothing changes
    const after = await purchase(row.id);
    expect(text((await reviewByHand(row.id)).html)).toContain(TEXT.devNotDone);
    const other = await buyer();
    const waiting = await declared(other);
    expect(text((await reviewByHand(waiting.id)).html)).toContain(TEXT.devNotDone);
    expect(text((await reviewByHand("gibt-es-nicht")).html)).toContain(TEXT.devNotDone);
    expect(await purchase(row.id)).toEqual(after);
    expect(await purchase(waiting.id)).toEqual(waiting);
  });

  it("the Cron Trigger admits a signed declaration 60 s after the signature, not before", async () => {
    const b = await buyer();
    const row = await signed(b);
    const due = Date.parse(row.review_due_at!);
    await cron(new Date(due - 30_000));
    expect((await purchase(row.id)).status).toBe("in_review");
    expect(await status(b)).toMatchObject({ frontend_status: "pending", shareholder_state: "blocked" });
    await cron(new Date(due + 1_000));
    expect((await purchase(row.id)).status).toBe("approved");
    expect(await status(b)).toMatchObject({ frontend_status: "ok", shareholder_state: "open", item_qty: 3 });
    // a declaration not yet signed is never admitted, however late
    const other = await buyer();
    const waiting = await declared(other);
    await cron(new Date(Date.now() + 3_600_000));
    expect(await purchase(waiting.id)).toEqual(waiting);
  });

  it("while in review every shop page shows the waiting modal and refreshes itself; the sandbox and /dev do not", async () => {
    const b = await buyer();
    const row = await signed(b);
    for (const path of ["/", "/catalog/category/milch", SHARES, "/account"]) {
      const page = await b.browser.get(path);
      expect(page.res.status, path).toBe(200);
      expect(page.html, path).toMatch(
        /<dialog[^>]*open[^>]*aria-labelledby="share-waiting-title"|<dialog[^>]*aria-labelledby="share-waiting-title"[^>]*open/,
      );
      expect(text(page.html), path).toContain(TEXT.waiting);
      // its way out is signing out; each reload puts the focus on its heading (docs/decisions/0038)
      const modal = page.html.slice(
        page.html.indexOf('aria-labelledby="share-waiting-title"'),
        page.html.indexOf("</dialog>"),
      );
      expect(modal, path).toMatch(/<form method="post" action="\/logout"/);
      expect(modal, path).toMatch(/<h2 id="share-waiting-title" tabindex="-1" autofocus=""/);
      const head = page.html.slice(0, page.html.indexOf("</head>"));
      expect(head, path).toMatch(/<noscript><meta http-equiv="refresh" content="5"\/?><\/noscript>/);
    }
    expect(text(main((await b.browser.get(SHARES)).html))).toContain("wird gerade von der Genossenschaft geprüft");
    for (const path of [`/signing/sandbox/${row.signing_ref}`, "/dev/shares"]) {
      const page = await b.browser.get(path);
      expect(page.html, path).not.toContain("share-waiting-title");
      expect(page.html, path).not.toContain('http-equiv="refresh"');
    }
    await reviewByHand(row.id);
    const home = await b.browser.get("/");
    expect(home.html).not.toContain("share-waiting-title");
    expect(home.html).not.toContain('http-equiv="refresh"');
    // admitted: the page offers to put them into the cart (the way without JavaScript)
    expect(text(home.html)).toContain("Deine 3 Anteile sind freigegeben.");
    expect(home.html).toMatch(/<form[^>]*action="\/cart\/shares"/);
    expect(text(home.html)).toContain(TEXT.readyButton);
    // another customer sees none of it
    const other = await buyer();
    const theirs = await other.browser.get("/");
    expect(theirs.html).not.toContain("share-waiting-title");
    expect(text(theirs.html)).not.toContain(TEXT.readyButton);
  });
});

describe("the admitted shares into the cart", () => {
  it("ten posts at once move them exactly once: one success, the others 'nothing to add', no error", async () => {
    const b = await buyer();
    const row = await approved(b);
    const csrf = csrfOf((await b.browser.get("/account/customer")).html);
    // as the page's fetcher sends it (single fetch: the route's URL with .data)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => b.browser.post("/cart/shares.data", {}, { csrf })),
    );
    expect(answers.map((a) => a.res.status).sort()).toEqual([200, ...Array(9).fill(400)]);
    const winner = answers.find((a) => a.res.status === 200)!;
    expect(winner.html).toMatch(/"ok",true/);
    for (const a of answers.filter((x) => x !== winner)) expect(a.html).toMatch(/"ok",false/);
    // the success's notice names how many: it shows on the next page
    const flashes = answers.map((a) => a.res.headers.get("Set-Cookie") ?? "");
    expect(winner.res.headers.get("Set-Cookie")).toMatch(/__flash_\w+=/);
    expect(flashes.every((f) => /__flash_\w+=/.test(f))).toBe(true);
    const after = await purchase(row.id);
    expect(after.status).toBe("in_cart");
    expect(await status(b)).toMatchObject({ frontend_status: "ok", item_qty: 3 });
    const next = new Browser(shop);
    // the session and token, and of the ten answers' notices (a flash cookie each) the success's
    for (const [name, value] of b.browser.cookies) if (!name.startsWith("__flash")) next.cookies.set(name, value);
    const [, flashName, flashValue] = /(__flash_\w+)=([^;]*)/.exec(winner.res.headers.get("Set-Cookie")!)!;
    next.cookies.set(flashName, flashValue);
    expect(text((await next.get("/account")).html)).toContain(TEXT.cartAdded);
    // and later posts find nothing more to add
    expect((await b.browser.post("/cart/shares.data", {}, { csrf })).res.status).toBe(400);
    expect(await purchase(row.id)).toEqual(after);
  });

  it("without JavaScript: back to the page with the notice; the page's automatic call says nothing when it comes second", async () => {
    const b = await buyer();
    const row = await approved(b);
    const csrf = csrfOf((await b.browser.get("/")).html);
    const res = await b.browser.post("/cart/shares", { redirectTo: "/catalog/category/milch" }, { csrf });
    expect(res.res.status).toBe(302);
    expect(res.res.headers.get("Location")).toBe("/catalog/category/milch");
    const page = await b.browser.follow(res);
    expect(text(page.html)).toContain(TEXT.cartAdded);
    expect(text(page.html)).not.toContain(TEXT.readyButton);
    expect((await purchase(row.id)).status).toBe("in_cart");
    expect(text(main((await b.browser.get(SHARES)).html))).toContain("Deine 3 Anteile liegen im Warenkorb.");

    // the page's automatic call, second after another tab: no notice at all
    const quiet = await b.browser.post("/cart/shares.data", { quiet: "1" }, { csrf });
    expect(quiet.res.status).toBe(200);
    expect(quiet.html).toMatch(/"ok",true/);
    expect(text((await b.browser.get("/account")).html)).not.toContain(TEXT.cartNothing);
    const again = await b.browser.follow(await b.browser.post("/cart/shares", { redirectTo: "/" }, { csrf }));
    expect(text(again.html)).toContain(TEXT.cartNothing);
    // an off-site redirectTo stays in the shop
    const away = await b.browser.post("/cart/shares", { redirectTo: "//evil.example/" }, { csrf });
    expect(new URL(away.res.headers.get("Location")!, shop.origin).host).toBe(new URL(shop.origin).host);
  });

  it("nothing moves before the cooperative admitted them", async () => {
    const b = await buyer();
    const row = await signed(b);
    const csrf = csrfOf((await b.browser.get("/account/customer")).html);
    expect((await b.browser.post("/cart/shares.data", {}, { csrf })).res.status).toBe(400);
    expect(await purchase(row.id)).toEqual(row);
  });
});

describe("cancelling", () => {
  it("cancels one's own purchase from the confirm modal's link; a new declaration is possible", async () => {
    const b = await buyer();
    const row = await declared(b);
    const dialog = await b.browser.get(`${SHARES}/cancel`);
    expect(dialog.res.status).toBe(200);
    expect(dialog.html).toMatch(/<dialog[^>]*open/);
    expect(text(dialog.html)).toContain("Möchtest du den Kauf deiner 3 Anteile abbrechen?");
    expect(dialog.html).toContain(`name="purchaseId" value="${row.id}"`);
    const res = await b.browser.post(`${SHARES}/cancel`, { purchaseId: row.id }, { csrf: csrfOf(dialog.html) });
    expect(res.res.status).toBe(302);
    expect(res.res.headers.get("Location")).toBe(SHARES);
    const page = await b.browser.follow(res);
    expect(text(page.html)).toContain(TEXT.cancelled);
    expect(page.html).toContain('name="quantity"');
    expect((await purchase(row.id)).status).toBe("cancelled");
    expect(await status(b)).toMatchObject({ frontend_status: "none", item_qty: 0 });
    // a signature arriving afterwards changes nothing
    expect((await confirm(confirmation(row.signing_ref))).body).toEqual({ result: "unchanged" });
    expect((await purchase(row.id)).status).toBe("cancelled");
    expect((await declare(b)).res.status).toBe(302);
  });

  it("cancels an admitted purchase too", async () => {
    const b = await buyer();
    const row = await approved(b);
    const dialog = await b.browser.get(`${SHARES}/cancel`);
    expect(dialog.res.status).toBe(200);
    const page = await b.browser.follow(
      await b.browser.post(`${SHARES}/cancel`, { purchaseId: row.id }, { csrf: csrfOf(dialog.html) }),
    );
    expect(text(page.html)).toContain(TEXT.cancelled);
    expect((await purchase(row.id)).status).toBe("cancelled");
  });

  it("another customer's purchase id changes nothing and gives the failure notice", async () => {
    const owner = await buyer();
    const row = await declared(owner);
    const other = await buyer();
    const theirs = await declared(other);
    const csrf = csrfOf((await other.browser.get(`${SHARES}/cancel`)).html);
    const page = await other.browser.follow(
      await other.browser.post(`${SHARES}/cancel`, { purchaseId: row.id }, { csrf }),
    );
    expect(text(page.html)).toContain(TEXT.notCancelled);
    expect(await purchase(row.id)).toEqual(row);
    expect(await purchase(theirs.id)).toEqual(theirs);
    for (const purchaseId of ["", "gibt-es-nicht", "x".repeat(65), `${row.id}' OR '1'='1`]) {
      const res = await other.browser.post(`${SHARES}/cancel`, { purchaseId }, { csrf });
      expect(res.res.status, purchaseId).toBe(302);
      expect(text((await other.browser.follow(res)).html)).toContain(TEXT.notCancelled);
    }
    expect(await purchase(row.id)).toEqual(row);
    expect(await purchase(theirs.id)).toEqual(theirs);
  });

  it("is not possible while the cooperative checks the declaration", async () => {
    const b = await buyer();
    const row = await signed(b);
    const dialog = await b.browser.get(`${SHARES}/cancel`);
    expect(dialog.res.status).toBe(302);
    expect(dialog.res.headers.get("Location")).toBe(SHARES);
    const csrf = csrfOf((await b.browser.get("/account/customer")).html);
    const page = await b.browser.follow(await b.browser.post(`${SHARES}/cancel`, { purchaseId: row.id }, { csrf }));
    expect(text(page.html)).toContain(TEXT.notCancelled);
    expect(await purchase(row.id)).toEqual(row);
    // nor after it ended
    const ended = await buyer();
    const declinedRow = await declared(ended);
    await confirm(confirmation(declinedRow.signing_ref, "declined"));
    const before = await purchase(declinedRow.id);
    const token = csrfOf((await ended.browser.get("/account/customer")).html);
    const res = await ended.browser.follow(
      await ended.browser.post(`${SHARES}/cancel`, { purchaseId: declinedRow.id }, { csrf: token }),
    );
    expect(text(res.html)).toContain(TEXT.notCancelled);
    expect(await purchase(declinedRow.id)).toEqual(before);
  });
});

describe("CSRF", () => {
  it("every new post without, with a forged or with another browser's token is refused with 403 and changes nothing", async () => {
    const b = await buyer();
    const waiting = await declared(b);
    const reviewed = await signed(await buyer());
    const ready = await approved(await buyer());
    const readyOwner = (await shop.db
      .prepare("SELECT customer_id FROM share_purchase WHERE id = ?")
      .bind(ready.id)
      .first<{ customer_id: number }>())!.customer_id;
    const readyBrowser = new Browser(shop);
    await signIn(readyBrowser, `zeichnen-${readyOwner}@example.org`);
    const fresh = await buyer();
    const posts: [Browser, string, Record<string, string>][] = [
      [fresh.browser, SHARES, fieldsFor(fresh)],
      [b.browser, `${SHARES}/cancel`, { purchaseId: waiting.id }],
      [readyBrowser, "/cart/shares", {}],
      [readyBrowser, "/cart/shares", { redirectTo: "/" }],
      [new Browser(shop), `/signing/sandbox/${waiting.signing_ref}`, { intent: "sign" }],
      [new Browser(shop), `/signing/sandbox/${waiting.signing_ref}`, { intent: "decline" }],
      [new Browser(shop), "/dev/shares", { purchaseId: reviewed.id }],
    ];
    const state = async () => [await allPurchases(), await shop.db.prepare("SELECT COUNT(*) AS n FROM outbox").first()];
    const before = await state();
    const foreign = csrfOf((await new Browser(shop).get("/login")).html);
    for (const [browser, path, fields] of posts) {
      // the browser has its own token cookie (the page was opened), the post lacks or forges the token
      await browser.get(path.startsWith("/cart") ? "/" : path);
      expect((await browser.post(path, fields, { csrf: null })).res.status, `${path} without token`).toBe(403);
      expect((await browser.post(path, fields, { csrf: "forged.token" })).res.status, `${path} forged`).toBe(403);
      expect((await browser.post(path, fields, { csrf: foreign })).res.status, `${path} foreign token`).toBe(403);
      const cross = await browser.request(path, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(cross.res.status, `${path} cross-site`).toBe(403);
    }
    expect(await state()).toEqual(before);
  });
});

describe("when D1 fails", () => {
  it("a declaration that cannot be written says so (no 5xx page with internals) and leaves no purchase", async () => {
    const b = await buyer();
    const page = await b.browser.get(SHARES);
    await shop.db
      .prepare(
        "CREATE TRIGGER share_purchase_refused BEFORE INSERT ON share_purchase BEGIN SELECT RAISE(ABORT, 'refused'); END",
      )
      .run();
    let res: Page;
    try {
      res = await b.browser.post(SHARES, fieldsFor(b), { csrf: csrfOf(page.html) });
    } finally {
      await shop.db.prepare("DROP TRIGGER share_purchase_refused").run();
    }
    expect(text(res.html)).toContain("Deine Beitrittserklärung konnte nicht gesendet werden.");
    expect(res.html).not.toMatch(NOTHING_INTERNAL);
    expect(await purchasesOf(b.id)).toEqual([]);
    expect(await mailsTo(b.email)).toEqual([]);
  });
});
