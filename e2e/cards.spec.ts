import type { Locator, Page } from "@playwright/test";
import { testCustomerInsert } from "../tests/fixtures/customer";
import { ANNA, DEMO_PASSWORD, expectToast, uniqueEmail, visit } from "./account-helpers";
import { executeD1 } from "./d1";
import { expect, expectAccessible, test } from "./fixtures";
import { startSignedIn } from "./session";
import { escapeRegExp, tabTo, waitForHydration } from "./helpers";

test.describe.configure({ timeout: 120_000 });

const CARDS = "/account/cards";

interface CardCustomer {
  id: number;
  email: string;
}

interface TestCard {
  id: number;
  number: string;
  /** "…1234": how the list calls a card without a name. */
  lastFour: string;
}

const randomDigits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join("");

/**
 * A fresh, active customer made in the e2e shop's D1 (tests/fixtures/customer.ts) and signed in.
 * Both projects run in parallel against one database, so a test that changes cards gets its own
 * customer with its own cards and never touches Anna's. The demo password signs in.
 */
async function cardCustomer(page: Page, _javaScriptEnabled: boolean, firstname = "Erika"): Promise<CardCustomer> {
  const customer = { id: 700_000_000 + Math.floor(Math.random() * 1_000_000_000), email: uniqueEmail("cards") };
  const insert = testCustomerInsert({
    ...customer,
    firstname,
    lastname: "Kärtner",
    gender: "w",
    dob: "1985-03-09",
    telephone: "+49 341 555123",
    since: new Date().toISOString(),
  });
  await executeD1(insert.sql, insert.params);
  expect(await executeD1("SELECT email FROM customer WHERE id = ?", [customer.id])).toEqual([
    { email: customer.email },
  ]);
  await startSignedIn(page, customer.email);
  return customer;
}

/** An active RFID card of the customer, without name and without PIN, with a random id and number. */
async function addCard(customer: CardCustomer): Promise<TestCard> {
  const card = { id: 800_000_000 + Math.floor(Math.random() * 1_000_000_000), number: `9276${randomDigits(12)}` };
  await executeD1(
    `INSERT INTO card (id, customer_id, number, type, status, issued_at) VALUES (?, ?, ?, 'rfid', 'active', ?)`,
    [card.id, customer.id, card.number, new Date().toISOString()],
  );
  return { ...card, lastFour: `…${card.number.slice(-4)}` };
}

/** One card of the "Deine Karten" list, by its name (its heading). */
function cardItem(page: Page, name: string): Locator {
  return page.getByRole("list", { name: "Deine Karten" }).getByRole("article", { name, exact: true });
}

/**
 * One of a card's actions: named by the words on its button, then which card (WCAG 2.5.3, label in
 * name), e.g. "Namen ändern – Karte „iPhone“".
 */
function cardAction(card: Locator, visible: string, name: string): Locator {
  return card.getByRole("link", { name: `${visible} – Karte „${name}“`, exact: true });
}

/** The value of one of a card's facts ("Art", "Status", "PIN", …). */
function fact(card: Locator, term: string): Locator {
  return card
    .locator("dl > div")
    .filter({
      has: card
        .page()
        .getByRole("term")
        .filter({ hasText: new RegExp(`^${escapeRegExp(term)}$`) }),
    })
    .getByRole("definition");
}

/**
 * The dialog of a nested card route: with JavaScript a modal opened in place (no new document,
 * focus inside it), without an open dialog in the page that the server rendered.
 */
async function expectCardDialog(page: Page, name: string, javaScriptEnabled: boolean): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { level: 2, name })).toBeVisible();
  const state = await dialog.evaluate((d: HTMLDialogElement) => ({ open: d.open, modal: d.matches(":modal") }));
  expect(state).toEqual({ open: true, modal: javaScriptEnabled });
  if (javaScriptEnabled) {
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  return dialog;
}

/** Marks the current document; `expectSameDocument` then proves a click did not load a new one. */
async function markDocument(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.evaluate(() => document.documentElement.setAttribute("data-e2e-document", "1"));
}

