/**
 * A member of the demo staff at the back office's door, for integration tests: signed in through
 * the development sign-in (the stand-in for Cloudflare Access), with the page's CSRF token at hand.
 */
import { Browser, csrfOf } from "./browser";
import type { TestShop } from "./worker";

export const DEMO_STAFF = {
  paula: "paula.pick@frischkorb.example",
  lars: "lars.lager@frischkorb.example",
  sina: "sina.support@frischkorb.example",
  gero: "gero.genosse@frischkorb.example",
  ada: "ada.admin@frischkorb.example",
  mia: "mia.marketing@frischkorb.example",
  sven: "sven.standort@frischkorb.example",
  rudi: "rudi.regal@frischkorb.example",
} as const;
export type DemoStaff = keyof typeof DEMO_STAFF;

export async function staffBrowser(shop: TestShop, who: DemoStaff): Promise<Browser> {
  const browser = new Browser(shop);
  const row = await shop.db
    .prepare("SELECT id FROM staff_member WHERE email = ?")
    .bind(DEMO_STAFF[who])
    .first<{ id: number }>();
  const page = await browser.get("/staff/login");
  const res = await browser.post("/staff/login", { staffId: String(row!.id) }, { csrf: csrfOf(page.html) });
  if (res.res.status !== 302) throw new Error(`staff sign-in as ${who}: ${res.res.status}`);
  return browser;
}

/** The CSRF token of a back-office page the browser opens. */
export async function staffCsrf(browser: Browser, path = "/staff"): Promise<string> {
  return csrfOf((await browser.get(path)).html);
}

export async function auditCount(shop: TestShop): Promise<number> {
  return (await shop.db.prepare("SELECT count(*) AS n FROM audit_entry").first<{ n: number }>())!.n;
}
