import { describe, expect, it } from "vitest";
import { parseProductFilter } from "~/domain/catalog/filter-params.server";
import { activeFilterCount, productFilterParams } from "~/domain/catalog/filters";
import { searchMatch, searchTerms } from "~/domain/catalog/search";

const parse = (query: string) => parseProductFilter(new URLSearchParams(query));

describe("parseProductFilter", () => {
  it("has sensible defaults", () => {
    expect(parse("")).toEqual({
      price: { min: null, max: null },
      sugar: { min: null, max: null },
      fat: { min: null, max: null },
      brands: [],
      categories: [],
      flavoringIngredients: [],
      allergens: [],
      flags: [],
      sort: "recommendation",
      page: 1,
    });
  });

  it("reads ranges in euro (comma or dot) and grams", () => {
    const f = parse("priceMin=1,50&priceMax=4.99&sugarMax=5&fatMin=0,5");
    expect(f.price).toEqual({ min: 150, max: 499 });
    expect(f.sugar).toEqual({ min: null, max: 5 });
    expect(f.fat).toEqual({ min: 0.5, max: null });
  });

  it("swaps a reversed range", () => {
    expect(parse("priceMin=5&priceMax=1").price).toEqual({ min: 100, max: 500 });
  });

  it("drops nonsense instead of failing", () => {
    const f = parse(
      "priceMin=-5&priceMax=abc&sugarMax=1e308&fatMin=NaN&page=-2&sort=evil&allergens=plutonium&vegan=maybe",
    );
    expect(f.price).toEqual({ min: null, max: null });
    expect(f.sugar.max).toBeNull();
    expect(f.fat.min).toBeNull();
    expect(f.page).toBe(1);
    expect(f.sort).toBe("recommendation");
    expect(f.allergens).toEqual([]);
    expect(f.flags).toEqual([]);
  });

  it("caps pages and the number of facet values (D1 binds at most 100 parameters)", () => {
    expect(parse("page=999999").page).toBe(200);
    const many = Array.from({ length: 100 }, (_, i) => `brands=b${i}`).join("&");
    expect(parse(many).brands.length).toBe(15);
    expect(parse(`brands=${"x".repeat(81)}`).brands).toEqual([]);
  });

  it("reads facets, de-duplicated, and the product flags", () => {
    const f = parse(
      "brands=A&brands=A&brands=B&allergens=milk&allergens=gluten&glutenFree=1&lactosefree=on&bio=true&refrigerated=1&sort=price_desc&page=3",
    );
    expect(f.brands).toEqual(["A", "B"]);
    expect(f.allergens).toEqual(["milk", "gluten"]);
    expect(f.flags.sort()).toEqual(["bio", "glutenFree", "lactosefree", "refrigerated"]);
    expect(f.sort).toBe("price_desc");
    expect(f.page).toBe(3);
  });

  it("round-trips through URL parameters", () => {
    const query = "priceMin=1,5&priceMax=4,99&brands=A&brands=B&vegan=1&sort=price_asc&page=2";
    const f = parse(query);
    expect(parse(productFilterParams(f).toString())).toEqual(f);
    expect(productFilterParams(f, { page: 3 }).get("page")).toBe("3");
    expect(activeFilterCount(f)).toBe(4);
  });
});

describe("search input", () => {
  it("needs three characters per term (trigram index)", () => {
    expect(searchMatch("ei")).toBeNull();
    expect(searchMatch("  ")).toBeNull();
    expect(searchMatch("milch")).toBe('"milch"');
    expect(searchMatch("bio milch")).toBe('"bio" "milch"');
  });

  it("turns FTS syntax into plain text", () => {
    expect(searchTerms('milch" OR "x')).toEqual(["milch"]);
    expect(searchMatch("NEAR(käse brot)")).toBe('"NEAR" "käse" "brot"');
  });
});