async function expectSameDocument(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-e2e-document", "1");
}

/** Opens a card's dialog from its link in the list and checks it. */
async function openCardDialog(
  page: Page,
  link: Locator,
  path: RegExp,
  name: string,
  javaScriptEnabled: boolean,
): Promise<Locator> {
  await markDocument(page, javaScriptEnabled);
  await link.click();
  await expect(page).toHaveURL(path);
  const dialog = await expectCardDialog(page, name, javaScriptEnabled);
  await expectSameDocument(page, javaScriptEnabled);
  await expectAccessible(page);
  return dialog;
}

/** The customer's entry in one of the lists of /dev/cards ("Kartenanträge", "Karten"), by e-mail. */
function devRow(page: Page, list: "Kartenanträge" | "Karten", email: string): Locator {
  return page
    .getByRole("list", { name: list, exact: true })
    .getByRole("listitem")
    .filter({ hasText: `${email} ·` });
}

/** Back on the list after a dialog's form: the toast, and no dialog any more. */
async function expectBackOnList(page: Page, toast: string | RegExp, javaScriptEnabled: boolean) {
  await expect(page).toHaveURL((url) => url.pathname === CARDS);
  await expectToast(page, toast);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await waitForHydration(page, javaScriptEnabled);
}

test("Anna's cards: every type and state in German, why a card is blocked, and what each card offers", async ({
  page,
  javaScriptEnabled,
}) => {
  await startSignedIn(page, ANNA);
  await visit(page, "/account", javaScriptEnabled, "Hallo, Anna");
  await page
    .getByRole("main")
    .getByRole("link", { name: /^Kundenkarten/ })
    .click();
  await expect(page).toHaveURL(/\/account\/cards$/);
  await expect(page.getByRole("heading", { level: 1, name: "Meine Kundenkarten" })).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);

  const list = page.getByRole("list", { name: "Deine Karten" });
  // newest first; a card without a name is called by its kind and last four digits
  await expect(list.getByRole("heading", { level: 2 })).toHaveText([
    "Frischkorb-App",
    "Google Wallet …2293",
    "iPhone",
    "Meine Karte",
    "Alte Karte",
  ]);
  const expected = [
    { name: "Meine Karte", number: "9276 0010 4711 2038", type: "Kundenkarte (RFID)", status: "Aktiv", pin: "Aktiv" },
    {
      name: "iPhone",
      number: "9276 0010 4711 2111",
      type: "Apple Wallet",
      status: "Von dir gesperrt",
      pin: "Keine PIN",
    },
    {
      name: "Google Wallet …2293",
      number: "9276 0010 4711 2293",
      type: "Google Wallet",
      status: "Vom Kartenanbieter gesperrt",
      pin: "Aktiv",
    },
    {
      name: "Alte Karte",
      number: "9276 0009 8231 1076",
      type: "Kundenkarte (RFID)",
      status: "Dauerhaft gesperrt",
      pin: "Keine PIN",
    },
    {
      name: "Frischkorb-App",
      number: "9276 0010 4711 2376",
      type: "Frischkorb-App",
      status: "Aktiv",
      pin: "Keine PIN",
    },
  ];
  for (const c of expected) {
    const card = cardItem(page, c.name);
    await expect(fact(card, "Kartennummer")).toHaveText(c.number);
    await expect(fact(card, "Art")).toHaveText(c.type);
    await expect(fact(card, "Status")).toHaveText(c.status);
    await expect(fact(card, "PIN")).toHaveText(c.pin);
    await expect(fact(card, "Ausgestellt am")).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);
    await expect(cardAction(card, "Namen ändern", c.name)).toBeVisible();
  }

  // What the customer can do depends on the state
  const mine = cardItem(page, "Meine Karte");
  await expect(cardAction(mine, "Sperren", "Meine Karte")).toBeVisible();
  await expect(cardAction(mine, "PIN ändern", "Meine Karte")).toBeVisible();
  const iphone = cardItem(page, "iPhone");
  await expect(cardAction(iphone, "Entsperren", "iPhone")).toBeVisible();
  await expect(cardAction(iphone, "PIN vergeben", "iPhone")).toBeVisible();
  await expect(cardAction(iphone, "Sperren", "iPhone")).toHaveCount(0);

  // Blocked by the provider: the card says why and who can lift it, and offers no unlocking
  const google = cardItem(page, "Google Wallet …2293");
  await expect(google).toContainText(
    "Unser Kartenanbieter hat diese Karte zu deiner Sicherheit gesperrt. Entsperren kann sie nur der Kundenservice: Ruf uns an unter 0341 98765-0 (Montag bis Freitag, 8–18 Uhr) oder schreib an kundenservice@frischkorb.example.",
  );
  await expect(google.getByRole("link", { name: /sperren/ })).toHaveCount(0);
  await expect(google.getByText("Entsperren", { exact: true })).toHaveCount(0);
  // … and its PIN, with the attempts used up, needs a new one
  await expect(google).toContainText(
    "Die PIN wurde zu oft falsch eingegeben. Vergib eine neue PIN, damit du sie wieder nutzen kannst.",
  );
  await expect(page.getByText(/^Die PIN wurde zu oft falsch eingegeben\./)).toHaveCount(1);

  // Blocked for good: neither unlocking nor a PIN
  const old = cardItem(page, "Alte Karte");
  await expect(old).toContainText("Diese Karte ist dauerhaft gesperrt");
  await expect(old.getByRole("link")).toHaveText(["Namen ändern – Karte „Alte Karte“"]);

  // The application her first card came from; she may apply for another card
  const application = page.getByRole("region", { name: "Dein Kartenantrag" });
  await expect(application).toContainText("Ausgestellt");
  await expect(application.getByRole("link", { name: "Weitere Kundenkarte beantragen" })).toBeVisible();

  // The status dialog of a card the provider blocked (only by its URL) explains and changes nothing
  await visit(page, `${CARDS}/300003/status`, javaScriptEnabled, "Meine Kundenkarten");
  const dialog = await expectCardDialog(page, "Karte gesperrt", javaScriptEnabled);
  await expect(dialog).toContainText("Entsperren kann sie nur der Kundenservice");
  await expect(dialog.getByRole("button")).toHaveCount(0);
  await dialog.getByRole("link", { name: "Zurück zu meinen Karten" }).click();
  await expect(page).toHaveURL((url) => url.pathname === CARDS);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(fact(google, "Status")).toHaveText("Vom Kartenanbieter gesperrt");
});

