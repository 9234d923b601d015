import { describe, expect, it } from "vitest";
import { categoryPath, buildCategoryTree } from "~/domain/catalog/category";
import { badgesOf, labelsOf, toProductSummary, type ProductSummaryRow } from "~/domain/catalog/product";
import { escapeXml, inlinePackshot, packShapeDefs, packshotSvg, wrapWords } from "~/domain/catalog/packshot";
import { formatGermanDate, formatGermanDayWithYear } from "~/domain/content/date";
import { isExternal, redirectKey, withoutLocalePrefix } from "~/domain/content/redirect";
import { safeRedirectPath } from "~/platform/redirect";
import { groupWeekdays } from "~/domain/store/store";

const row = (over: Partial<ProductSummaryRow> = {}): ProductSummaryRow => ({
  sku: "1",
  name: "Milch",
  brand: "B",
  price_cents: 100,
  regular_price_cents: null,
  lowest_price_30d_cents: null,
  deposit_cents: 0,
  net_quantity: 1,
  unit: "l",
  pack_count: 1,
  stock_managed: 1,
  stock_qty: 5,
  min_age: 0,
  is_new: 0,
  is_limited: 0,
  is_pioneer: 0,
  is_organic: 0,
  is_demeter: 0,
  is_vegan: 0,
  is_vegetarian: 0,
  photo: null,
  is_halal: 0,
  is_gluten_free: 0,
  is_lactose_free: 0,
  is_chilled: 0,
  published: 1,
  packshot: "bottle",
  category_id: "milch",
  ...over,
});

describe("badges and labels", () => {
  it("derives the product badges", () => {
    expect(badgesOf(row({ stock_qty: 0, regular_price_cents: 120, is_new: 1, is_limited: 1, is_pioneer: 1 }))).toEqual([
      "soldOut",
      "sale",
      "new",
      "lastChance",
      "pioneer",
    ]);
    expect(badgesOf(row({ stock_managed: 0, stock_qty: 0 }))).toEqual([]);
    // a withdrawn product still in a cart can no longer be bought, managed stock or not
    expect(badgesOf(row({ stock_managed: 0, published: 0 }))).toEqual(["soldOut"]);
    expect(toProductSummary(row({ published: 0 })).inStock).toBe(false);
  });
  it("shows vegetarian only when not vegan", () => {
    expect(labelsOf(row({ is_vegan: 1, is_vegetarian: 1 }))).toEqual(["vegan"]);
    expect(labelsOf(row({ is_vegetarian: 1, is_chilled: 1 }))).toEqual(["vegetarian", "chilled"]);
  });
  it("drops a reference price that is no reduction", () => {
    expect(
      toProductSummary(row({ regular_price_cents: 90, lowest_price_30d_cents: 90 })).lowestPrice30dCents,
    ).toBeNull();
  });
});

describe("category path", () => {
  const tree = buildCategoryTree([
    { id: "startseite", parent_id: null, name: "Startseite", depth: 0, tile_color: "#000000" },
    { id: "kaese", parent_id: "startseite", name: "Käse", depth: 1, tile_color: "#000000" },
    { id: "weichkaese", parent_id: "kaese", name: "Weichkäse", depth: 2, tile_color: "#000000" },
  ]);
  it("excludes the root 'Startseite'", () => {
    expect(categoryPath(tree, "weichkaese")).toEqual([
      { id: "kaese", name: "Käse" },
      { id: "weichkaese", name: "Weichkäse" },
    ]);
    expect(categoryPath(tree, "startseite")).toEqual([]);
  });
});

