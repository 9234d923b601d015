/**
 * Store cards against the built worker: the list, the name, lock and PIN dialogs, the application
 * with its SEPA mandate, the Cron Trigger taking applications through the (embedded) card
 * provider, the development page /dev/cards, and the list when D1 fails.
 *
 * Tests that change cards use a customer of their own with cards written straight into D1, so no
 * test sees another's changes; Anna (the demo customer) is used for her seeded cards.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, DEMO, type Page, csrfOf, signIn } from "./browser";
import { cardEvents, cardRow } from "../fixtures/card";
import { prepareTestCustomer } from "../fixtures/customer";
import { startShop, type TestShop } from "./worker";
import { LIMITS } from "../../app/platform/rate-limit.server";

let shop: TestShop;
/** The hash of the demo PIN 1234 (Anna's first card), lent to the test customers' cards with a PIN. */
let demoPinHash: string;
beforeAll(async () => {
  shop = await startShop();
  demoPinHash = (await shop.db.prepare("SELECT pin_hash FROM card WHERE id = 300001").first<{ pin_hash: string }>())!
    .pin_hash;
});
afterAll(async () => {
  await shop?.dispose();
});

const ANNA = 100001;
const NOTHING_INTERNAL = /no such table|SQLITE|D1_ERROR|at \w+ \(/;

const TEXT = {
  changedMeanwhile: "Die Karte wurde inzwischen geändert. Bitte prüfe sie und versuche es noch einmal.",
  aliasSaved: "Der Name der Karte wurde geändert.",
  required: "Bitte fülle dieses Feld aus.",
  max30: "Bitte gib höchstens 30 Zeichen ein.",
  locked: "Die Karte wurde gesperrt.",
  unlocked: "Die Karte wurde entsperrt.",
  alreadyLocked: "Die Karte ist bereits gesperrt.",
  providerBlocked: "Unser Kartenanbieter hat diese Karte zu deiner Sicherheit gesperrt.",
  blockedPermanently:
    "Diese Karte ist dauerhaft gesperrt, zum Beispiel weil sie als verloren gemeldet oder ersetzt wurde, und lässt sich nicht mehr entsperren.",
  pinAttemptsReached: "Die PIN wurde zu oft falsch eingegeben.",
  pinAssigned: "Die PIN wurde gespeichert.",
  pinChanged: "Die PIN wurde geändert.",
  pinDisabled: "Die PIN wurde deaktiviert.",
  pinExists: "Für diese Karte ist bereits eine PIN vergeben.",
  noPin: "Für diese Karte ist keine PIN vergeben.",
  pinBlockedPermanently: "Diese Karte ist dauerhaft gesperrt; ihre PIN kann nicht mehr geändert werden.",
  wrongPassword: "Das Passwort ist nicht korrekt.",
  pinShape: "Die PIN besteht aus genau 4 Ziffern.",
  pinMismatch: "Die beiden PINs stimmen nicht überein.",
  throttled: "Zu viele Versuche. Bitte warte ein paar Minuten und versuche es dann erneut.",
  notLoadable: "Deine Karten konnten leider nicht geladen werden.",
  allRequired: "Bitte fülle alle Felder des Antrags aus.",
  submitted: "Danke! Dein Kartenantrag ist bei uns eingegangen. Deine Karte kommt in etwa 14 Werktagen.",
  alreadyOpen: "Du hast bereits einen offenen Kartenantrag.",
  devDone: "Erledigt.",
  devNotDone: "Nichts geändert",
};

/** The page as a reader sees it: React writes quotes and ampersands as entities. */
const text = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

interface CardSpec {
  type?: "rfid" | "google_wallet" | "apple_wallet" | "enso_app";
  status?: "active" | "locked" | "provider_blocked" | "blocked_permanently";
  alias?: string;
  pin?: boolean;
  failed?: number;
}

let serial = 0;

/** A fresh customer with the given cards (a PIN is the demo PIN 1234), signed in through the form. */
async function customer(opts: { firstname?: string; lastname?: string; cards?: CardSpec[] } = {}) {
  const id = 600_000 + ++serial;
  const email = `karten-${id}@example.org`;
  await prepareTestCustomer(shop.db, {
    id,
    email,
    firstname: opts.firstname ?? "Jonas",
    lastname: opts.lastname ?? "Beispiel",
    gender: "m",
    dob: "1985-03-03",
    telephone: "+49 341 555555",
  }).run();
  const cardIds: number[] = [];
  for (const c of opts.cards ?? []) {
    const cardId = 700_000_000 + ++serial;
    await shop.db
      .prepare(
        `INSERT INTO card (id, customer_id, number, type, alias, status, pin_hash, pin_failed_attempts, version, issued_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
      )
      .bind(
        cardId,
        id,
        `9276${String(cardId).padStart(12, "0")}`,
        c.type ?? "rfid",
        c.alias ?? "",
        c.status ?? "active",
        c.pin ? demoPinHash : null,
        c.failed ?? 0,
        new Date(Date.now() - serial * 60_000).toISOString(),
      )
      .run();
    cardIds.push(cardId);
  }
  const browser = new Browser(shop);
  expect((await signIn(browser, email)).res.status).toBe(302);
  return { id, email, browser, cardIds, cardId: cardIds[0] };
}

async function signedInAnna() {
  const browser = new Browser(shop);
  expect((await signIn(browser, DEMO.active)).res.status).toBe(302);
  return browser;
}

const cardOf = (id: number) => cardRow(shop.db, id);
const eventsOf = (id: number) => cardEvents(shop.db, id);

/** A dialog page with its CSRF token and the version its form carries. */
async function dialog(browser: Browser, path: string) {
  const page = await browser.get(path);
  expect(page.res.status, path).toBe(200);
  const version = /name="version" value="(\d+)"/.exec(page.html)?.[1] ?? "";
  return { ...page, csrf: csrfOf(page.html), version };
}

/**
 * The elements the page asks the browser to focus on load (`autofocus`, docs/decisions/0038):
 * without JavaScript that is where a dialog's customer starts.
 */
const autofocused = (html: string) => [...html.matchAll(/<[a-z0-9]+\s[^>]*\bautofocus=""[^>]*>/g)].map((m) => m[0]);

/** Without JavaScript the dialog is part of the page: it must come before the card list, not after it. */
const dialogBeforeList = (html: string) =>
  html.indexOf("<dialog") > 0 && html.indexOf("<dialog") < html.indexOf('class="card-list"');

/** A card form post; a redirect is followed to the card list with its notice. */
async function post(browser: Browser, path: string, fields: Record<string, string>, csrf: string): Promise<Page> {
  const res = await browser.post(path, fields, { csrf });
  if (res.res.status === 302) expect(res.res.headers.get("Location")).toBe("/account/cards");
  return res.res.status === 302 ? browser.follow(res) : res;
}

/** A CSRF token for this browser from a page with a form (the name dialog of one of its cards). */
const tokenFor = async (browser: Browser, cardId: number) =>
  (await dialog(browser, `/account/cards/${cardId}/alias`)).csrf;

/** The list item of the card with this number (grouped as on the card). */
function itemOf(html: string, grouped: string): string {
  const item = html.split('<li class="card-item">').find((part) => part.includes(grouped));
  if (!item) throw new Error(`no card ${grouped} on the page`);
  return text(item.split("</li>")[0]);
}

const grouped = (number: string) => number.match(/.{4}/g)!.join(" ");

describe("the card list", () => {
  it("shows Anna's five cards: number in groups of four, type, state, PIN, why a card is blocked", async () => {
    const browser = await signedInAnna();
    const page = await browser.get("/account/cards");
    expect(page.res.status).toBe(200);
    expect(page.res.headers.get("Cache-Control")).toBe("private, no-store");
    const html = text(page.html);
    expect(html).toContain("Meine Kundenkarten");
    const numbers = (
      await shop.db
        .prepare("SELECT id, number FROM card WHERE customer_id = ? ORDER BY id")
        .bind(ANNA)
        .all<{ id: number; number: string }>()
    ).results;
    expect(numbers.map((c) => c.id)).toEqual([300001, 300002, 300003, 300004, 300005]);
    const item = Object.fromEntries(numbers.map((c) => [c.id, itemOf(page.html, grouped(c.number))]));

    expect(item[300001]).toContain("Meine Karte");
    expect(item[300001]).toContain("Kundenkarte (RFID)");
    expect(item[300001]).toMatch(/Status<\/dt><dd><span[^>]*>Aktiv</);
    expect(item[300001]).toMatch(/PIN<\/dt><dd>Aktiv</);
    expect(item[300002]).toContain("iPhone");
    expect(item[300002]).toContain("Apple Wallet");
    expect(item[300002]).toContain("Von dir gesperrt");
    expect(item[300002]).toContain("Keine PIN");
    expect(item[300002]).toContain("Entsperren");
    expect(item[300003]).toContain("Google Wallet");
    expect(item[300003]).toContain("Vom Kartenanbieter gesperrt");
    expect(item[300003]).toContain(TEXT.pinAttemptsReached);
    expect(item[300003]).toContain(TEXT.providerBlocked);
    expect(item[300004]).toContain("Alte Karte");
    expect(item[300004]).toContain("Dauerhaft gesperrt");
    expect(item[300004]).toContain(TEXT.blockedPermanently);
    expect(item[300004]).not.toContain("/account/cards/300004/pin");
    expect(item[300005]).toContain("Frischkorb-App");
    expect(item[300005]).toContain("Sperren");
    // the PIN warning and the block texts only where they belong
    for (const id of [300001, 300002, 300004, 300005]) expect(item[id]).not.toContain(TEXT.pinAttemptsReached);
    for (const id of [300001, 300002, 300005]) {
      expect(item[id]).not.toContain(TEXT.providerBlocked);
      expect(item[id]).not.toContain(TEXT.blockedPermanently);
    }
    // her first card came from an application that was issued; she may apply for another
    expect(html).toContain("Ausgestellt");
    expect(html).toContain("Weitere Kundenkarte beantragen");
  });

  it("a customer without cards is told so and may apply", async () => {
    const { browser } = await customer();
    const html = text((await browser.get("/account/cards")).html);
    expect(html).toContain("Du hast noch keine Kundenkarte.");
    expect(html).toContain('href="/account/cards/apply"');
  });

  it("signed out, every card page sends to the sign-in with the way back", async () => {
    const visitor = new Browser(shop);
    for (const path of [
      "/account/cards",
      "/account/cards/300001/alias",
      "/account/cards/300001/status",
      "/account/cards/300001/pin",
      "/account/cards/apply",
    ]) {
      const { res } = await visitor.get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    const before = await cardOf(300001);
    const token = csrfOf((await visitor.get("/login")).html);
    const posted = await visitor.post(
      "/account/cards/300001/status",
      { change: "lock", version: "1" },
      { csrf: token },
    );
    expect(posted.res.status).toBe(302);
    expect(posted.res.headers.get("Location")).toMatch(/^\/login\?/);
    expect(await cardOf(300001)).toEqual(before);
  });

  it("when D1 fails the list says so (200), without anything internal", async () => {
    const browser = await signedInAnna();
    await shop.db.prepare("ALTER TABLE card RENAME TO card_away").run();
    let page: Page;
    try {
      page = await browser.get("/account/cards");
    } finally {
      await shop.db.prepare("ALTER TABLE card_away RENAME TO card").run();
    }
    expect(page.res.status).toBe(200);
    expect(text(page.html)).toContain(TEXT.notLoadable);
    expect(page.html).not.toMatch(NOTHING_INTERNAL);
    expect(text((await browser.get("/account/cards")).html)).not.toContain(TEXT.notLoadable);
  });
});

describe("naming a card", () => {
  it("saves the name with a notice and an event", async () => {
    const { browser, cardId } = await customer({ cards: [{}] });
    const form = await dialog(browser, `/account/cards/${cardId}/alias`);
    expect(form.html).toMatch(/<dialog[^>]*open/);
    expect(dialogBeforeList(form.html)).toBe(true);
    const focused = autofocused(form.html);
    expect(focused).toHaveLength(1);
    expect(focused[0]).toContain('name="alias"');
    expect(form.version).toBe("1");
    const page = await post(
      browser,
      `/account/cards/${cardId}/alias`,
      { alias: "  Einkaufskarte  ", version: form.version },
      form.csrf,
    );
    expect(text(page.html)).toContain(TEXT.aliasSaved);
    expect(text(page.html)).toContain("Einkaufskarte");
    expect(await cardOf(cardId)).toMatchObject({ alias: "Einkaufskarte", version: 2 });
    expect(await eventsOf(cardId)).toEqual(["renamed"]);
  });

  it.each([
    ["", TEXT.required],
    ["   ", TEXT.required],
    ["Einkaufskarte für die ganze Familie", TEXT.max30],
  ])(
    "refuses %j with a German message in the open dialog (400), keeps the value, changes nothing",
    async (alias, message) => {
      const { browser, cardId } = await customer({ cards: [{ alias: "Alt" }] });
      const form = await dialog(browser, `/account/cards/${cardId}/alias`);
      const page = await post(browser, `/account/cards/${cardId}/alias`, { alias, version: form.version }, form.csrf);
      expect(page.res.status).toBe(400);
      expect(text(page.html)).toContain(message);
      expect(page.html).toMatch(/<dialog[^>]*open/);
      if (alias.trim()) expect(text(page.html)).toContain(`value="${alias}"`);
      expect(await cardOf(cardId)).toMatchObject({ alias: "Alt", version: 1 });
      expect(await eventsOf(cardId)).toEqual([]);
    },
  );
});

describe("locking and unlocking", () => {
  it("locks an active card and unlocks it again, each with a notice and an event", async () => {
    const { browser, cardId } = await customer({ cards: [{}] });
    const path = `/account/cards/${cardId}/status`;
    let form = await dialog(browser, path);
    expect(text(form.html)).toContain("Ja, Karte sperren");
    let page = await post(browser, path, { change: "lock", version: form.version }, form.csrf);
    expect(text(page.html)).toContain(TEXT.locked);
    expect(await cardOf(cardId)).toMatchObject({ status: "locked", version: 2 });
    expect(itemOf(page.html, grouped(`9276${String(cardId).padStart(12, "0")}`))).toContain("Von dir gesperrt");

    form = await dialog(browser, path);
    expect(text(form.html)).toContain("Ja, Karte entsperren");
    page = await post(browser, path, { change: "unlock", version: form.version }, form.csrf);
    expect(text(page.html)).toContain(TEXT.unlocked);
    expect(await cardOf(cardId)).toMatchObject({ status: "active", version: 3 });
    expect(await eventsOf(cardId)).toEqual(["locked", "unlocked"]);
  });

  it("a card blocked by the provider or for good is neither unlocked nor locked by the customer", async () => {
    const { browser, cardIds } = await customer({
      cards: [{ status: "provider_blocked" }, { status: "blocked_permanently" }],
    });
    const [provider, permanent] = cardIds;
    const token = await tokenFor(browser, provider);
    for (const [cardId, message] of [
      [provider, TEXT.providerBlocked],
      [permanent, TEXT.blockedPermanently],
    ] as const) {
      const before = await cardOf(cardId);
      const shown = await dialog(browser, `/account/cards/${cardId}/status`);
      expect(text(shown.html)).toContain(message);
      expect(text(shown.html)).not.toContain("Ja, Karte");
      for (const change of ["unlock", "lock"]) {
        const page = await post(browser, `/account/cards/${cardId}/status`, { change, version: "1" }, token);
        expect(text(page.html), `${cardId} ${change}`).toContain(message);
      }
      expect(await cardOf(cardId)).toEqual(before);
      expect(await eventsOf(cardId)).toEqual([]);
    }
  });

  it("an unknown change is refused with the dialog's failure text and changes nothing", async () => {
    const { browser, cardId } = await customer({ cards: [{}] });
    const form = await dialog(browser, `/account/cards/${cardId}/status`);
    const page = await post(browser, `/account/cards/${cardId}/status`, { change: "delete", version: "1" }, form.csrf);
    expect(text(page.html)).toContain("Der Status der Karte konnte nicht geändert werden.");
    expect(await cardOf(cardId)).toMatchObject({ status: "active", version: 1 });
  });
});

describe("the PIN", () => {
  const PIN = "8642";
  const ANY_PIN = new RegExp(`\\b${PIN}\\b`);

  it("sets a first PIN: stored only as a hash, failed attempts back to 0, the PIN in no page", async () => {
    const { browser, cardId } = await customer({ cards: [{ failed: 2 }] });
    const path = `/account/cards/${cardId}/pin`;
    const form = await dialog(browser, path);
    expect(text(form.html)).toContain("PIN vergeben");
    expect(form.html).not.toMatch(ANY_PIN);
    const res = await browser.post(
      path,
      { intent: "set", pin: PIN, pinRepeat: PIN, version: form.version },
      { csrf: form.csrf },
    );
    expect(res.res.status).toBe(302);
    expect(res.html).not.toMatch(ANY_PIN);
    const page = await browser.follow(res);
    expect(text(page.html)).toContain(TEXT.pinAssigned);
    expect(page.html).not.toMatch(ANY_PIN);
    expect((await browser.get(path)).html).not.toMatch(ANY_PIN);

    const row = await cardOf(cardId);
    expect(row).toMatchObject({ pin_failed_attempts: 0, version: 2 });
    expect(row.pin_hash).toMatch(/^pbkdf2-sha256\$/);
    expect(row.pin_hash).not.toContain(PIN);
    expect(row.pin_hash).not.toBe(demoPinHash);
    const everything = JSON.stringify(
      (await shop.db.prepare("SELECT * FROM card_event WHERE card_id = ?").bind(cardId).all()).results,
    );
    expect(everything).not.toMatch(ANY_PIN);
    expect(await eventsOf(cardId)).toEqual(["pin_set"]);
  });

  it("changing the PIN needs the right password; nothing typed comes back in the page", async () => {
    const { browser, cardId } = await customer({ cards: [{ pin: true }] });
    const path = `/account/cards/${cardId}/pin`;
    const form = await dialog(browser, path);
    const wrong = "Falsch-Passwort-77";
    const refused = await post(
      browser,
      path,
      { intent: "change", pin: PIN, pinRepeat: PIN, password: wrong, version: form.version },
      form.csrf,
    );
    expect(refused.res.status).toBe(400);
    expect(text(refused.html)).toContain(TEXT.wrongPassword);
    expect(refused.html).toMatch(/<dialog[^>]*open/);
    // the focus starts at the refused field, its message read with it
    const focused = autofocused(refused.html);
    expect(focused).toHaveLength(1);
    expect(focused[0]).toMatch(/id="card-pin-change-\d+-password"[^>]*aria-invalid="true"/);
    expect(dialogBeforeList(refused.html)).toBe(true);
    expect(refused.html).not.toMatch(ANY_PIN);
    expect(refused.html).not.toContain(wrong);
    expect(await cardOf(cardId)).toMatchObject({ pin_hash: demoPinHash, version: 1 });
    expect(await eventsOf(cardId)).toEqual([]);

    const page = await post(
      browser,
      path,
      { intent: "change", pin: PIN, pinRepeat: PIN, password: DEMO.password, version: form.version },
      form.csrf,
    );
    expect(text(page.html)).toContain(TEXT.pinChanged);
    expect(page.html).not.toMatch(ANY_PIN);
    expect(page.html).not.toContain(DEMO.password);
    const row = await cardOf(cardId);
    expect(row.pin_hash).toMatch(/^pbkdf2-sha256\$/);
    expect(row.pin_hash).not.toBe(demoPinHash);
    expect(row.version).toBe(2);
    expect(await eventsOf(cardId)).toEqual(["pin_changed"]);
  });

  it("a new PIN makes Anna's overused PIN (300003) usable again", async () => {
    const browser = await signedInAnna();
    expect(await cardOf(300003)).toMatchObject({ pin_failed_attempts: 3 });
    const form = await dialog(browser, "/account/cards/300003/pin");
    const page = await post(
      browser,
      "/account/cards/300003/pin",
      { intent: "change", pin: "1357", pinRepeat: "1357", password: DEMO.password, version: form.version },
      form.csrf,
    );
    expect(text(page.html)).toContain(TEXT.pinChanged);
    expect(await cardOf(300003)).toMatchObject({ pin_failed_attempts: 0, status: "provider_blocked" });
    expect(text(page.html)).not.toContain(TEXT.pinAttemptsReached);
  });

  it("disables the PIN with the password", async () => {
    const { browser, cardId } = await customer({ cards: [{ pin: true, failed: 1 }] });
    const path = `/account/cards/${cardId}/pin`;
    const form = await dialog(browser, path);
    const refused = await post(
      browser,
      path,
      { intent: "disable", password: "Falsch-2026", version: form.version },
      form.csrf,
    );
    expect(refused.res.status).toBe(400);
    expect(text(refused.html)).toContain(TEXT.wrongPassword);
    expect((await cardOf(cardId)).pin_hash).toBe(demoPinHash);
    // the disable form's password, not the change form above it
    const focused = autofocused(refused.html);
    expect(focused).toHaveLength(1);
    expect(focused[0]).toMatch(/id="card-pin-disable-\d+-password"/);
    const page = await post(
      browser,
      path,
      { intent: "disable", password: DEMO.password, version: form.version },
      form.csrf,
    );
    expect(text(page.html)).toContain(TEXT.pinDisabled);
    expect(await cardOf(cardId)).toMatchObject({ pin_hash: null, pin_failed_attempts: 0, version: 2 });
    expect(await eventsOf(cardId)).toEqual(["pin_disabled"]);
    expect(text((await dialog(browser, path)).html)).toContain("PIN vergeben");
  });

  it("the PIN of a card blocked for good is neither set, changed nor disabled", async () => {
    const { browser, cardIds } = await customer({
      cards: [{ status: "blocked_permanently" }, { status: "blocked_permanently", pin: true }],
    });
    const [without, withPin] = cardIds;
    const token = await tokenFor(browser, without);
    const attempts: [number, Record<string, string>][] = [
      [without, { intent: "set", pin: PIN, pinRepeat: PIN }],
      [withPin, { intent: "change", pin: PIN, pinRepeat: PIN, password: DEMO.password }],
      [withPin, { intent: "disable", password: DEMO.password }],
    ];
    for (const [cardId, fields] of attempts) {
      const before = await cardOf(cardId);
      const page = await post(browser, `/account/cards/${cardId}/pin`, { ...fields, version: "1" }, token);
      expect(text(page.html), fields.intent).toContain(TEXT.pinBlockedPermanently);
      expect(await cardOf(cardId), fields.intent).toEqual(before);
      expect(await eventsOf(cardId)).toEqual([]);
    }
  });

  it.each([
    ["123", "123", TEXT.pinShape],
    ["12ab", "12ab", TEXT.pinShape],
    ["12345", "12345", TEXT.pinShape],
    ["4711", "4712", TEXT.pinMismatch],
  ])("refuses the PIN %j / %j with a German message (400) and changes nothing", async (pin, pinRepeat, message) => {
    const { browser, cardIds } = await customer({ cards: [{}, { pin: true }] });
    const [without, withPin] = cardIds;
    for (const [cardId, intent] of [
      [without, "set"],
      [withPin, "change"],
    ] as const) {
      const path = `/account/cards/${cardId}/pin`;
      const form = await dialog(browser, path);
      const before = await cardOf(cardId);
      const page = await post(
        browser,
        path,
        { intent, pin, pinRepeat, password: DEMO.password, version: form.version },
        form.csrf,
      );
      expect(page.res.status, intent).toBe(400);
      expect(text(page.html), intent).toContain(message);
      expect(page.html).not.toContain(`value="${pin}"`);
      expect(page.html).not.toContain(`value="${pinRepeat}"`);
      expect(await cardOf(cardId)).toEqual(before);
      expect(await eventsOf(cardId)).toEqual([]);
    }
  });

  it("the password is throttled per customer: the sixth wrong one in the window is a 429, then even the right one; a right one is given back", async () => {
    const { max } = LIMITS.passwordConfirmation;

    const { browser, cardId } = await customer({ cards: [{ pin: true }] });
    const path = `/account/cards/${cardId}/pin`;
    const attempt = async (password: string) => {
      const form = await dialog(browser, path);
      return post(
        browser,
        path,
        { intent: "change", pin: PIN, pinRepeat: PIN, password, version: form.version },
        form.csrf,
      );
    };
    for (let i = 0; i < max - 1; i++) expect((await attempt(`Falsch-${i}-2026`)).res.status).toBe(400);
    // a right password in between does not count
    expect(text((await attempt(DEMO.password)).html)).toContain(TEXT.pinChanged);
    const changed = await cardOf(cardId);
    expect((await attempt("Falsch-letzter-2026")).res.status).toBe(400);

    const throttled = await attempt("Falsch-zuviel-2026");
    expect(throttled.res.status).toBe(429);
    expect(text(throttled.html)).toContain(TEXT.throttled);
    const evenRight = await attempt(DEMO.password);
    expect(evenRight.res.status).toBe(429);
    expect(text(evenRight.html)).toContain(TEXT.throttled);
    const disable = await dialog(browser, path);
    expect(
      (
        await post(
          browser,
          path,
          { intent: "disable", password: DEMO.password, version: disable.version },
          disable.csrf,
        )
      ).res.status,
    ).toBe(429);
    expect(await cardOf(cardId)).toEqual(changed);
    expect(await eventsOf(cardId)).toEqual(["pin_changed"]);
    // another customer is not throttled by her
    const other = await customer({ cards: [{ pin: true }] });
    const otherForm = await dialog(other.browser, `/account/cards/${other.cardId}/pin`);
    const otherPage = await post(
      other.browser,
      `/account/cards/${other.cardId}/pin`,
      { intent: "disable", password: DEMO.password, version: otherForm.version },
      otherForm.csrf,
    );
    expect(text(otherPage.html)).toContain(TEXT.pinDisabled);
  }, 90_000);
});

describe("replays and races", () => {
  /** Each form sent twice as it is: one change, one event, one version step. */
  it.each([
    ["alias", {}, { alias: "Zweimal" }, "renamed", TEXT.changedMeanwhile],
    ["status", {}, { change: "lock" }, "locked", TEXT.alreadyLocked],
    ["status", { status: "locked" as const }, { change: "unlock" }, "unlocked", "Die Karte ist bereits entsperrt."],
    ["pin", {}, { intent: "set", pin: "2468", pinRepeat: "2468" }, "pin_set", TEXT.pinExists],
    [
      "pin",
      { pin: true },
      { intent: "change", pin: "2468", pinRepeat: "2468", password: DEMO.password },
      "pin_changed",
      TEXT.changedMeanwhile,
    ],
    ["pin", { pin: true }, { intent: "disable", password: DEMO.password }, "pin_disabled", TEXT.noPin],
  ])("the %s form %j %j twice changes the card once", async (dialogName, spec, fields, kind, second) => {
    const { browser, cardId } = await customer({ cards: [spec] });
    const path = `/account/cards/${cardId}/${dialogName}`;
    const form = await dialog(browser, path);
    const body = { ...fields, version: form.version };
    const first = await post(browser, path, body, form.csrf);
    expect(first.res.status).toBe(200);
    const after = await cardOf(cardId);
    expect(after.version).toBe(2);
    const replay = await post(browser, path, body, form.csrf);
    expect(text(replay.html)).toContain(second);
    expect(await cardOf(cardId)).toEqual(after);
    expect(await eventsOf(cardId)).toEqual([kind]);
  });

  it("a form shown before another change is stale: it changes nothing and says the card changed meanwhile", async () => {
    const { browser, cardId } = await customer({ cards: [{}] });
    const aliasForm = await dialog(browser, `/account/cards/${cardId}/alias`);
    const statusForm = await dialog(browser, `/account/cards/${cardId}/status`);
    await post(
      browser,
      `/account/cards/${cardId}/alias`,
      { alias: "Erst", version: aliasForm.version },
      aliasForm.csrf,
    );
    const stale = await post(
      browser,
      `/account/cards/${cardId}/status`,
      { change: "lock", version: statusForm.version },
      statusForm.csrf,
    );
    expect(text(stale.html)).toContain(TEXT.changedMeanwhile);
    expect(await cardOf(cardId)).toMatchObject({ status: "active", alias: "Erst", version: 2 });
    expect(await eventsOf(cardId)).toEqual(["renamed"]);
  });

  it("two lock requests at once with the same version: exactly one locks", async () => {
    for (let round = 0; round < 3; round++) {
      const { browser, cardId } = await customer({ cards: [{}] });
      const form = await dialog(browser, `/account/cards/${cardId}/status`);
      const pages = await Promise.all(
        [0, 1].map(() =>
          post(browser, `/account/cards/${cardId}/status`, { change: "lock", version: form.version }, form.csrf),
        ),
      );
      expect(pages.filter((p) => text(p.html).includes(TEXT.locked))).toHaveLength(1);
      expect(await cardOf(cardId)).toMatchObject({ status: "locked", version: 2 });
      expect(await eventsOf(cardId)).toEqual(["locked"]);
    }
  });

  it("two PIN changes at once with the same version: exactly one wins", async () => {
    const { browser, cardId } = await customer({ cards: [{ pin: true }] });
    const path = `/account/cards/${cardId}/pin`;
    const form = await dialog(browser, path);
    const pages = await Promise.all(
      ["1111", "2222"].map((pin) =>
        post(
          browser,
          path,
          { intent: "change", pin, pinRepeat: pin, password: DEMO.password, version: form.version },
          form.csrf,
        ),
      ),
    );
    expect(pages.filter((p) => text(p.html).includes(TEXT.pinChanged))).toHaveLength(1);
    expect(pages.filter((p) => text(p.html).includes(TEXT.changedMeanwhile))).toHaveLength(1);
    expect((await cardOf(cardId)).version).toBe(2);
    expect(await eventsOf(cardId)).toEqual(["pin_changed"]);
  });
});

describe("someone else's card", () => {
  it("is a 404 for every dialog, shown or sent, and changes nothing; so are malformed ids", async () => {
    const { browser, cardId } = await customer({ cards: [{}] });
    const token = await tokenFor(browser, cardId);
    const annasCards = async () =>
      (await shop.db.prepare("SELECT * FROM card WHERE customer_id = ? ORDER BY id").bind(ANNA).all()).results;
    const annasEvents = async () =>
      (
        await shop.db
          .prepare("SELECT COUNT(*) AS n FROM card_event WHERE card_id IN (SELECT id FROM card WHERE customer_id = ?)")
          .bind(ANNA)
          .first<{ n: number }>()
      )?.n;
    const before = [await annasCards(), await annasEvents()];
    const bodies: Record<string, Record<string, string>> = {
      alias: { alias: "Gehört mir", version: "1" },
      status: { change: "lock", version: "1" },
      pin: { intent: "change", pin: "9999", pinRepeat: "9999", password: DEMO.password, version: "1" },
    };
    for (const id of [
      "300001",
      "300002",
      "300003",
      "abc",
      "-1",
      "0",
      "1.5",
      "99999999999999999999",
      "9007199254740993",
    ])
      for (const [name, body] of Object.entries(bodies)) {
        const path = `/account/cards/${id}/${name}`;
        expect((await browser.get(path)).res.status, `GET ${path}`).toBe(404);
        expect((await browser.post(path, body, { csrf: token })).res.status, `POST ${path}`).toBe(404);
      }
    const setPin = await browser.post(
      "/account/cards/300002/pin",
      { intent: "set", pin: "9999", pinRepeat: "9999", version: "1" },
      { csrf: token },
    );
    expect(setPin.res.status).toBe(404);
    expect([await annasCards(), await annasEvents()]).toEqual(before);
  });
});

const APPLICATION = {
  storeId: "leipzig-gohlis",
  gender: "m",
  telephone: "+49 341 555555",
  sepaHolder: "Jürgen Müller",
  sepaBank: "Sparkasse Leipzig",
  iban: "de89 3704 0044 0532 0130 00",
  bic: "cobadeffxxx",
  sepaConsent: "on",
  terms: "on",
  privacy: "on",
};

interface ApplicationRow {
  id: string;
  state: string;
  store_id: string;
  gender: string;
  dob: string;
  telephone: string;
  name_on_card: string;
  sepa_holder: string;
  sepa_iban: string;
  sepa_bic: string;
  card_id: number | null;
}

const applicationsOf = async (customerId: number) =>
  (
    await shop.db
      .prepare("SELECT * FROM card_application WHERE customer_id = ? ORDER BY created_at")
      .bind(customerId)
      .all<ApplicationRow>()
  ).results;

async function apply(browser: Browser, fields: Record<string, string> = APPLICATION): Promise<Page> {
  const form = await browser.get("/account/cards/apply");
  expect(form.res.status).toBe(200);
  const res = await browser.post("/account/cards/apply", fields, { csrf: csrfOf(form.html) });
  if (res.res.status === 302) expect(res.res.headers.get("Location")).toBe("/account/cards");
  return res.res.status === 302 ? browser.follow(res) : res;
}

/** One run of the Cron Trigger at the given time. */
async function cron(at: Date) {
  await (await shop.mf.getWorker()).scheduled({ scheduledTime: at, cron: "* * * * *" });
}
const minutesFrom = (start: number, n: number) => new Date(start + n * 60_000 + 1_000);

describe("applying for a card", () => {
  it("stores the application (requested), the name on the card without umlauts, the IBAN normalised", async () => {
    const { browser, id } = await customer({ firstname: "Jürgen", lastname: "Müller" });
    const form = await browser.get("/account/cards/apply");
    expect(text(form.html)).toContain("Juergen Mueller");
    expect(text(form.html)).toContain("03.03.1985");
    const page = await apply(browser);
    expect(text(page.html)).toContain(TEXT.submitted);
    expect(text(page.html)).toContain("Beantragt");
    const rows = await applicationsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      state: "requested",
      store_id: "leipzig-gohlis",
      gender: "m",
      dob: "1985-03-03",
      telephone: "+49 341 555555",
      name_on_card: "Juergen Mueller",
      sepa_holder: "Jürgen Müller",
      sepa_iban: "DE89370400440532013000",
      sepa_bic: "COBADEFFXXX",
      card_id: null,
    });
  });

  it("a form with missing fields says so above the form and at each field (400), keeps the values, stores nothing", async () => {
    const { browser, id } = await customer();
    const page = await apply(browser, { telephone: "+49 341 999888", sepaBank: "Volksbank Test" });
    expect(page.res.status).toBe(400);
    const html = text(page.html);
    expect(html).toContain(TEXT.allRequired);
    for (const message of [
      "Bitte wähle deinen Markt.",
      TEXT.required,
      "Bitte erteile das SEPA-Lastschriftmandat.",
      "Bitte stimme den Kartenbedingungen zu.",
      "Bitte stimme zu, um fortzufahren.",
    ])
      expect(html).toContain(message);
    expect(html).toContain('value="+49 341 999888"');
    expect(html).toContain('value="Volksbank Test"');
    expect(await applicationsOf(id)).toEqual([]);
  });

  it.each([
    [{ iban: "DE89 3704 0044 0532 0130 01" }, "Bitte gib eine gültige IBAN ein."],
    [{ bic: "COBADE" }, "Bitte gib eine gültige BIC ein."],
    [{ bic: "BNPAFRPPXXX" }, "IBAN und BIC gehören nicht zum selben Land. Bitte prüfe deine Bankdaten."],
    [{ sepaConsent: "" }, "Bitte erteile das SEPA-Lastschriftmandat."],
    [{ terms: "" }, "Bitte stimme den Kartenbedingungen zu."],
    [{ privacy: "" }, "Bitte stimme zu, um fortzufahren."],
    [{ telephone: "ruf mich an" }, "Bitte gib eine gültige Telefonnummer ein"],
    [{ storeId: "mond-krater" }, "Diesen Markt gibt es nicht. Bitte wähle einen Markt aus der Liste."],
    [
      { id: "00000000-0000-4000-8000-000000000001" },
      "Dieser Antrag kann so nicht angenommen werden. Bitte lade die Seite neu und fülle ihn noch einmal aus.",
    ],
  ])("%j is refused with %j (400) and stores nothing", async (change, message) => {
    const { browser, id } = await customer();
    const fields = Object.fromEntries(
      Object.entries({ ...APPLICATION, ...change }).filter(([, value]) => value !== ""),
    ) as Record<string, string>;
    const page = await apply(browser, fields);
    expect(page.res.status).toBe(400);
    expect(text(page.html)).toContain(message);
    expect(text(page.html)).toContain('value="Sparkasse Leipzig"');
    expect(await applicationsOf(id)).toEqual([]);
    if ("id" in change)
      expect(
        (
          await shop.db
            .prepare("SELECT COUNT(*) AS n FROM card_application WHERE id = ?")
            .bind(change.id)
            .first<{ n: number }>()
        )?.n,
      ).toBe(0);
  });

  it("without a date of birth in the profile the page links to the profile and a post is refused", async () => {
    const { browser, id } = await customer();
    await shop.db.prepare("UPDATE customer SET dob = NULL WHERE id = ?").bind(id).run();
    const page = await browser.get("/account/cards/apply");
    expect(page.res.status).toBe(200);
    expect(text(page.html)).toContain("Für den Kartenantrag brauchen wir dein Geburtsdatum.");
    expect(page.html).toMatch(/<a [^>]*href="\/account\/customer"[^>]*>persönlichen Daten<\/a>/);
    expect(page.html).not.toContain('name="iban"');
    const token = csrfOf(page.html);
    const res = await browser.post("/account/cards/apply", APPLICATION, { csrf: token });
    expect(res.res.status).toBe(400);
    expect(text(res.html)).toContain("Für den Kartenantrag brauchen wir dein Geburtsdatum.");
    expect(res.html).toMatch(/<a [^>]*href="\/account\/customer"[^>]*>persönlichen Daten<\/a>/);
    expect(await applicationsOf(id)).toEqual([]);
  });

  it("a name that cannot be printed in Latin letters gets a hint instead of the form, and a post is refused", async () => {
    const { browser, id } = await customer({ firstname: "秀英", lastname: "王" });
    const page = await browser.get("/account/cards/apply");
    expect(page.res.status).toBe(200);
    expect(text(page.html)).toContain("Dein Name lässt sich nicht mit lateinischen Buchstaben auf die Karte drucken.");
    expect(page.html).not.toContain('name="iban"');
    const res = await browser.post("/account/cards/apply", APPLICATION, { csrf: csrfOf(page.html) });
    expect(res.res.status).toBe(400);
    expect(await applicationsOf(id)).toEqual([]);
  });

  it("a second application while one is open is refused with the German message", async () => {
    const { browser, id } = await customer();
    await apply(browser);
    const form = await browser.get("/account/cards/apply");
    expect(text(form.html)).toContain(TEXT.alreadyOpen);
    expect(form.html).not.toContain('name="iban"');
    expect(text((await browser.get("/account/cards")).html)).not.toContain("Kundenkarte beantragen</a>");
    const res = await browser.post("/account/cards/apply", APPLICATION, { csrf: csrfOf(form.html) });
    expect(res.res.status).toBe(302);
    expect(text((await browser.follow(res)).html)).toContain(TEXT.alreadyOpen);
    expect(await applicationsOf(id)).toHaveLength(1);
  });

  it("two submissions at once store exactly one application", async () => {
    for (let round = 0; round < 3; round++) {
      const { browser, id } = await customer();
      const form = await browser.get("/account/cards/apply");
      const token = csrfOf(form.html);
      const results = await Promise.all(
        [0, 1, 2].map(() => browser.post("/account/cards/apply", APPLICATION, { csrf: token })),
      );
      expect(results.map((r) => r.res.status)).toEqual([302, 302, 302]);
      expect(await applicationsOf(id)).toHaveLength(1);
    }
  });
});

describe("the Cron Trigger and the embedded card provider", () => {
  it("takes an application one step per look and issues exactly one RFID card, shown on the list", async () => {
    const { browser, id } = await customer();
    await apply(browser);
    const start = Date.now();
    const states: string[] = [];
    for (let n = 0; n < 5; n++) {
      await cron(minutesFrom(start, n * 2));
      states.push((await applicationsOf(id))[0].state);
    }
    expect(states).toEqual(["validation", "production", "successful", "successful", "successful"]);
    const [application] = await applicationsOf(id);
    const cards = (
      await shop.db
        .prepare("SELECT id, number, type, status, application_id FROM card WHERE customer_id = ?")
        .bind(id)
        .all<{ id: number; number: string; type: string; status: string; application_id: string }>()
    ).results;
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ type: "rfid", status: "active", application_id: application.id });
    expect(cards[0].number).toMatch(/^9276\d{12}$/);
    expect(application.card_id).toBe(cards[0].id);
    expect(await eventsOf(cards[0].id)).toEqual(["issued"]);
    const html = text((await browser.get("/account/cards")).html);
    expect(html).toContain(grouped(cards[0].number));
    expect(html).toContain("Kundenkarte (RFID)");
    expect(html).toContain("Ausgestellt");
    expect(html).toContain("Weitere Kundenkarte beantragen");
  });

  it("a look before the application is due again does not move it", async () => {
    const { browser, id } = await customer();
    await apply(browser);
    const start = Date.now();
    await cron(minutesFrom(start, 0));
    await cron(minutesFrom(start, 0.5));
    expect((await applicationsOf(id))[0].state).toBe("validation");
  });

  it("overlapping runs issue one card", async () => {
    const { browser, id } = await customer();
    await apply(browser);
    const start = Date.now();
    await cron(minutesFrom(start, 0));
    await cron(minutesFrom(start, 2));
    expect((await applicationsOf(id))[0].state).toBe("production");
    await Promise.all([0, 1, 2, 3].map(() => cron(minutesFrom(start, 4))));
    expect((await applicationsOf(id))[0].state).toBe("successful");
    const count = await shop.db
      .prepare("SELECT COUNT(*) AS n FROM card WHERE customer_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
  });
});

describe("the development page /dev/cards", () => {
  async function devPost(fields: Record<string, string>) {
    const dev = new Browser(shop);
    const page = await dev.get("/dev/cards");
    expect(page.res.status).toBe(200);
    const res = await dev.post("/dev/cards", fields, { csrf: csrfOf(page.html) });
    expect(res.res.status).toBe(302);
    expect(res.res.headers.get("Location")).toBe("/dev/cards");
    return text((await dev.follow(res)).html);
  }

  it.each([
    ["decline", "Abgelehnt", "Dein Antrag wurde leider abgelehnt"],
    ["fail", "Fehlgeschlagen", "Bei der Bearbeitung deines Antrags ist ein Fehler aufgetreten."],
  ])(
    "%s closes an open application; the list explains it and a new application is possible",
    async (intent, label, explanation) => {
      const { browser, id } = await customer();
      await apply(browser);
      const [application] = await applicationsOf(id);
      expect(await devPost({ intent, applicationId: application.id })).toContain(TEXT.devDone);
      expect((await applicationsOf(id))[0].state).toBe(intent === "decline" ? "declined" : "error");
      const html = text((await browser.get("/account/cards")).html);
      expect(html).toContain(label);
      expect(html).toContain(explanation);
      expect(html).toContain('href="/account/cards/apply"');
      // closed: neither the page nor the Cron Trigger moves it again
      expect(await devPost({ intent: "advance", applicationId: application.id })).toContain(TEXT.devNotDone);
      await cron(new Date(Date.now() + 3_600_000));
      expect((await applicationsOf(id))[0].state).toBe(intent === "decline" ? "declined" : "error");
      expect(text((await apply(browser)).html)).toContain(TEXT.submitted);
      expect((await applicationsOf(id)).map((a) => a.state)).toEqual([
        intent === "decline" ? "declined" : "error",
        "requested",
      ]);
    },
  );

  it("advance takes one step at once", async () => {
    const { browser, id } = await customer();
    await apply(browser);
    const [application] = await applicationsOf(id);
    for (const state of ["validation", "production", "successful"]) {
      expect(await devPost({ intent: "advance", applicationId: application.id })).toContain(TEXT.devDone);
      expect((await applicationsOf(id))[0].state).toBe(state);
    }
    expect(
      (await shop.db.prepare("SELECT COUNT(*) AS n FROM card WHERE customer_id = ?").bind(id).first<{ n: number }>())
        ?.n,
    ).toBe(1);
  });

  it("block, unblock, block for good and wrong PINs at the till change the card as the provider would", async () => {
    const { browser, cardId } = await customer({ cards: [{ pin: true }] });
    const number = grouped(`9276${String(cardId).padStart(12, "0")}`);
    const id = String(cardId);

    expect(await devPost({ intent: "block", cardId: id })).toContain(TEXT.devDone);
    expect(await cardOf(cardId)).toMatchObject({ status: "provider_blocked", version: 2 });
    let item = itemOf((await browser.get("/account/cards")).html, number);
    expect(item).toContain("Vom Kartenanbieter gesperrt");
    expect(item).toContain(TEXT.providerBlocked);
    expect(await devPost({ intent: "block", cardId: id })).toContain(TEXT.devNotDone);

    expect(await devPost({ intent: "unblock", cardId: id })).toContain(TEXT.devDone);
    expect(await cardOf(cardId)).toMatchObject({ status: "active", version: 3 });
    expect(await devPost({ intent: "unblock", cardId: id })).toContain(TEXT.devNotDone);

    for (let i = 1; i <= 3; i++) {
      expect(await devPost({ intent: "pinFailure", cardId: id })).toContain(TEXT.devDone);
      expect((await cardOf(cardId)).pin_failed_attempts).toBe(i);
    }
    expect(await devPost({ intent: "pinFailure", cardId: id })).toContain(TEXT.devNotDone);
    // a wrong PIN does not make the customer's open forms stale
    expect(await cardOf(cardId)).toMatchObject({ pin_failed_attempts: 3, version: 3 });
    item = itemOf((await browser.get("/account/cards")).html, number);
    expect(item).toContain(TEXT.pinAttemptsReached);

    expect(await devPost({ intent: "blockPermanently", cardId: id })).toContain(TEXT.devDone);
    expect(await devPost({ intent: "unblock", cardId: id })).toContain(TEXT.devNotDone);
    expect((await cardOf(cardId)).status).toBe("blocked_permanently");
    expect(await eventsOf(cardId)).toEqual([
      "provider_blocked",
      "provider_unblocked",
      "pin_failed",
      "pin_failed",
      "pin_failed",
      "blocked_permanently",
    ]);
  });

  it("a wrong PIN is not counted for a card without a PIN; unknown ids and intents change nothing", async () => {
    const { cardId } = await customer({ cards: [{}] });
    expect(await devPost({ intent: "pinFailure", cardId: String(cardId) })).toContain(TEXT.devNotDone);
    expect(await devPost({ intent: "block", cardId: "999999999" })).toContain(TEXT.devNotDone);
    expect(await devPost({ intent: "advance", applicationId: "gibt-es-nicht" })).toContain(TEXT.devNotDone);
    const dev = new Browser(shop);
    const token = csrfOf((await dev.get("/dev/cards")).html);
    expect(
      (await dev.post("/dev/cards", { intent: "explode", cardId: String(cardId) }, { csrf: token })).res.status,
    ).toBe(400);
    expect((await dev.post("/dev/cards", { intent: "block", cardId: "abc" }, { csrf: token })).res.status).toBe(400);
    expect(await cardOf(cardId)).toMatchObject({ status: "active", pin_failed_attempts: 0, version: 1 });
  });
});
