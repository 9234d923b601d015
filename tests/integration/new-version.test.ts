/**
 * `/builds/latest` (docs/decisions/0025): the build the server runs, as the browser's manifest
 * names it, for everyone and never stored.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, signIn } from "./browser";
import { ORIGIN, startShop, type TestShop } from "./worker";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.dispose();
});

const SAME_ORIGIN = { Origin: ORIGIN };

/** The version in the manifest file the browser loads (public/build/manifest-*.js). */
async function browserManifestVersion(): Promise<string> {
  const dir = path.resolve("public/build");
  const file = (await readdir(dir)).find((name) => /^manifest-[\w]+\.js$/.test(name));
  const text = await readFile(path.join(dir, file!), "utf8");
  return text.match(/"version":"([^"]+)"/)![1];
}

describe("/builds/latest", () => {
  it("answers the build's version as JSON, never stored, without cookies", async () => {
    const res = await shop.fetch("/builds/latest");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("Set-Cookie")).toBeNull();
    const body = (await res.json()) as { version: string };
    expect(body).toEqual({ version: await browserManifestVersion() });
  });

  it("names the version the pages' inline manifest carries", async () => {
    const html = await (await shop.fetch("/catalog/product/120001")).text();
    const manifest = html.match(/\/build\/manifest-([\w]+)\.js/);
    expect(manifest).not.toBeNull();
    const { version } = (await (await shop.fetch("/builds/latest")).json()) as { version: string };
    expect(version).toBe(manifest![1].toLowerCase());
  });

  it("answers a signed-in customer the same, and sets no cookie for her either", async () => {
    const anna = new Browser(shop);
    await signIn(anna);
    const { res, html } = await anna.get("/builds/latest");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(JSON.parse(html)).toEqual({ version: await browserManifestVersion() });
  });

  it("HEAD answers like GET without a body", async () => {
    const res = await shop.fetch("/builds/latest", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await res.text()).toBe("");
  });

  it("a form post gets 405, anything else the request guard's answer, never a 5xx", async () => {
    const form = await shop.fetch("/builds/latest", {
      method: "POST",
      headers: { ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: "version=x",
    });
    expect(form.status).toBe(405);
    expect(form.headers.get("Allow")).toBe("GET, HEAD");
    expect(form.headers.get("Set-Cookie")).toBeNull();
    const json = await shop.fetch("/builds/latest", {
      method: "POST",
      headers: { ...SAME_ORIGIN, "Content-Type": "application/json" },
      body: '{"version":"x"}',
    });
    expect(json.status).toBe(415);
    for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS"]) {
      expect((await shop.fetch("/builds/latest", { method, headers: SAME_ORIGIN })).status, method).toBe(405);
    }
    expect((await shop.fetch("/builds/latest?version=x&__proto__=1")).status).toBe(200);
  });

  it("is never taken from the edge cache", async () => {
    const cached = await startShop({ bindings: { EDGE_CACHE_SECONDS: "60" } });
    try {
      for (let i = 0; i < 2; i++) {
        const res = await cached.fetch("/builds/latest");
        expect(res.status).toBe(200);
        expect(res.headers.get("X-Edge-Cache")).toBeNull();
      }
    } finally {
      await cached.dispose();
    }
  });
});