describe("routing rules", () => {
  it("drops the locale prefix", () => {
    expect(withoutLocalePrefix("/de/catalog/category/kaese", "?a=1")).toBe("/catalog/category/kaese?a=1");
    expect(withoutLocalePrefix("/de", "")).toBe("/");
    expect(withoutLocalePrefix("/deals", "")).toBeNull();
  });
  it("normalises lookup keys and tells external targets", () => {
    expect(redirectKey("/Filialen/")).toBe("/filialen");
    expect(isExternal("https://x.example/")).toBe(true);
    expect(isExternal("/content/map")).toBe(false);
  });
  it("refuses open redirects", () => {
    expect(safeRedirectPath("/cart")).toBe("/cart");
    expect(safeRedirectPath("//evil.example")).toBe("/");
    expect(safeRedirectPath("https://evil.example")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/");
  });
});

describe("German formats", () => {
  it("dates as 21.11.2026", () => {
    expect(formatGermanDate("2026-11-21")).toBe("21.11.2026");
    expect(formatGermanDate("2026-03-29T23:30:00Z")).toBe("30.03.2026");
    // pickup slots are named with this day
    expect(formatGermanDayWithYear("2026-11-23")).toBe("Mo., 23.11.2026");
  });
  it("groups opening hours by weekday", () => {
    const day: [string, string][] = [["08:00", "20:00"]];
    expect(groupWeekdays([day, day, day, day, day, [["08:00", "14:00"]], []])).toEqual([
      { from: 0, to: 4, hours: "08:00–20:00" },
      { from: 5, to: 5, hours: "08:00–14:00" },
      { from: 6, to: 6, hours: null },
    ]);
  });
});

describe("packshot", () => {
  it("escapes product text and wraps long names", () => {
    expect(escapeXml(`<a & "b">`)).toBe("&#60;a &#38; &#34;b&#34;&#62;");
    expect(wrapWords("Sehr lange Produktbezeichnung mit vielen Wörtern darin", 12, 3)).toHaveLength(3);
    const svg = packshotSvg({ name: "Käse <script>", brand: "X", shape: "unknown", color: "bad", organic: true });
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("BIO");
  });

  it("draws the same pack as a file and inside a page, where the shapes are defined once", () => {
    const pack = { name: "Frische Vollmilch", brand: "Hof", shape: "carton", color: "#3f7fb5", organic: true };
    const file = packshotSvg(pack);
    const inline = inlinePackshot(pack);
    const defs = packShapeDefs(["carton"], true);
    expect(file).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" [^>]*role="img" aria-label="Frische Vollmilch"/);
    // in a page: no namespace needed, hidden like the tile's alt="" picture, in the pack's colour,
    // no style element that would style the whole document
    expect(inline).toMatch(/^<svg viewBox="0 0 512 512" aria-hidden="true" focusable="false" color="#3f7fb5">/);
    for (const svg of [file, inline, defs]) expect(svg).not.toContain("<style");
    // the tile uses the page's shape and seal, and says the same in the same places
    expect(inline).toContain('<use href="#pack-carton"/>');
    expect(inline).toContain('<use href="#pack-organic"/>');
    const texts = (svg: string) => svg.match(/<text x[^>]*y="\d+"|>[^<]+</g)?.filter((t) => t !== ">BIO<");
    expect(texts(inline)).toEqual(texts(file)?.filter((t) => !t.includes('y="101"')));
    // the shape's outlines are the file's, drawn in the pack's colour; its darker parts once more in
    // black at 30 % (the file's 70 % of the colour)
    const outlines = (svg: string) =>
      svg.match(/<(path|ellipse|rect x)[^>]*>/g)?.map((e) => e.replace(/ fill="[^"]*"/, ""));
    expect(new Set(outlines(defs))).toEqual(new Set(outlines(file)));
    expect(file).toContain('<path d="M206 80h100l-10-24h-80z" fill="#2c597f"/>');
    expect(defs).toContain(
      '<g fill-opacity=".3" stroke-opacity=".3"><path d="M206 80h100l-10-24h-80z" fill="#000"/></g>',
    );
    expect(defs).toContain('<text x="420" y="101" font-size="26" font-weight="700" fill="#fff">BIO</text>');
    expect(file).toContain('<text x="420" y="101" font-size="26" font-weight="700" fill="#fff">BIO</text>');
    // a shape the drawing does not know is a plain pack; a page without drawn packs defines nothing
    expect(inlinePackshot({ ...pack, shape: "unknown" })).toContain('<use href="#pack-pack"/>');
    expect(packShapeDefs([], false)).toBe("");
  });
});