test("rename a card in its dialog: an empty name is refused at the field, a new one is saved", async ({
  page,
  javaScriptEnabled,
}) => {
  const customer = await cardCustomer(page, javaScriptEnabled);
  const card = await addCard(customer);
  const unnamed = `Kundenkarte (RFID) ${card.lastFour}`;
  await visit(page, CARDS, javaScriptEnabled, "Meine Kundenkarten");
  await expect(page.getByRole("list", { name: "Deine Karten" }).getByRole("article")).toHaveCount(1);
  const rename = cardAction(cardItem(page, unnamed), "Namen ändern", unnamed);

  let dialog = await openCardDialog(page, rename, /\/account\/cards\/\d+\/alias$/, "Karte benennen", javaScriptEnabled);
  const alias = dialog.getByLabel("Name der Karte");
  await expect(alias).toHaveValue("");
  if (javaScriptEnabled) {
    // Escape closes the dialog and focus goes back to the link that opened it
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL((url) => url.pathname === CARDS);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(rename).toBeFocused();
    dialog = await openCardDialog(page, rename, /\/alias$/, "Karte benennen", javaScriptEnabled);
  }

  await alias.fill("   ");
  await dialog.getByRole("button", { name: "Namen speichern" }).click();
  await expect(alias).toHaveAttribute("aria-invalid", "true");
  await expect(alias).toHaveAccessibleDescription(/Bitte fülle dieses Feld aus\.$/);
  await expect(page).toHaveURL(/\/alias$/);
  dialog = await expectCardDialog(page, "Karte benennen", javaScriptEnabled);
  await expectAccessible(page);

  await alias.fill("Karte für Ben");
  await dialog.getByRole("button", { name: "Namen speichern" }).click();
  await expectBackOnList(page, "Der Name der Karte wurde geändert.", javaScriptEnabled);
  const renamed = cardItem(page, "Karte für Ben");
  await expect(renamed).toBeVisible();
  await expect(fact(renamed, "Art")).toHaveText("Kundenkarte (RFID)");
  await expect(cardItem(page, unnamed)).toHaveCount(0);
  await expectAccessible(page);

  // the dialog now shows the saved name (with JavaScript, once the reloaded page is hydrated: a
  // click before that is the browser's own navigation to the server-rendered dialog)
  await page.reload();
  await waitForHydration(page, javaScriptEnabled);
  dialog = await openCardDialog(
    page,
    cardAction(renamed, "Namen ändern", "Karte für Ben"),
    /\/alias$/,
    "Karte benennen",
    javaScriptEnabled,
  );
  await expect(dialog.getByLabel("Name der Karte")).toHaveValue("Karte für Ben");
});

