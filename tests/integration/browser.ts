/**
 * A tiny browser for integration tests: keeps cookies, sends same-origin form posts with the
 * page's CSRF token, and reads the e-mails the shop wrote to its outbox.
 */
import type { TestShop } from "./worker";

export interface Page {
  res: Response;
  html: string;
}

export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly shop: TestShop,
    readonly ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const expired =
        attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) ||
        attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1));
    }
  }

  async request(pathname: string, init: RequestInit = {}): Promise<Page> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("Cookie", this.cookieHeader());
    headers.set("CF-Connecting-IP", this.ip);
    // Miniflare hands the worker its own loopback Host; a proxy in front would name the shop.
    headers.set("X-Forwarded-Host", new URL(this.shop.origin).host);
    const res = await this.shop.fetch(pathname, { ...init, headers });
    this.remember(res);
    return { res, html: await res.text() };
  }

  get(pathname: string): Promise<Page> {
    return this.request(pathname);
  }

  /** Follows redirects like a browser would (GET after a form post). */
  async follow(page: Page, limit = 5): Promise<Page> {
    let current = page;
    for (let i = 0; i < limit && current.res.status >= 300 && current.res.status < 400; i++) {
      current = await this.get(current.res.headers.get("Location")!);
    }
    return current;
  }

  /** A form post as the browser sends it: same origin, with the token of the page it was on. */
  post(
    pathname: string,
    fields: Record<string, string | string[]>,
    opts: { csrf?: string | null } = {},
  ): Promise<Page> {
    // a list is a field sent once per value, as checkboxes of one name are
    const body = new URLSearchParams(
      Object.entries(fields).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => [name, v])),
    );
    if (opts.csrf !== null) body.set("csrf", opts.csrf ?? "");
    return this.request(pathname, {
      method: "POST",
      body,
      headers: { Origin: this.shop.origin, "Content-Type": "application/x-www-form-urlencoded" },
    });
  }

  /** Opens the page, then submits a form there with the page's CSRF token. */
  async submit(pagePath: string, fields: Record<string, string>, action = pagePath): Promise<Page> {
    const page = await this.get(pagePath);
    return this.post(action, fields, { csrf: csrfOf(page.html) });
  }
}

export function csrfOf(html: string): string {
  const match = /name="csrf" value="([^"]+)"|value="([^"]+)" name="csrf"/.exec(html.replace(/type="hidden" /g, ""));
  if (!match) throw new Error("no CSRF token on the page");
  return match[1] ?? match[2];
}

/** The newest link in the newest mail to the address. */
/**
 * The header cart link's accessible name: its text without tags, as the browser computes it
 * (the visible figures between hidden words, components/layout/Header.tsx).
 */
export function cartLinkName(html: string): string {
  const link = /<a[^>]*class="header-button cart-link"[^>]*>([\s\S]*?)<\/a>/.exec(html)?.[1] ?? "";
  return link
    .replace(/<[^>]*>/g, "")
    .replace(/[ \t\n]+/g, " ")
    .trim();
}

export async function mailedLink(shop: TestShop, to: string): Promise<string> {
  const row = await shop.db
    .prepare("SELECT text_body FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1")
    .bind(to)
    .first<{ text_body: string }>();
  const url = row?.text_body.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no mail with a link to ${to}`);
  return new URL(url).pathname;
}

export const DEMO = {
  active: "anna.schmidt@example.org",
  pending: "ben.mueller@example.org",
  blocked: "clara.weber@example.org",
  password: "Frischkorb2026",
};

export async function signIn(browser: Browser, email = DEMO.active, password = DEMO.password): Promise<Page> {
  return browser.submit("/login", { intent: "login", email, password, redirectTo: "/" });
}
