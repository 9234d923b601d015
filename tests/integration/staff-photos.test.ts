/**
 * Product photos (issue 33 §2, docs/decisions/0048): Rudi Regal uploads photos on a product's range
 * page; the bytes decide what a file is (a file that lies about its type is refused at the field,
 * nothing stored); each change is one batch with one audit entry, guarded against stale forms; the
 * shop serves the photo with long immutable caching and shows it wherever the product appears,
 * at once, although its pages are edge-cached.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeGif, makeJpeg, makePng } from "../fixtures/photos";
import { Browser, csrfOf, type Page } from "./browser";
import { staffBrowser } from "./staff-browser";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
let rudi: Browser;
beforeAll(async () => {
  shop = await startShop({ bindings: { EDGE_CACHE_SECONDS: "300" } });
  rudi = await staffBrowser(shop, "rudi");
});
afterAll(async () => {
  await shop?.dispose();
});

const one = async <T>(sql: string, ...params: unknown[]) =>
  (await shop.db
    .prepare(sql)
    .bind(...params)
    .first<T>())!;
const count = async (sql: string, ...params: unknown[]) => (await one<{ n: number }>(sql, ...params)).n;
const audits = (sku: string) =>
  count("SELECT count(*) AS n FROM audit_entry WHERE subject = ? AND action = 'range.photos'", sku);
const photosOf = async (sku: string) =>
  (
    await shop.db
      .prepare("SELECT file, position FROM product_photo WHERE sku = ? ORDER BY position")
      .bind(sku)
      .all<{ file: string; position: number }>()
  ).results.map((r) => r.file);
const mainOf = async (sku: string) =>
  (await one<{ photo: string | null }>("SELECT photo FROM product WHERE sku = ?", sku)).photo;
const objects = async () => (await (await shop.mf.getR2Bucket("PHOTOS")).list()).objects.map((o) => o.key);
const catalogueVersion = async () => (await one<{ version: number }>("SELECT version FROM catalogue_version")).version;
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const revisionOf = (html: string) => /name="photosRevision" value="(\d+)"/.exec(html)?.[1] ?? "";

async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The upload form as a browser sends it: multipart, with the name and type the file claims. */
async function upload(
  sku: string,
  bytes: Uint8Array,
  opts: { name?: string; type?: string; browser?: Browser; page?: Page; csrf?: string } = {},
): Promise<Page> {
  const browser = opts.browser ?? rudi;
  const page = opts.page ?? (await browser.get(`/staff/range/${sku}`));
  const form = new FormData();
  form.set("intent", "photoAdd");
  form.set("photosRevision", revisionOf(page.html));
  form.set("csrf", opts.csrf ?? csrfOf(page.html));
  form.set(
    "photo",
    new Blob([bytes as Uint8Array<ArrayBuffer>], { type: opts.type ?? "image/png" }),
    opts.name ?? "foto.png",
  );
  return postMultipart(browser, `/staff/range/${sku}`, form);
}

/** A multipart post: the body encoded here, with its boundary in the Content-Type. */
async function postMultipart(browser: Browser, path: string, form: FormData): Promise<Page> {
  const encoded = new Request("http://encode/", { method: "POST", body: form });
  const type = encoded.headers.get("Content-Type")!;
  const body = await encoded.arrayBuffer();
  return browser.request(path, { method: "POST", body, headers: { Origin: shop.origin, "Content-Type": type } });
}

async function choose(sku: string, intent: "photoMain" | "photoRemove", file: string, page?: Page) {
  const shown = page ?? (await rudi.get(`/staff/range/${sku}`));
  return rudi.post(
    `/staff/range/${sku}`,
    { intent, photosRevision: revisionOf(shown.html), file },
    { csrf: csrfOf(shown.html) },
  );
}

const png = (rgb: [number, number, number], size = 640) => new Uint8Array(makePng(size, size, rgb));