test("keyboard only: a card's dialog opens where the customer looks, at its first field (the lock at its question); a wrong PIN's message is where the focus is", async ({
  page,
  javaScriptEnabled,
}) => {
  const customer = await cardCustomer(page, javaScriptEnabled);
  const card = await addCard(customer);
  await visit(page, CARDS, javaScriptEnabled, "Meine Kundenkarten");
  await waitForHydration(page, javaScriptEnabled);
  // by their addresses: the links' names are not what this test is about
  const item = page.getByRole("list", { name: "Deine Karten" }).getByRole("listitem");
  const rename = item.locator(`a[href="${CARDS}/${card.id}/alias"]`);
  const pin = item.locator(`a[href="${CARDS}/${card.id}/pin"]`);
  const lock = item.locator(`a[href="${CARDS}/${card.id}/status"]`);

  // the name: Enter on the link, and the dialog's field has the focus, in view at the top of the page
  await tabTo(page, rename, { max: 60 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/alias$/);
  let dialog = await expectCardDialog(page, "Karte benennen", javaScriptEnabled);
  await expect(dialog.getByLabel("Name der Karte")).toBeFocused();
  await expect(dialog.getByRole("heading", { level: 2, name: "Karte benennen" })).toBeInViewport();
  // without JavaScript the dialog is part of the page: before the list, not after it
  const listFollows = (d: Element) =>
    Boolean(d.compareDocumentPosition(document.querySelector(".card-list")!) & Node.DOCUMENT_POSITION_FOLLOWING);
  expect(await dialog.evaluate(listFollows)).toBe(true);
  await expectAccessible(page);
  await tabTo(page, dialog.getByRole("link", { name: "Abbrechen" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((url) => url.pathname === CARDS);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await waitForHydration(page, javaScriptEnabled);

  // the lock: no field, so the question's heading has the focus without JavaScript and the answer is one Tab away
  await tabTo(page, lock, { max: 60 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/status$/);
  dialog = await expectCardDialog(page, "Karte sperren", javaScriptEnabled);
  const confirm = dialog.getByRole("button", { name: "Ja, Karte sperren" });
  if (javaScriptEnabled) {
    // a modal: focus on its first control, the close link
    await expect(dialog.getByRole("link", { name: "Schließen" })).toBeFocused();
  } else {
    await expect(dialog.getByRole("heading", { level: 2, name: "Karte sperren" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(confirm).toBeFocused();
  }
  await expectAccessible(page);
  await tabTo(page, dialog.getByRole("link", { name: "Abbrechen" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((url) => url.pathname === CARDS);
  await waitForHydration(page, javaScriptEnabled);

  // the PIN: a PIN too short, sent with Enter; focus and the message are at the field
  await tabTo(page, pin, { max: 60 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/pin$/);
  dialog = await expectCardDialog(page, "PIN vergeben", javaScriptEnabled);
  const newPin = dialog.getByLabel("Neue PIN (4 Ziffern)");
  await expect(newPin).toBeFocused();
  await page.keyboard.type("12");
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Neue PIN wiederholen")).toBeFocused();
  await page.keyboard.type("12");
  await page.keyboard.press("Enter");
  await expect(newPin).toHaveAttribute("aria-invalid", "true");
  await expect(newPin).toBeFocused();
  await expect(newPin).toHaveAccessibleDescription("Die PIN besteht aus genau 4 Ziffern.");
  await expect(page).toHaveURL(/\/pin$/);
  dialog = await expectCardDialog(page, "PIN vergeben", javaScriptEnabled);
  await expect(dialog.getByRole("heading", { level: 2, name: "PIN vergeben" })).toBeInViewport();
  await expectAccessible(page);
  expect(await executeD1("SELECT kind FROM card_event WHERE card_id = ?", [card.id])).toEqual([]);
});

test("lock and unlock a card after the confirmation; a block by the provider leaves the customer nothing to lift", async ({
  page,
  javaScriptEnabled,
}) => {
  const customer = await cardCustomer(page, javaScriptEnabled);
  const { lastFour } = await addCard(customer);
  const name = `Kundenkarte (RFID) ${lastFour}`;
  await visit(page, CARDS, javaScriptEnabled, "Meine Kundenkarten");
  const card = cardItem(page, name);
  await expect(fact(card, "Status")).toHaveText("Aktiv");
  const lock = cardAction(card, "Sperren", name);

  // Cancelled: nothing changes
  let dialog = await openCardDialog(page, lock, /\/status$/, "Karte sperren", javaScriptEnabled);
  await expect(dialog).toContainText(`Möchtest du die Karte „${name}“ sperren?`);
  await dialog.getByRole("link", { name: "Abbrechen" }).click();
  await expect(page).toHaveURL((url) => url.pathname === CARDS);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  if (javaScriptEnabled) await expect(lock).toBeFocused();
  await expect(fact(card, "Status")).toHaveText("Aktiv");

  dialog = await openCardDialog(page, lock, /\/status$/, "Karte sperren", javaScriptEnabled);
  await dialog.getByRole("button", { name: "Ja, Karte sperren" }).click();
  await expectBackOnList(page, "Die Karte wurde gesperrt.", javaScriptEnabled);
  await expect(fact(card, "Status")).toHaveText("Von dir gesperrt");
  await expect(lock).toHaveCount(0);
  await expectAccessible(page);

  const unlock = cardAction(card, "Entsperren", name);
  dialog = await openCardDialog(page, unlock, /\/status$/, "Karte entsperren", javaScriptEnabled);
  await expect(dialog).toContainText(`Möchtest du die Karte „${name}“ wieder entsperren?`);
  await dialog.getByRole("button", { name: "Ja, Karte entsperren" }).click();
  await expectBackOnList(page, "Die Karte wurde entsperrt.", javaScriptEnabled);
  await expect(fact(card, "Status")).toHaveText("Aktiv");
  await expect(lock).toBeVisible();

  // The provider blocks it (development page): no lock or unlock for the customer, but a reason
  await visit(page, "/dev/cards", javaScriptEnabled, "Kartenanbieter (Entwicklung)");
  const row = devRow(page, "Karten", customer.email);
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: "Vom Anbieter sperren" }).click();
  await expectToast(page, "Erledigt.");
  await expect(row).toContainText("Vom Kartenanbieter gesperrt");
  await visit(page, CARDS, javaScriptEnabled, "Meine Kundenkarten");
  await expect(fact(card, "Status")).toHaveText("Vom Kartenanbieter gesperrt");
  await expect(card).toContainText("Unser Kartenanbieter hat diese Karte zu deiner Sicherheit gesperrt.");
  await expect(card.getByRole("link", { name: /sperren/ })).toHaveCount(0);
});

test("PIN: assign (after a mismatch), change (after a wrong password), disable; the list follows", async ({
  page,
  javaScriptEnabled,
}) => {
  const customer = await cardCustomer(page, javaScriptEnabled);
  const card = await addCard(customer);
  const name = `Kundenkarte (RFID) ${card.lastFour}`;
  await visit(page, CARDS, javaScriptEnabled, "Meine Kundenkarten");
  const item = cardItem(page, name);
  await expect(fact(item, "PIN")).toHaveText("Keine PIN");
  const assign = cardAction(item, "PIN vergeben", name);
  const manage = cardAction(item, "PIN ändern", name);
  await expect(manage).toHaveCount(0);

  // Assign: the repetition must match
  let dialog = await openCardDialog(page, assign, /\/pin$/, "PIN vergeben", javaScriptEnabled);
  await dialog.getByLabel("Neue PIN (4 Ziffern)").fill("4711");
  await dialog.getByLabel("Neue PIN wiederholen").fill("4712");
  await dialog.getByRole("button", { name: "PIN speichern" }).click();
  const repeat = dialog.getByLabel("Neue PIN wiederholen");
  await expect(repeat).toHaveAccessibleDescription("Die beiden PINs stimmen nicht überein.");
  await expect(repeat).toHaveAttribute("aria-invalid", "true");
  dialog = await expectCardDialog(page, "PIN vergeben", javaScriptEnabled);
  // PINs never come back filled in
  await expect(dialog.getByLabel("Neue PIN (4 Ziffern)")).toHaveValue("");
  await expect(repeat).toHaveValue("");
  await expectAccessible(page);
  await dialog.getByLabel("Neue PIN (4 Ziffern)").fill("4711");
  await repeat.fill("4711");
  await dialog.getByRole("button", { name: "PIN speichern" }).click();
  await expectBackOnList(page, "Die PIN wurde gespeichert.", javaScriptEnabled);
  await expect(fact(item, "PIN")).toHaveText("Aktiv");
  await expect(assign).toHaveCount(0);

  // Change: only with the account's password
  dialog = await openCardDialog(page, manage, /\/pin$/, "PIN ändern oder deaktivieren", javaScriptEnabled);
  const change = dialog.getByRole("form", { name: "PIN ändern" });
  await change.getByLabel("Neue PIN (4 Ziffern)").fill("0815");
  await change.getByLabel("Neue PIN wiederholen").fill("0815");
  await change.getByLabel("Dein Passwort").fill("falsches-Passwort");
  await change.getByRole("button", { name: "PIN ändern" }).click();
  const password = change.getByLabel("Dein Passwort");
  await expect(password).toHaveAccessibleDescription(/Das Passwort ist nicht korrekt\.$/);
  await expect(password).toHaveAttribute("aria-invalid", "true");
  // the message is read where the focus is, with and without JavaScript
  await expect(password).toBeFocused();
  await expect(page).toHaveURL(/\/pin$/);
  dialog = await expectCardDialog(page, "PIN ändern oder deaktivieren", javaScriptEnabled);
  await expect(password).toHaveValue("");
  await expectAccessible(page);
  await change.getByLabel("Neue PIN (4 Ziffern)").fill("0815");
  await change.getByLabel("Neue PIN wiederholen").fill("0815");
  await password.fill(DEMO_PASSWORD);
  await change.getByRole("button", { name: "PIN ändern" }).click();
  await expectBackOnList(page, "Die PIN wurde geändert.", javaScriptEnabled);
  await expect(fact(item, "PIN")).toHaveText("Aktiv");

  // Disable
  dialog = await openCardDialog(page, manage, /\/pin$/, "PIN ändern oder deaktivieren", javaScriptEnabled);
  const disable = dialog.getByRole("form", { name: "PIN deaktivieren" });
  await disable.getByLabel("Dein Passwort").fill(DEMO_PASSWORD);
  await disable.getByRole("button", { name: "PIN deaktivieren" }).click();
  await expectBackOnList(page, "Die PIN wurde deaktiviert.", javaScriptEnabled);
  await expect(fact(item, "PIN")).toHaveText("Keine PIN");
  await expect(assign).toBeVisible();
  await expect(manage).toHaveCount(0);

  // what the card's ledger recorded: the refused tries changed nothing
  const events = await executeD1("SELECT kind FROM card_event WHERE card_id = ? ORDER BY created_at", [card.id]);
  expect(events.map((e) => e.kind)).toEqual(["pin_set", "pin_changed", "pin_disabled"]);
});

test("apply for a card: a form with gaps keeps what was typed; the provider takes it to the issued card", async ({
  page,
  javaScriptEnabled,
}) => {
  const customer = await cardCustomer(page, javaScriptEnabled, "Jörg");
  await visit(page, CARDS, javaScriptEnabled, "Meine Kundenkarten");
  await expect(page.getByText("Du hast noch keine Kundenkarte.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Deine Karten" })).toHaveCount(0);
  await page.getByRole("main").getByRole("link", { name: "Kundenkarte beantragen" }).click();
  await expect(page).toHaveURL(/\/account\/cards\/apply$/);
  await expect(page.getByRole("heading", { level: 1, name: "Kundenkarte beantragen" })).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page, javaScriptEnabled);

  const form = page.locator("form#card-application");
  const f = {
    store: form.getByRole("group", { name: "Dein Markt", exact: true }),
    gender: form.getByLabel("Anrede", { exact: true }),
    telephone: form.getByLabel("Telefonnummer", { exact: true }),
    holder: form.getByLabel("Kontoinhaber", { exact: true }),
    bank: form.getByLabel("Kreditinstitut", { exact: true }),
    iban: form.getByLabel("IBAN", { exact: true }),
    bic: form.getByLabel("BIC", { exact: true }),
    mandate: form.getByRole("checkbox", { name: /^Ich ermächtige die Frischkorb eG/ }),
    terms: form.getByRole("checkbox", { name: /Kartenbedingungen/ }),
    privacy: form.getByRole("checkbox", { name: /Datenschutzhinweise/ }),
    submit: form.getByRole("button", { name: "Karte verbindlich beantragen" }),
  };
  // From the profile: the name as printed (no umlauts) and the date of birth
  await expect(form).toContainText("Joerg Kaertner");
  await expect(form).toContainText("09.03.1985");
  await expect(f.gender).toHaveValue("w");
  await expect(f.telephone).toHaveValue("+49 341 555123");
  await expect(f.holder).toHaveValue("Jörg Kärtner");

  // Gaps: the form says so above and at the fields, and keeps what was typed
  await f.bank.fill("Commerzbank Leipzig");
  await f.iban.fill("DE89 3704 0044 0532 0130 00");
  await f.terms.check();
  await f.submit.click();
  await expect(form.getByRole("alert")).toHaveText("Bitte fülle alle Felder des Antrags aus.");
  await expect(page).toHaveURL(/\/account\/cards\/apply$/);
  await expect(f.store).toHaveAccessibleDescription("Bitte wähle deinen Markt.");
  await expect(f.bic).toHaveAccessibleDescription("Bitte fülle dieses Feld aus.");
  await expect(f.mandate).toHaveAccessibleDescription("Bitte erteile das SEPA-Lastschriftmandat.");
  await expect(f.privacy).toHaveAccessibleDescription("Bitte stimme zu, um fortzufahren.");
  await expect(f.bank).toHaveValue("Commerzbank Leipzig");
  await expect(f.iban).toHaveValue("DE89 3704 0044 0532 0130 00");
  await expect(f.holder).toHaveValue("Jörg Kärtner");
  await expect(f.telephone).toHaveValue("+49 341 555123");
  await expect(f.terms).toBeChecked();
  await expectAccessible(page);

  // The store search: without JavaScript a button of the form that brings everything typed back
  await f.store.getByRole("searchbox", { name: "Markt suchen" }).fill("Gohlis");
  if (!javaScriptEnabled) await f.store.getByRole("button", { name: "Suchen" }).click();
  await expect(f.store.getByRole("radio")).toHaveCount(1);
  await expect(f.iban).toHaveValue("DE89 3704 0044 0532 0130 00");
  await f.store.getByRole("radio", { name: /^Frischkorb Leipzig-Gohlis / }).check();
  await f.gender.selectOption({ label: "Divers" });
  await f.telephone.fill("0341 9876543");
  await f.holder.fill("Jörg Kärtner");
  await f.bic.fill("COBADEFFXXX");
  await f.mandate.check();
  await f.privacy.check();
  await f.submit.click();

  await expect(page).toHaveURL((url) => url.pathname === CARDS);
  await expectToast(page, /Kartenantrag/);
  await expectToast(page, "Danke! Dein Kartenantrag ist bei uns eingegangen. Deine Karte kommt in etwa 14 Werktagen.");
  const application = page.getByRole("region", { name: "Dein Kartenantrag" });
  await expect(application).toContainText("für Joerg Kaertner, Markt Frischkorb Leipzig-Gohlis");
  await expect(application).toContainText("Beantragt");
  await expect(application).toContainText("Deine Karte kommt in etwa 14 Werktagen nach dem Antrag per Post.");
  // one open application at a time
  await expect(page.getByRole("link", { name: /Kundenkarte beantragen/ })).toHaveCount(0);
  await expectAccessible(page);

  // The card provider (development page) takes it step by step to the issued card
  await visit(page, "/dev/cards", javaScriptEnabled, "Kartenanbieter (Entwicklung)");
  const row = devRow(page, "Kartenanträge", customer.email);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Stand: Beantragt");
  for (const next of ["In Prüfung", "In Herstellung", "Ausgestellt"]) {
    await row.getByRole("button", { name: "Nächster Schritt" }).click();
    await expect(row).toContainText(`Stand: ${next}`);
    await expectToast(page, "Erledigt.");
  }
  await expect(row.getByRole("button")).toHaveCount(0);
  await expectAccessible(page);

  await visit(page, CARDS, javaScriptEnabled, "Meine Kundenkarten");
  const cards = page.getByRole("list", { name: "Deine Karten" }).getByRole("article");
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole("heading", { level: 2 })).toHaveText(/^Kundenkarte \(RFID\) …\d{4}$/);
  await expect(fact(cards, "Art")).toHaveText("Kundenkarte (RFID)");
  await expect(fact(cards, "Status")).toHaveText("Aktiv");
  await expect(fact(cards, "PIN")).toHaveText("Keine PIN");
  await expect(fact(cards, "Kartennummer")).toHaveText(/^9276( \d{4}){3}$/);
  await expect(application).toContainText("Ausgestellt");
  await expect(application).not.toContainText("Werktagen");
  await expect(application.getByRole("link", { name: "Weitere Kundenkarte beantragen" })).toBeVisible();
});

test("without a date of birth the application asks for it first, with a link to the personal data", async ({
  page,
  javaScriptEnabled,
}) => {
  const customer = await cardCustomer(page, javaScriptEnabled);
  await executeD1("UPDATE customer SET dob = NULL WHERE id = ?", [customer.id]);
  await visit(page, `${CARDS}/apply`, javaScriptEnabled, "Kundenkarte beantragen");
  await expect(page.getByRole("main")).toContainText(
    "Für den Kartenantrag brauchen wir dein Geburtsdatum. Bitte trage es zuerst in deinen persönlichen Daten ein.",
  );
  await expect(page.locator("form#card-application")).toHaveCount(0);
  await page.getByRole("main").getByRole("link", { name: "persönlichen Daten" }).click();
  await expect(page).toHaveURL(/\/account\/customer$/);
  await expect(page.getByRole("heading", { level: 1, name: "Persönliche Daten" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Profil" }).getByLabel("Geburtsdatum")).toHaveValue("");
  await expectAccessible(page);
});
