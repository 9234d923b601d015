/**
 * The back office's door and its admin pages (issue 32): the frame is no customer's page, the
 * development sign-in is the only way in locally, the admin manages staff through forms that keep
 * what was typed and refuse with German messages, and every change leaves one audit entry.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, DEMO, signIn } from "./browser";
import { auditCount, staffBrowser, staffCsrf } from "./staff-browser";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.dispose();
});

const memberRow = (email: string) =>
  shop.db.prepare("SELECT id, role, store_id, active FROM staff_member WHERE email = ?").bind(email).first<{
    id: number;
    role: string;
    store_id: string | null;
    active: number;
  }>();

describe("the door", () => {
  it("a signed-in customer is no member of staff: /staff sends her to the staff sign-in, her header is not there", async () => {
    const anna = new Browser(shop);
    await signIn(anna, DEMO.active);
    const page = await anna.get("/staff");
    expect(page.res.status).toBe(302);
    expect(page.res.headers.get("Location")).toBe("/staff/login?redirectTo=%2Fstaff");
    const login = await anna.get("/staff/login");
    expect(login.res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(login.html).toContain("Anmeldung Backoffice");
    expect(login.html).not.toContain("Warenkorb");
    expect(login.html).not.toContain("gtm.js");
  });

  it("the staff cookie is only ever sent to /staff, same-site strict, and an unknown id signs nobody in", async () => {
    const browser = new Browser(shop);
    const page = await browser.get("/staff/login");
    const csrf = (/name="csrf" value="([^"]+)"/.exec(page.html.replace(/type="hidden" /g, "")) ?? [])[1];
    const refused = await browser.post("/staff/login", { staffId: "999999" }, { csrf });
    expect(refused.res.status).toBe(400);
    expect(refused.html).toContain("arbeitet nicht (mehr) im Backoffice");
    expect(browser.cookies.has("__staff")).toBe(false);
    const ok = await browser.post("/staff/login", { staffId: "5", redirectTo: "https://evil.example/" }, { csrf });
    expect(ok.res.status).toBe(302);
    expect(ok.res.headers.get("Location")).toBe("/staff");
    const cookie = ok.res.headers.getSetCookie().find((c) => c.startsWith("__staff="))!;
    expect(cookie).toMatch(/Path=\/staff;/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/HttpOnly/);
  });

  it("signing out ends the staff sign-in; the next page asks again", async () => {
    const ada = await staffBrowser(shop, "ada");
    const out = await ada.post("/staff/logout", {}, { csrf: await staffCsrf(ada) });
    expect(out.res.status).toBe(302);
    expect(ada.cookies.has("__staff")).toBe(false);
    expect((await ada.get("/staff/members")).res.status).toBe(302);
  });

  it("each role sees only its sections; the admin's pages answer 403 to the others, in German", async () => {
    const sina = await staffBrowser(shop, "sina");
    const home = await sina.get("/staff");
    expect(home.html).not.toContain('href="/staff/members"');
    for (const path of ["/staff/members", "/staff/audit", "/staff/members/1"]) {
      const page = await sina.get(path);
      expect(page.res.status, path).toBe(403);
      expect(page.html).toContain("Dafür hast du keine Berechtigung");
    }
    const ada = await staffBrowser(shop, "ada");
    const adminHome = await ada.get("/staff");
    expect(adminHome.html).toContain('href="/staff/members"');
    expect(adminHome.html).toContain('href="/staff/audit"');
  });
});

describe("the admin's staff pages", () => {
  it("adding a member: bad input is refused at its field and kept; a good one is added with one audit entry", async () => {
    const ada = await staffBrowser(shop, "ada");
    const csrf = await staffCsrf(ada, "/staff/members");
    const before = await auditCount(shop);
    const bad = await ada.post("/staff/members", { name: "Mia Markt", email: "kein-at", role: "boss" }, { csrf });
    expect(bad.res.status).toBe(400);
    expect(bad.html).toContain("Bitte gib eine gültige E-Mail-Adresse ein.");
    expect(bad.html).toContain("Bitte wähle eine Rolle.");
    expect(bad.html).toContain('value="Mia Markt"');
    const badStore = await ada.post(
      "/staff/members",
      { name: "Mia Markt", email: "mia@frischkorb.example", role: "fulfilment", storeId: "no-such-store" },
      { csrf },
    );
    expect(badStore.res.status).toBe(400);
    expect(badStore.html).toContain("Diesen Markt gibt es nicht für Click &amp; Collect.");
    expect(await auditCount(shop)).toBe(before);

    const added = await ada.post(
      "/staff/members",
      { name: "Mia Markt", email: "Mia@Frischkorb.example", role: "fulfilment", storeId: "leipzig-gohlis" },
      { csrf },
    );
    expect(added.res.status).toBe(302);
    expect(await memberRow("mia@frischkorb.example")).toMatchObject({ role: "fulfilment", store_id: "leipzig-gohlis" });
    expect(await auditCount(shop)).toBe(before + 1);
    const list = await ada.follow(added);
    expect(list.html).toContain("Mia Markt ist angelegt");

    const again = await ada.post(
      "/staff/members",
      { name: "Mia Zwei", email: "mia@frischkorb.example", role: "support" },
      { csrf },
    );
    expect(again.res.status).toBe(409);
    expect(again.html).toContain("gehört schon zu einer Person im Backoffice");
    expect(await auditCount(shop)).toBe(before + 1);
  });

  it("changing a member from a stale form is refused with the new state shown; the last admin stays", async () => {
    const ada = await staffBrowser(shop, "ada");
    const mia = (await memberRow("mia@frischkorb.example"))!;
    const path = `/staff/members/${mia.id}`;
    const csrf = await staffCsrf(ada, path);
    const stale = { beforeRole: "support", beforeStoreId: "", beforeActive: "1" };
    const before = await auditCount(shop);
    const refused = await ada.post(path, { role: "support", active: "on", ...stale }, { csrf });
    expect(refused.res.status).toBe(409);
    expect(refused.html).toContain("Jemand hat diese Person inzwischen geändert");
    expect(refused.html).toContain('name="beforeRole" value="fulfilment"');
    expect(await auditCount(shop)).toBe(before);

    const current = { beforeRole: "fulfilment", beforeStoreId: "leipzig-gohlis", beforeActive: "1" };
    const changed = await ada.post(path, { role: "support", storeId: "leipzig-gohlis", ...current }, { csrf });
    expect(changed.res.status).toBe(302);
    expect(await memberRow("mia@frischkorb.example")).toMatchObject({ role: "support", store_id: null, active: 0 });
    expect(await auditCount(shop)).toBe(before + 1);

    const adaRow = (await memberRow("ada.admin@frischkorb.example"))!;
    const lastAdmin = await ada.post(
      `/staff/members/${adaRow.id}`,
      { role: "support", active: "on", beforeRole: "admin", beforeStoreId: "", beforeActive: "1" },
      { csrf },
    );
    expect(lastAdmin.res.status).toBe(409);
    expect(lastAdmin.html).toContain("mindestens eine aktive Person in der Verwaltung");
    expect(await memberRow("ada.admin@frischkorb.example")).toMatchObject({ role: "admin", active: 1 });
    expect(await auditCount(shop)).toBe(before + 1);
  });

  it("another role's post to the admin's forms: 403, nothing added, no entry", async () => {
    const sina = await staffBrowser(shop, "sina");
    const csrf = await staffCsrf(sina);
    const before = await auditCount(shop);
    const res = await sina.post(
      "/staff/members",
      { name: "Eve Evil", email: "eve@frischkorb.example", role: "admin" },
      { csrf },
    );
    expect(res.res.status).toBe(403);
    expect(await memberRow("eve@frischkorb.example")).toBeNull();
    expect(await auditCount(shop)).toBe(before);
  });

  it("the audit log lists the changes, filtered and sorted by the URL; nonsense filters are ignored, never a 500", async () => {
    const ada = await staffBrowser(shop, "ada");
    const all = await ada.get("/staff/audit");
    expect(all.res.status).toBe(200);
    expect(all.html).toContain("Mitarbeiter/in angelegt");
    const changes = await ada.get("/staff/audit?action=staff.change");
    expect(changes.html).toContain("Mitarbeiter/in geändert");
    expect(changes.html).not.toContain("Mitarbeiter/in angelegt</td>");
    const none = await ada.get("/staff/audit?from=2000-01-01&to=2000-01-02");
    expect(none.html).toContain("Keine Einträge.");
    for (const query of [
      "?from=2026-13-45&to=x",
      "?staff=abc&customer=-1&order=%00",
      "?sort=drop&dir=sideways&page=-4",
      "?page=99999999999",
      "?action=__proto__",
    ]) {
      expect((await ada.get(`/staff/audit${query}`)).res.status, query).toBe(200);
    }
    const oldest = await ada.get("/staff/audit?sort=at&dir=asc");
    expect(oldest.html).toContain('aria-sort="ascending"');
  });
});
