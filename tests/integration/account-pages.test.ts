import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, DEMO, csrfOf, mailedLink, signIn } from "./browser";
import { prepareTestCustomer } from "../fixtures/customer";
import { startShop, type TestShop } from "./worker";
import { LIMITS } from "~/platform/rate-limit.server";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.dispose();
});

let counter = 0;

/** A fresh, activated customer created straight in the database, signed in through the form. */
async function customer() {
  const email = `konto-${Date.now()}-${counter++}@example.org`;
  const id = 500000 + Math.floor(Math.random() * 1e9);
  await prepareTestCustomer(shop.db, {
    id,
    email,
    firstname: "Jonas",
    lastname: "Beispiel",
    gender: "m",
    dob: "1985-03-03",
  }).run();
  const browser = new Browser(shop);
  expect((await signIn(browser, email)).res.status).toBe(302);
  return { browser, email, id };
}

const address = {
  street: "Lindenallee",
  houseNumber: "7b",
  addressAddition: "",
  zip: "04109",
  city: "Leipzig",
  country: "DE",
};

async function addresses(customerId: number) {
  return (
    await shop.db
      .prepare(
        "SELECT id, street, house_number, is_default_shipping, is_default_billing FROM address WHERE customer_id = ? ORDER BY created_at",
      )
      .bind(customerId)
      .all<{
        id: number;
        street: string;
        house_number: string;
        is_default_shipping: number;
        is_default_billing: number;
      }>()
  ).results;
}

describe("addresses", () => {
  it("adds, edits, sets the default delivery address and deletes, each with a notice", async () => {
    const { browser, id } = await customer();
    const added = await browser.submit("/account/address/new", address);
    expect(added.res.headers.get("Location")).toBe("/account/address");
    expect((await browser.follow(added)).html).toContain("Die Adresse wurde gespeichert.");
    await browser.submit("/account/address/new", { ...address, street: "Karl-Heine-Straße", houseNumber: "99" });
    let rows = await addresses(id);
    expect(rows.map((r) => [r.street, r.is_default_shipping, r.is_default_billing])).toEqual([
      ["Lindenallee", 1, 1],
      ["Karl-Heine-Straße", 0, 0],
    ]);

    const edited = await browser.submit(`/account/address/${rows[1].id}/edit`, {
      ...address,
      street: "Karl-Heine-Straße",
      houseNumber: "100",
    });
    expect(edited.res.status).toBe(302);
    const list = await browser.get("/account/address");
    expect(list.html).toContain("Karl-Heine-Straße 100");
    const defaulted = await browser.post(
      "/account/address",
      { intent: "setDefaultShipping", addressId: String(rows[1].id) },
      { csrf: csrfOf(list.html) },
    );
    expect((await browser.follow(defaulted)).html).toContain("Die Standard-Lieferadresse wurde geändert.");
    rows = await addresses(id);
    expect(rows.map((r) => r.is_default_shipping)).toEqual([0, 1]);

    const deleted = await browser.submit(`/account/address/${rows[1].id}/delete`, {});
    expect((await browser.follow(deleted)).html).toContain("Die Adresse wurde gelöscht.");
    rows = await addresses(id);
    expect(rows).toHaveLength(1);
    expect(rows[0].is_default_shipping).toBe(1);
  });

  it("answers bad input with German messages in the dialog and keeps what was typed", async () => {
    const { browser, id } = await customer();
    const { res, html } = await browser.submit("/account/address/new", {
      ...address,
      houseNumber: "7 b",
      zip: "123",
      city: "",
    });
    expect(res.status).toBe(400);
    expect(html).toContain("Die Hausnummer darf keine Leerzeichen enthalten.");
    expect(html).toContain("Bitte gib eine gültige Postleitzahl mit 5 Ziffern ein.");
    expect(html).toContain("Bitte fülle dieses Feld aus.");
    expect(html).toContain('value="7 b"');
    expect(html).toContain('value="Lindenallee"');
    expect(html).toMatch(/<dialog[^>]*open/);
    expect(await addresses(id)).toHaveLength(0);
  });

  it("another customer's address id is a 404 for viewing, editing and deleting", async () => {
    const anna = (await shop.db
      .prepare("SELECT id FROM address WHERE customer_id = 100001 LIMIT 1")
      .first<{ id: number }>())!.id;
    const { browser } = await customer();
    const own = await browser.get("/account/address/new");
    for (const path of [
      `/account/address/${anna}/edit`,
      `/account/address/${anna}/delete`,
      "/account/address/abc/edit",
      "/account/address/-1/delete",
    ]) {
      expect((await browser.get(path)).res.status, path).toBe(404);
    }
    expect((await browser.post(`/account/address/${anna}/edit`, address, { csrf: csrfOf(own.html) })).res.status).toBe(
      404,
    );
    expect((await browser.post(`/account/address/${anna}/delete`, {}, { csrf: csrfOf(own.html) })).res.status).toBe(
      404,
    );
    const setDefault = await browser.post(
      "/account/address",
      { intent: "setDefaultShipping", addressId: String(anna) },
      { csrf: csrfOf(own.html) },
    );
    expect((await browser.follow(setDefault)).html).toContain(
      "Die Standard-Lieferadresse konnte nicht geändert werden.",
    );
    expect(
      (await shop.db
        .prepare("SELECT COUNT(*) AS n FROM address WHERE id = ? AND customer_id = 100001")
        .bind(anna)
        .first<{ n: number }>())!.n,
    ).toBe(1);
  });

  it("an unknown intent is a 400", async () => {
    const { browser } = await customer();
    const page = await browser.get("/account/address");
    expect(
      (await browser.post("/account/address", { intent: "dropTables" }, { csrf: csrfOf(page.html) })).res.status,
    ).toBe(400);
  });
});

