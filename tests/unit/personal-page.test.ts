/**
 * Filling in a signed-in shopper's values on a cached page (docs/decisions/0030): every name reads
 * back unchanged from the markup and from the hydration data, hearts follow the wishlist, and
 * nothing else on the page moves.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fillPlaceholders, isPersonalisableRequest } from "~/platform/personal-page.server";
import { storePage, withFreshNonce } from "~/platform/edge-cache.server";
import { heartPlaceholders, placeholders } from "~/platform/personal-placeholders";
import { decodeAttribute } from "../fixtures/html";
import { escapeInlineScript } from "~/platform/hydration-data.server";

const MARK = "~fk00c0ffee00c0ffee~";
const PLACEHOLDER = placeholders(MARK);

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** How the shop puts its data into the page (hydration-data.server.ts). */
const hydrationScript = (data: string) =>
  `<script type="application/json" id="page-data">${escapeInlineScript(data)}</script>`;

const turboStream = (values: Record<string, string>) => JSON.stringify([Object.entries(values).flat()]);

function page(): string {
  const heart = heartPlaceholders(MARK, "120001");
  const other = heartPlaceholders(MARK, "A-7");
  return [
    `<html><head><script nonce="n">const x = "~ not a placeholder ${MARK}Nothing~";</script></head><body>`,
    // What a URL puts on the page (a search term) never passes for a placeholder: it lacks the mark.
    `<input name="q" value="~fk~Csrf~ ~fk1234~Firstname~"/>`,
    `<a aria-label="Hallo, ${PLACEHOLDER.firstname}" href="/account">Konto</a>`,
    `<form><input type="hidden" name="csrf" value="${PLACEHOLDER.csrf}"/>`,
    `<input type="hidden" name="intent" value="${heart.intent}"/>`,
    `<button class="wish${heart.wished}" aria-pressed="${heart.pressed}">♥ 2,99 €</button></form>`,
    `<form><input type="hidden" name="csrf" value="${PLACEHOLDER.csrf}"/>`,
    `<input type="hidden" name="intent" value="${other.intent}"/>`,
    `<button class="wish${other.wished}" aria-pressed="${other.pressed}">♥</button></form>`,
    hydrationScript(
      turboStream({
        template: PLACEHOLDER.template,
        firstname: PLACEHOLDER.firstname,
        csrf: PLACEHOLDER.csrf,
        wishlist: PLACEHOLDER.wishlist,
      }),
    ),
    "</body></html>",
  ].join("");
}

const fill = (html: string, parts: Parameters<typeof fillPlaceholders>[1], body: "document" | "data" = "document") =>
  decoder.decode(fillPlaceholders(encoder.encode(html), parts, body, MARK));

function hydrationData(html: string): [string, string][] {
  const script = /id="page-data">(.*?)<\/script>/s.exec(html)?.[1] ?? "";
  const [flat] = JSON.parse(script) as [string[]];
  return flat.flatMap((v, i) => (i % 2 === 0 ? [[v, flat[i + 1]] as [string, string]] : []));
}

describe("filling in a cached page", () => {
  it("reads back any first name unchanged, from the markup and from the hydration data", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", minLength: 1 }), (firstname) => {
        const html = fill(page(), { firstname, csrf: "tok.en", wishlist: [], cartItems: "0", cartTotal: "0,00 €" });
        const label = /aria-label="([^"]*)"/.exec(html)?.[1] ?? "";
        expect(decodeAttribute(label)).toBe(`Hallo, ${firstname}`);
        expect(Object.fromEntries(hydrationData(html)).firstname).toBe(firstname);
        // The page's own structure stays: the name cannot open or close an element or a script.
        expect(html.split("<script").length).toBe(3);
        expect(html.split("</script>").length).toBe(3);
        expect(html.split("<button").length).toBe(3);
      }),
      { numRuns: 2_000 },
    );
  });

  it("sets the hearts from the wishlist and gives every form the token", () => {
    const html = fill(page(), {
      firstname: "Anna",
      csrf: "abc-123_x.y",
      wishlist: ["120001", "110001"],
      cartItems: "3",
      cartTotal: "12,34 €",
    });
    expect(html).toContain('name="intent" value="remove"/><button class="wish is-wished" aria-pressed="true">');
    expect(html).toContain('name="intent" value="add"/><button class="wish" aria-pressed="false">');
    expect(html.match(/name="csrf" value="abc-123_x.y"/g)).toHaveLength(2);
    expect(Object.fromEntries(hydrationData(html))).toEqual({
      template: "",
      firstname: "Anna",
      csrf: "abc-123_x.y",
      wishlist: "120001 110001",
    });
    expect(html).toContain("♥ 2,99 €");
    expect(html).not.toMatch(new RegExp(`${MARK}(?!Nothing)`));
    // Something that only looks like a placeholder stays as it is.
    expect(html).toContain(`"~ not a placeholder ${MARK}Nothing~"`);
    expect(html).toContain('<input name="q" value="~fk~Csrf~ ~fk1234~Firstname~"/>');
  });

  it("leaves a page without placeholders byte for byte", () => {
    const plain = `<p>Preis: 2,99 € ~ ${MARK} ${MARK}Csrf ~fk~Csrf~</p>`;
    expect(fill(plain, { firstname: "A", csrf: "t", wishlist: [], cartItems: "0", cartTotal: "0,00 €" })).toBe(plain);
  });

  it("escapes a navigation's data as JSON", () => {
    const data = turboStream({ firstname: PLACEHOLDER.firstname, wishlist: PLACEHOLDER.wishlist });
    const filled = fill(
      data,
      { firstname: 'Zoë "<Zo>"\\', csrf: "t", wishlist: ["1", "2"], cartItems: "2", cartTotal: "1,00 €" },
      "data",
    );
    expect(JSON.parse(filled)).toEqual([["firstname", 'Zoë "<Zo>"\\', "wishlist", "1 2"]]);
  });

  it("finds the placeholders again when other bytes of the same length come with a known mark", () => {
    const parts = { firstname: "Anna", csrf: "t0k", wishlist: [], cartItems: "1", cartTotal: "1,00 €" };
    // The slots of the first page are remembered under its mark; the second, as long, has them elsewhere.
    const first = `<p>${PLACEHOLDER.firstname}</p><i>${PLACEHOLDER.csrf}</i>`;
    const second = `<i>${PLACEHOLDER.csrf}</i><p>${PLACEHOLDER.firstname}</p>`;
    expect(fill(first, parts)).toBe("<p>Anna</p><i>t0k</i>");
    expect(fill(second, parts)).toBe("<i>t0k</i><p>Anna</p>");
    expect(fill(first, { ...parts, firstname: "Emil" })).toBe("<p>Emil</p><i>t0k</i>");
  });
});

