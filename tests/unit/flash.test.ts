/**
 * Flashed notices (app/platform/flash.server.ts) when requests overlap: a page's request sent
 * before an action and answered after it must not take the action's notice with it. That lost
 * "„…“ wurde aus dem Warenkorb entfernt." in the cart: the revalidation after "+" was still on its
 * way when "Entfernen" was pressed; it read the "+" notice and its answer cleared the one flash
 * cookie, which by then held the removal's notice, so the next page had none.
 */
import { describe, expect, it } from "vitest";
import { clearNotices, flashNotice, noticesToTell, readFlash } from "~/platform/flash.server";
import type { Env } from "~/platform/context";

const env = { SESSION_SECRET: "a-secret-for-the-flash-test-only-0123456789" } as unknown as Env;

/**
 * A browser's cookie jar: Set-Cookie values applied in the order their answers arrive; a request
 * sends them in the order they came (RFC 6265 5.4), as a Map keeps them.
 */
class Jar {
  readonly cookies = new Map<string, string>();
  apply(setCookie: string) {
    const [pair, ...attributes] = setCookie.split(";");
    const at = pair.indexOf("=");
    const name = pair.slice(0, at).trim();
    if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
    else this.cookies.set(name, pair.slice(at + 1));
  }
  request(): Request {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    return new Request("https://shop.test/cart", { headers: cookie ? { Cookie: cookie } : {} });
  }
}

const updated = { type: "success" as const, key: "cart:updated", values: { name: "Saft" } };
const removed = { type: "success" as const, key: "cart:removed", values: { name: "Caffè Crema" } };

describe("flashed notices", () => {
  it("an answer to a request sent before an action does not clear that action's notice", async () => {
    const jar = new Jar();
    jar.apply(await flashNotice(env, updated));
    // the revalidation leaves with the "+" notice ...
    const stale = await readFlash(jar.request(), env);
    expect(stale.notices).toMatchObject([updated]);
    // ... "Entfernen" is answered first ...
    jar.apply(await flashNotice(env, removed));
    // ... then the revalidation's answer clears what it read
    for (const cookie of await clearNotices(env, stale.names)) jar.apply(cookie);
    const next = await readFlash(jar.request(), env);
    expect(next.notices).toMatchObject([removed]);
    for (const cookie of await clearNotices(env, next.names)) jar.apply(cookie);
    expect((await readFlash(jar.request(), env)).notices).toEqual([]);
    expect(jar.cookies.size).toBe(0);
  });

  it("two actions no page has told yet: the browser's app tells both, in the order answered; a document the last one's", async () => {
    // "Entfernen" is answered while the "+" before it is still on its way; the revalidation after
    // the removal is dropped by the browser (a newer one landed), so the next read finds both
    const jar = new Jar();
    jar.apply(await flashNotice(env, removed, [{ event: "remove_from_cart", id: "2" }]));
    jar.apply(await flashNotice(env, updated, [{ event: "add_to_cart", id: "1" }]));
    const flash = await readFlash(jar.request(), env);
    expect(noticesToTell(flash, true)).toMatchObject([removed, updated]);
    // without JavaScript each action has a page of its own, which tells that action's outcome
    expect(noticesToTell(flash, false)).toMatchObject([updated]);
    expect(new Set(flash.notices.map((n) => n.id)).size).toBe(2);
    expect(flash.tracking.map((t) => t.id)).toEqual(["2", "1"]);
    expect(flash.names).toHaveLength(2);
    for (const cookie of await clearNotices(env, flash.names)) jar.apply(cookie);
    expect(jar.cookies.size).toBe(0);
  });

  it("two requests that read the same cookie hand the page the same notice, not a second one", async () => {
    const jar = new Jar();
    jar.apply(await flashNotice(env, removed));
    const [first, second] = await Promise.all([readFlash(jar.request(), env), readFlash(jar.request(), env)]);
    expect(first.notices.map((n) => n.id)).toEqual(second.notices.map((n) => n.id));
    jar.apply(await flashNotice(env, removed));
    const later = await readFlash(jar.request(), env);
    expect(later.notices.at(-1)?.id).not.toBe(first.notices[0].id);
  });

  it("still reads the one flash cookie of earlier versions", async () => {
    const jar = new Jar();
    const stamped = await flashNotice(env, updated);
    jar.apply(stamped.replace(/^__flash_\w+=/, "__flash="));
    expect(await readFlash(jar.request(), env)).toMatchObject({ notices: [updated], names: ["__flash"] });
  });
});