describe("personal data", () => {
  it("saves the profile with the same rules as registration", async () => {
    const { browser, id } = await customer();
    const bad = await browser.submit("/account/customer", {
      intent: "profile",
      firstName: "Jonas",
      lastName: "",
      dob: "2015-01-01",
      telephone: "x",
      gender: "m",
    });
    expect(bad.res.status).toBe(400);
    expect(bad.html).toContain("Du musst 18 Jahre alt sein");
    const ok = await browser.submit("/account/customer", {
      intent: "profile",
      firstName: "Jonas",
      lastName: "Neumann",
      dob: "1985-03-03",
      telephone: "0341 1111",
      gender: "d",
    });
    expect((await browser.follow(ok)).html).toContain("Deine persönlichen Daten wurden gespeichert.");
    const row = await shop.db.prepare("SELECT lastname, gender, telephone FROM customer WHERE id = ?").bind(id).first();
    expect(row).toEqual({ lastname: "Neumann", gender: "d", telephone: "0341 1111" });
  });

  it("changes the e-mail address only after the new address confirms it, with the password", async () => {
    const { browser, id, email } = await customer();
    const newEmail = `neu-${email}`;
    const wrong = await browser.submit("/account/customer", {
      intent: "email",
      newEmail,
      newEmailConfirm: newEmail,
      password: "falsch123",
    });
    expect(wrong.res.status).toBe(400);
    expect(wrong.html).toContain("Das Passwort ist nicht korrekt.");
    const taken = await browser.submit("/account/customer", {
      intent: "email",
      newEmail: DEMO.active,
      newEmailConfirm: DEMO.active,
      password: DEMO.password,
    });
    expect(taken.res.status).toBe(409);
    const requested = await browser.submit("/account/customer", {
      intent: "email",
      newEmail,
      newEmailConfirm: newEmail,
      password: DEMO.password,
    });
    expect((await browser.follow(requested)).html).toContain(
      `Wir haben dir einen Bestätigungslink an ${newEmail} geschickt.`,
    );
    expect(
      (await shop.db.prepare("SELECT email FROM customer WHERE id = ?").bind(id).first<{ email: string }>())!.email,
    ).toBe(email);
    const confirm = await browser.get(await mailedLink(shop, newEmail));
    expect(confirm.res.status).toBe(200);
    expect(
      (await shop.db.prepare("SELECT email FROM customer WHERE id = ?").bind(id).first<{ email: string }>())!.email,
    ).toBe(newEmail);
  });

  it("changing the password needs the current one and ends the other sessions, not this one", async () => {
    const { browser, email } = await customer();
    const other = new Browser(shop);
    await signIn(other, email);
    const wrong = await browser.submit("/account/customer", {
      intent: "password",
      currentPassword: "falsch123",
      password: "Neues2027",
      passwordConfirm: "Neues2027",
    });
    expect(wrong.html).toContain("Das Passwort ist nicht korrekt.");
    const ok = await browser.submit("/account/customer", {
      intent: "password",
      currentPassword: DEMO.password,
      password: "Neues2027",
      passwordConfirm: "Neues2027",
    });
    expect(ok.res.status).toBe(302);
    expect((await browser.get("/account")).res.status).toBe(200);
    expect((await other.get("/account")).res.status).toBe(302);
  });

  it("wrong passwords for an e-mail or password change are throttled like the sign-in, on one counter", async () => {
    const { max } = LIMITS.passwordConfirmation;
    const { browser, id } = await customer();
    const passwordChange = (currentPassword: string) =>
      browser.submit("/account/customer", {
        intent: "password",
        currentPassword,
        password: "Neues2027",
        passwordConfirm: "Neues2027",
      });
    const emailChange = (password: string) =>
      browser.submit("/account/customer", {
        intent: "email",
        newEmail: `neu-${id}@example.org`,
        newEmailConfirm: `neu-${id}@example.org`,
        password,
      });
    for (let i = 0; i < max - 1; i++) expect((await passwordChange(`falsch-${i}-2026`)).res.status).toBe(400);
    expect((await emailChange("falsch-2026")).res.status).toBe(400);
    const throttled = await passwordChange(DEMO.password);
    expect(throttled.res.status).toBe(429);
    expect(throttled.html).toContain("Zu viele Versuche.");
    expect((await emailChange(DEMO.password)).res.status).toBe(429);
    const row = await shop.db.prepare("SELECT password_hash, email FROM customer WHERE id = ?").bind(id).first();
    expect(row?.email).not.toContain("neu-");
    // the password is unchanged: the demo password still signs in
    expect((await signIn(new Browser(shop), row?.email as string)).res.status).toBe(302);
  });
});