describe("which requests get a cached signed-in page", () => {
  const request = (path: string, cookie = "__session=abc", method = "GET") =>
    new Request(`https://shop.test${path}`, { method, headers: { Cookie: cookie } });

  it("home, category, product and search pages and their data, for a signed-in shopper", () => {
    for (const path of [
      "/",
      "/_root.data",
      "/catalog/category/milch-eier",
      "/catalog/category/milch-eier.data?_routes=root",
      "/catalog/product/120001",
      "/catalog/product/120001.data",
      "/search/find?q=milch",
      "/search/find.data?q=milch",
    ])
      expect(isPersonalisableRequest(request(path)), path).toBe(true);
  });

  it("never a visitor, a post, a page with a notice waiting, or a page personal by nature", () => {
    expect(isPersonalisableRequest(request("/catalog/category/milch", "dark_mode=1"))).toBe(false);
    expect(isPersonalisableRequest(request("/catalog/category/milch", "__session=a", "POST"))).toBe(false);
    expect(isPersonalisableRequest(request("/catalog/category/milch", "__session=a; __flash=b"))).toBe(false);
    expect(isPersonalisableRequest(request("/catalog/category/milch", "__session=a; __flash_mj1k2p3q0abc=b"))).toBe(
      false,
    );
    for (const path of [
      "/cart",
      "/checkout",
      "/account",
      "/account/wishlist",
      "/search/suggest?q=milch",
      "/content/map",
    ])
      expect(isPersonalisableRequest(request(path)), path).toBe(false);
  });
});

describe("a cached page's nonce", () => {
  const old = "AAAAAAAAAAAAAAAAAAAAAA==";
  const fresh = "b2K9dGhpc2lzbmV3bm9uY2U=";

  /** What the edge cache keeps of a page rendered with `old`. */
  async function stored(html: string): Promise<Response> {
    let kept: Response | undefined;
    const put = async (_key: Request, page: Response) => {
      kept = page;
    };
    const cache = { put } as unknown as Cache;
    const page = new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    await storePage(cache, new Request("https://shop.test/"), page, old);
    if (!kept) throw new Error("nothing stored");
    return kept;
  }

  it("is renewed wherever the page carried it when stored, and nothing else changes", async () => {
    const html = `<link rel="modulepreload" nonce="${old}" href="/a.js"><p>Äpfel nonce="x" AAAA</p><script nonce="${old}">go()</script><script nonce="${old}"></script>`;
    const cached = await stored(html);
    expect(cached.headers.get("X-Nonce-Offsets")?.split(",")).toHaveLength(3);
    const hit = await withFreshNonce(cached, fresh, false, {});
    expect(await hit.text()).toBe(html.replaceAll(old, fresh));
    expect(hit.headers.get("X-Nonce-Offsets")).toBeNull();
    expect(hit.headers.get("X-Edge-Cache")).toBe("HIT");
  });

  it("leaves a page without scripts as it is", async () => {
    const html = "<p>Impressum</p>";
    const hit = await withFreshNonce(await stored(html), fresh, false, {});
    expect(await hit.text()).toBe(html);
  });
});

describe("a cached page stored without its nonce offsets", () => {
  it("still gets the fresh nonce wherever the old one stood", async () => {
    const old = "AAAAAAAAAAAAAAAAAAAAAA==";
    const fresh = "b2K9dGhpc2lzbmV3bm9uY2U=";
    const html = `<script nonce="${old}">a()</script><p>AAAA</p><link nonce="${old}">`;
    const cached = new Response(html, { headers: { "Content-Type": "text/html" } });
    const hit = await withFreshNonce(cached, fresh, false, {});
    expect(await hit.text()).toBe(html.replaceAll(old, fresh));
  });
});
