import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BALANCE_ENTRY_TYPES,
  BALANCE_FILTERS,
  HISTORY_MAX_LIMIT,
  HISTORY_PAGE_SIZE,
  formatBalanceAmount,
  historyPaging,
  historySearch,
  parseBalanceFilter,
  parseHistoryLimit,
  typesOfFilter,
} from "~/domain/balance/history";
import balanceTexts from "../../locales/de/balance.json";

const NBSP = "\u00a0";

describe("the history filter", () => {
  it.each([
    ["surveys", "surveys"],
    ["purchases", "purchases"],
    ["all", "all"],
    [null, "all"],
    ["", "all"],
    ["Surveys", "all"],
    ["open", "all"],
    ["surveys ", "all"],
    ["<script>", "all"],
  ])("%j is read as %s", (value, filter) => expect(parseBalanceFilter(value)).toBe(filter));

  it("any other text is 'all', never an error", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        fc.pre(!["all", "surveys", "purchases"].includes(value));
        expect(parseBalanceFilter(value)).toBe("all");
      }),
    );
  });

  // The types each tab lists, written down from the product's rules: surveys are type 4; purchases
  // are the balance used online (2) and in the store (10) and what a cancelled order gave back (5).
  const SHOWN: Record<string, number[]> = {
    all: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    surveys: [4],
    purchases: [2, 5, 10],
  };

  it.each(BALANCE_FILTERS.map((f) => [f]))("%s shows exactly its types", (filter) => {
    const types = typesOfFilter(filter);
    const shown = BALANCE_ENTRY_TYPES.filter((type) => types === null || types.includes(type));
    expect([...shown]).toEqual(SHOWN[filter]);
  });

  it("the tabs are all, surveys, purchases, in this order", () => {
    expect([...BALANCE_FILTERS]).toEqual(["all", "surveys", "purchases"]);
  });
});

describe("the history limit", () => {
  it.each([
    [null, 10],
    ["", 10],
    ["10", 10],
    ["20", 20],
    ["15", 15],
    ["500", 500],
    ["501", 500],
    ["99999999999999999999999", 500],
    ["0", 10],
    ["3", 10],
    ["-20", 10],
    ["abc", 10],
    ["20abc", 10],
    ["2e2", 10],
    ["20.5", 10],
    [" 20", 10],
    ["0x20", 10],
  ])("%j is read as %i", (value, limit) => expect(parseHistoryLimit(value)).toBe(limit));

  it("is always a whole number between a page and 500", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer().map(String), fc.double().map(String)), (value) => {
        const limit = parseHistoryLimit(value);
        expect(Number.isInteger(limit)).toBe(true);
        expect(limit).toBeGreaterThanOrEqual(10);
        expect(limit).toBeLessThanOrEqual(500);
      }),
    );
  });

  it("the constants are the page size 10 and the maximum 500", () => {
    expect([HISTORY_PAGE_SIZE, HISTORY_MAX_LIMIT]).toEqual([10, 500]);
  });
});

describe("showing more and less", () => {
  it.each([
    // limit, entries shown, more exist → where "Mehr anzeigen" leads, "Weniger anzeigen" shown
    [10, 10, true, 20, false],
    [10, 10, false, null, false],
    [10, 4, false, null, false],
    [20, 20, true, 30, true],
    [20, 12, false, null, true],
    [20, 8, false, null, false],
    [495, 495, true, 500, true],
    [500, 500, true, null, true],
  ] as const)("limit %i, %i shown, more: %s → more %s, less %s", (limit, shown, hasMore, more, less) => {
    expect(historyPaging(limit, shown, hasMore)).toEqual({ moreLimit: more, less });
  });

  it.each([
    ["all", 10, "?"],
    ["all", 20, "?limit=20"],
    ["surveys", 10, "?filter=surveys"],
    ["purchases", 30, "?filter=purchases&limit=30"],
  ] as const)("the %s view of %i entries is %s", (filter, limit, search) => {
    expect(historySearch(filter, limit)).toBe(search);
  });
});

describe("amounts in the history", () => {
  it.each([
    [1500, `+15,00${NBSP}€`],
    [5, `+0,05${NBSP}€`],
    [123456, `+1.234,56${NBSP}€`],
    [-500, `−5,00${NBSP}€`],
    [-1, `−0,01${NBSP}€`],
  ])("%i cents is written %s", (cents, text) => expect(formatBalanceAmount(cents)).toBe(text));

  it("a credit starts with a plus, a use with the typographic minus, never a hyphen", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }).filter((c) => c !== 0),
        (cents) => {
          const text = formatBalanceAmount(cents);
          expect(text[0]).toBe(cents > 0 ? "+" : "\u2212");
          expect(text).not.toContain("-");
          const euros = Math.floor(Math.abs(cents) / 100);
          expect(text.replace(/\./g, "")).toContain(`${euros},${String(Math.abs(cents) % 100).padStart(2, "0")}`);
        },
      ),
    );
  });
});

describe("entry type labels", () => {
  const labels: Record<string, string> = balanceTexts.type;

  it("every type 1 to 10 has a German label, and no other type has one", () => {
    expect([...BALANCE_ENTRY_TYPES]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(Object.keys(labels).sort((a, b) => Number(a) - Number(b))).toEqual(
      BALANCE_ENTRY_TYPES.map((type) => String(type)),
    );
    for (const type of BALANCE_ENTRY_TYPES) expect(labels[String(type)], `type ${type}`).toMatch(/^\p{Lu}/u);
  });

  it("the two uses in a purchase are told apart: online and in the store", () => {
    expect(labels["2"]).toBe("Einkauf online");
    expect(labels["10"]).toBe("Einkauf im Markt");
    expect(new Set(Object.values(labels)).size).toBe(10);
  });
});