describe("wishlist", () => {
  it("adds and removes products, with notices, and lists them", async () => {
    const { browser, id } = await customer();
    const product = await browser.get("/catalog/product/120001");
    expect(product.html).toMatch(/aria-pressed="false" aria-label="Frische Vollmilch 3,8 % merken"/);
    const added = await browser.post(
      "/account/wishlist",
      { intent: "add", sku: "120001", redirectTo: "/catalog/product/120001" },
      { csrf: csrfOf(product.html) },
    );
    expect(added.res.headers.get("Location")).toBe("/catalog/product/120001");
    const back = await browser.follow(added);
    expect(back.html).toContain("„Frische Vollmilch 3,8 %“ steht jetzt auf deinem Merkzettel.");
    expect(back.html).toMatch(/aria-pressed="true" aria-label="Frische Vollmilch 3,8 % merken"/);
    await browser.post("/account/wishlist", { intent: "add", sku: "120001" }, { csrf: csrfOf(product.html) });
    expect(
      (await shop.db
        .prepare("SELECT COUNT(*) AS n FROM wishlist_item WHERE customer_id = ?")
        .bind(id)
        .first<{ n: number }>())!.n,
    ).toBe(1);
    expect((await browser.get("/account/wishlist")).html).toContain("Frische Vollmilch 3,8 %");

    const unknown = await browser.post(
      "/account/wishlist",
      { intent: "add", sku: "999999" },
      { csrf: csrfOf(product.html) },
    );
    expect(unknown.res.status).toBe(400);
    await browser.post("/account/wishlist", { intent: "remove", sku: "120001" }, { csrf: csrfOf(product.html) });
    expect((await browser.get("/account/wishlist")).html).toContain("Dein Merkzettel ist leer.");
  });
});

describe("dark mode sync", () => {
  it("toggling while signed in saves it on the account; at sign-in the account's value wins over a light browser", async () => {
    const { browser, id, email } = await customer();
    const page = await browser.get("/");
    await browser.post("/theme", { darkMode: "1", redirectTo: "/" }, { csrf: csrfOf(page.html) });
    expect(
      (await shop.db
        .prepare("SELECT dark_mode_enabled AS v FROM customer WHERE id = ?")
        .bind(id)
        .first<{ v: string }>())!.v,
    ).toBe("1");

    const lightBrowser = new Browser(shop);
    lightBrowser.cookies.set("dark_mode", "0");
    await signIn(lightBrowser, email);
    expect(lightBrowser.cookies.get("dark_mode")).toBe("1");
    expect((await lightBrowser.get("/")).html).toContain('class="theme-dark"');
  });

  it("a dark browser switches a light account to dark at sign-in", async () => {
    const { id, email } = await customer();
    const darkBrowser = new Browser(shop);
    darkBrowser.cookies.set("dark_mode", "1");
    await signIn(darkBrowser, email);
    expect(
      (await shop.db
        .prepare("SELECT dark_mode_enabled AS v FROM customer WHERE id = ?")
        .bind(id)
        .first<{ v: string }>())!.v,
    ).toBe("1");
  });

  it("a signed-in toggle needs the CSRF token", async () => {
    const { browser } = await customer();
    expect((await browser.post("/theme", { darkMode: "1" }, { csrf: null })).res.status).toBe(403);
  });
});

describe("development mailbox", () => {
  it("lists the outbox in development and test", async () => {
    const { html, res } = await new Browser(shop).get("/dev/mailbox");
    expect(res.status).toBe(200);
    expect(html).toContain("Postausgang (nur Entwicklung)");
  });

  it("shows only the mails to one address with ?to=, and every mail without it", async () => {
    const insert = "INSERT INTO outbox (recipient, subject, text_body, created_at) VALUES (?, ?, ?, ?)";
    await shop.db.batch([
      shop.db.prepare(insert).bind("nur-ich@example.org", "Für mich", "Hallo", "2026-11-27T08:00:00Z"),
      shop.db.prepare(insert).bind("jemand-anders@example.org", "Für jemand anderen", "Hallo", "2026-11-27T08:01:00Z"),
    ]);
    const only = (await new Browser(shop).get("/dev/mailbox?to=nur-ich%40example.org")).html;
    expect(only).toContain("Für mich");
    expect(only).not.toContain("Für jemand anderen");
    expect(only).toContain("Nur die E-Mails an nur-ich@example.org.");
    expect(only).toContain('href="/dev/mailbox"');
    const all = (await new Browser(shop).get("/dev/mailbox")).html;
    expect(all).toContain("Für mich");
    expect(all).toContain("Für jemand anderen");
    // an address longer than any can be is no filter, nothing breaks
    const long = await new Browser(shop).get(`/dev/mailbox?to=${"a".repeat(300)}`);
    expect(long.res.status).toBe(200);
    expect(long.html).toContain("Für jemand anderen");
  });
});