describe("uploading a photo", () => {
  it("stores it under its content address, shows it on the range page and everywhere in the shop at once", async () => {
    const sku = "120001";
    const visitor = new Browser(shop);
    const paths = [`/catalog/product/${sku}`, "/catalog/category/milch"];
    for (const path of paths) {
      await visitor.get(path);
      await expect.poll(async () => (await visitor.get(path)).res.headers.get("X-Edge-Cache")).toBe("HIT");
    }
    const version = await catalogueVersion();
    const before = await audits(sku);
    const bytes = png([200, 60, 40]);
    const file = `${await sha256(bytes)}.png`;

    // a PNG named .jpg and sent as image/jpeg is taken for what it is: a PNG
    const answer = await upload(sku, bytes, { name: "milch.jpg", type: "image/jpeg" });
    expect(answer.res.status).toBe(302);
    expect(answer.res.headers.get("Location")).toBe(`/staff/range/${sku}`);
    const staffPage = await rudi.follow(answer);
    expect(text(staffPage.html)).toContain("Das Foto ist hochgeladen.");
    expect(staffPage.html).toContain(`/images/photos/${file}?w=270`);
    expect(text(staffPage.html)).toContain("Hauptfoto");
    expect(await photosOf(sku)).toEqual([file]);
    expect(await mainOf(sku)).toBe(file);
    expect(await objects()).toContain(file);
    expect(await audits(sku)).toBe(before + 1);
    expect(await catalogueVersion()).toBe(version + 1);
    const row = await one<{ content_type: string; width: number; height: number; bytes: number }>(
      "SELECT content_type, width, height, bytes FROM product_photo WHERE sku = ?",
      sku,
    );
    expect(row).toEqual({ content_type: "image/png", width: 640, height: 640, bytes: bytes.byteLength });

    // the cached pages are not found any more: the product page and the tile show the photo
    for (const path of paths) {
      const page = await visitor.get(path);
      expect(page.res.headers.get("X-Edge-Cache"), path).toBeNull();
      expect(page.html, path).toContain(`/images/photos/${file}?w=`);
    }
    const productPage = await visitor.get(`/catalog/product/${sku}`);
    expect(productPage.html).toMatch(
      new RegExp(`<img src="/images/photos/${file}\\?w=480"[^>]*alt="Produktbild: Frische Vollmilch`),
    );
    expect(productPage.html).toContain(`href="/images/photos/${file}?w=1024"`);
    expect(productPage.html).not.toContain(`/images/products/${sku}.svg`);
    // the search overlay's suggestions get the photo's URL from the server
    const suggestions = (await (await shop.fetch("/search/suggest?q=Vollmilch")).json()) as {
      products: { sku: string; image: string }[];
    };
    expect(suggestions.products.find((p) => p.sku === sku)?.image).toBe(`/images/photos/${file}?w=270`);
    // a product without a photo keeps its drawn pack
    expect((await visitor.get("/catalog/product/120002")).html).toContain("/images/products/120002.svg?w=480");
  });

  it("serves the photo with its type, a year of immutable caching, its ETag and nosniff; 404 for others", async () => {
    const file = (await photosOf("120001"))[0];
    const res = await shop.fetch(`/images/photos/${file}?w=480`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const etag = res.headers.get("ETag");
    expect(etag).toBe(`"${file.slice(0, 64)}"`);
    const body = new Uint8Array(await res.arrayBuffer());
    expect(`${await sha256(body)}.png`).toBe(file);
    const again = await shop.fetch(`/images/photos/${file}`, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    for (const path of [
      `/images/photos/${"0".repeat(64)}.png`,
      `/images/photos/${file.slice(0, 64)}.svg`,
      `/images/photos/${file.slice(0, 64)}.jpg`,
      "/images/photos/..%2F..%2Fsecret.png",
      "/images/photos/abc.png",
    ]) {
      expect((await shop.fetch(path)).status, path).toBe(404);
    }
  });
});

describe("a file that is no photo the shop takes", () => {
  it("is refused at the field with a German message, nothing stored, no audit entry", async () => {
    const sku = "120002";
    const stored = await objects();
    const before = await audits(sku);
    const version = await catalogueVersion();
    const html = new TextEncoder().encode("<!doctype html><title>x</title><script>alert(1)</script>");
    const jpegHead = makeJpeg(800, 800);
    const cases: [string, Uint8Array, string, string][] = [
      ["an HTML page named .png", html, "bild.png", "Das ist kein Foto im Format JPEG, PNG oder WebP"],
      ["a GIF", new Uint8Array(makeGif(800, 800)), "bild.gif", "Das ist kein Foto im Format JPEG, PNG oder WebP"],
      ["a PNG too small", png([10, 200, 10], 300), "klein.png", "Das Foto ist zu klein"],
      ["a JPEG cut short", new Uint8Array(jpegHead.subarray(0, 60)), "kaputt.jpg", "beschädigt oder unvollständig"],
      ["more than 8 MiB", new Uint8Array(8 * 1024 * 1024 + 10), "gross.png", "Die Datei ist zu groß"],
    ];
    for (const [what, bytes, name, message] of cases) {
      const answer = await upload(sku, bytes, { name, type: "image/png" });
      expect(answer.res.status, what).toBe(400);
      expect(text(answer.html), what).toContain(message);
      // the message sits at the field, wired to it
      expect(answer.html, what).toMatch(/aria-invalid="true"[^>]*aria-describedby="[^"]*range-photo-photo-error/);
    }
    // with JavaScript the form posts to the route's ".data" path: the same limit, not the forms' 64 KiB
    const page = await rudi.get(`/staff/range/${sku}`);
    const scripted = new FormData();
    scripted.set("intent", "photoAdd");
    scripted.set("photosRevision", revisionOf(page.html));
    scripted.set("csrf", csrfOf(page.html));
    scripted.set("photo", new Blob([new Uint8Array(8 * 1024 * 1024 + 10)], { type: "image/png" }), "gross.png");
    const data = await postMultipart(rudi, `/staff/range/${sku}.data`, scripted);
    expect(data.res.status).toBe(400);
    expect(data.html).toContain("photos.tooLarge");
    // no file chosen
    const form = new FormData();
    form.set("intent", "photoAdd");
    form.set("photosRevision", revisionOf(page.html));
    form.set("csrf", csrfOf(page.html));
    form.set("photo", new Blob([]), "");
    const empty = await postMultipart(rudi, `/staff/range/${sku}`, form);
    expect(empty.res.status).toBe(400);
    expect(text(empty.html)).toContain("Bitte eine Bilddatei auswählen.");
    expect(await objects()).toEqual(stored);
    expect(await photosOf(sku)).toEqual([]);
    expect(await audits(sku)).toBe(before);
    expect(await catalogueVersion()).toBe(version);
    // a body beyond the upload limit never reaches the action
    const huge = await upload(sku, new Uint8Array(17 * 1024 * 1024));
    expect(huge.res.status).toBe(413);
  });
});

describe("several photos", () => {
  it("keep their order; a second becomes the main photo, the main one is removed; one audit entry each", async () => {
    const sku = "120003";
    const red = png([220, 40, 40]);
    const green = png([40, 180, 60]);
    const blue = png([40, 60, 220]);
    const files = [];
    for (const bytes of [red, green, blue]) {
      expect((await upload(sku, bytes)).res.status).toBe(302);
      files.push(`${await sha256(bytes)}.png`);
    }
    expect(await photosOf(sku)).toEqual(files);
    expect(await mainOf(sku)).toBe(files[0]);
    // the same photo again: refused at the field
    const twice = await upload(sku, green);
    expect(twice.res.status).toBe(400);
    expect(text(twice.html)).toContain("Dieses Foto hat der Artikel schon.");

    const before = await audits(sku);
    const version = await catalogueVersion();
    expect((await choose(sku, "photoMain", files[2])).res.status).toBe(302);
    expect(await photosOf(sku)).toEqual([files[2], files[0], files[1]]);
    expect(await mainOf(sku)).toBe(files[2]);
    expect(await audits(sku)).toBe(before + 1);
    expect(await catalogueVersion()).toBe(version + 1);
    const entry = await one<{ before_json: string; after_json: string; staff_id: number }>(
      "SELECT before_json, after_json, staff_id FROM audit_entry WHERE subject = ? ORDER BY id DESC LIMIT 1",
      sku,
    );
    expect(JSON.parse(entry.before_json)).toEqual({ main: files[0] });
    expect(JSON.parse(entry.after_json)).toEqual({ main: files[2] });

    // the shop's product page: the main photo large, the others as thumbnails linking to their large images
    const product = (await new Browser(shop).get(`/catalog/product/${sku}`)).html;
    expect(product).toContain(`src="/images/photos/${files[2]}?w=480"`);
    expect(product).toContain(`href="/images/photos/${files[0]}?w=1024"`);
    expect(product).toContain(`href="/images/photos/${files[1]}?w=1024"`);
    expect(product).toContain("Produktbild 2 von 3:");

    expect((await choose(sku, "photoRemove", files[2])).res.status).toBe(302);
    expect(await photosOf(sku)).toEqual([files[0], files[1]]);
    expect(await mainOf(sku)).toBe(files[0]);
    expect(await audits(sku)).toBe(before + 2);
    const positions = await shop.db
      .prepare("SELECT position FROM product_photo WHERE sku = ? ORDER BY position")
      .bind(sku)
      .all<{ position: number }>();
    expect(positions.results.map((r) => r.position)).toEqual([0, 1]);

    for (const file of [files[0], files[1]]) expect((await choose(sku, "photoRemove", file)).res.status).toBe(302);
    expect(await photosOf(sku)).toEqual([]);
    expect(await mainOf(sku)).toBeNull();
    expect((await new Browser(shop).get(`/catalog/product/${sku}`)).html).toContain(`/images/products/${sku}.svg`);
  });

  it("a stale form or a double click changes nothing twice", async () => {
    const sku = "120004";
    const first = png([90, 90, 20]);
    const stalePage = await rudi.get(`/staff/range/${sku}`);
    expect((await upload(sku, first)).res.status).toBe(302);
    const file = `${await sha256(first)}.png`;
    const before = await audits(sku);
    // an upload from the page as it was before
    const stale = await upload(sku, png([20, 90, 90]), { page: stalePage });
    expect(stale.res.status).toBe(409);
    expect(text(stale.html)).toContain("Der Artikel wurde inzwischen geändert");
    // two clicks on "remove" from the same page: one removes, the other is refused
    const page = await rudi.get(`/staff/range/${sku}`);
    const answers = await Promise.all([choose(sku, "photoRemove", file, page), choose(sku, "photoRemove", file, page)]);
    expect(answers.map((a) => a.res.status).sort()).toEqual([302, 409]);
    expect(await audits(sku)).toBe(before + 1);
    expect(await photosOf(sku)).toEqual([]);
    // two uploads of different photos from the same page at once: one is taken
    const again = await rudi.get(`/staff/range/${sku}`);
    const uploads = await Promise.all([
      upload(sku, png([1, 2, 3]), { page: again }),
      upload(sku, png([3, 2, 1]), { page: again }),
    ]);
    expect(uploads.map((a) => a.res.status).sort()).toEqual([302, 409]);
    expect(await photosOf(sku)).toHaveLength(1);
    expect(await audits(sku)).toBe(before + 2);
  });
});

describe("who may upload", () => {
  it("without the CSRF token or in another role: refused, nothing stored", async () => {
    const sku = "120005";
    const stored = await objects();
    const bytes = png([123, 45, 67]);
    const forged = await upload(sku, bytes, { csrf: "forged" });
    expect(forged.res.status).toBe(403);
    const mia = await staffBrowser(shop, "mia");
    const page = await rudi.get(`/staff/range/${sku}`);
    const other = await upload(sku, bytes, { browser: mia, page });
    expect(other.res.status).toBe(403);
    const visitor = await upload(sku, bytes, { browser: new Browser(shop), page });
    expect([302, 403]).toContain(visitor.res.status);
    expect(await photosOf(sku)).toEqual([]);
    expect(await objects()).toEqual(stored);
  });
});

describe("when the bucket does not answer", () => {
  // the shop with a bucket whose writes fail (a wrapper around the unchanged build)
  const FAILING_BUCKET = `
import shop from "./index.js";
export default {
  ...shop,
  fetch(request, env, ctx) {
    const bucket = { head: async () => null, put: async () => { throw new Error("R2 unavailable"); }, get: (k) => env.PHOTOS.get(k) };
    return shop.fetch(request, { ...env, PHOTOS: bucket }, ctx);
  },
};`;

  it("the upload says to try again, nothing is recorded, no 500", async () => {
    const failing = await startShop({ wrapper: FAILING_BUCKET, logs: () => {} });
    try {
      const staff = await staffBrowser(failing, "rudi");
      const sku = "120006";
      const page = await staff.get(`/staff/range/${sku}`);
      const form = new FormData();
      form.set("intent", "photoAdd");
      form.set("photosRevision", revisionOf(page.html));
      form.set("csrf", csrfOf(page.html));
      form.set("photo", new Blob([png([9, 99, 199]) as Uint8Array<ArrayBuffer>], { type: "image/png" }), "f.png");
      const encoded = new Request("http://encode/", { method: "POST", body: form });
      const answer = await staff.request(`/staff/range/${sku}`, {
        method: "POST",
        body: await encoded.arrayBuffer(),
        headers: { Origin: failing.origin, "Content-Type": encoded.headers.get("Content-Type")! },
      });
      expect(answer.res.status).toBe(409);
      expect(text(answer.html)).toContain("Das Foto konnte gerade nicht gespeichert werden.");
      const rows = await failing.db
        .prepare("SELECT count(*) AS n FROM product_photo WHERE sku = ?")
        .bind(sku)
        .first<{ n: number }>();
      expect(rows!.n).toBe(0);
    } finally {
      await failing.dispose();
    }
  });
});
