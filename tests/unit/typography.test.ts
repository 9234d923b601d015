import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keepUnitsWithNumbers } from "~/domain/catalog/quantity";
import { formatEuro } from "~/domain/money/format";
import { formatPermille } from "~/domain/share/share";

const LOCALES = path.resolve(import.meta.dirname, "../../locales/de");

/** Every text of a namespace with its key, nested keys joined by dots. */
function texts(value: unknown, key = ""): [string, string][] {
  if (typeof value === "string") return [[key, value]];
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => texts(v, key ? `${key}.${k}` : k));
  return [];
}

/** A number (or a placeholder for one) and its unit with an ordinary, breakable space between them. */
const BREAKABLE = /(\d|\}\}) (%|€|Stück|kg|g|l|ml)(?![\p{L}\d])/u;

describe("numbers and their units stay on one line", () => {
  it("money, percentages and product names put a no-break space before the unit", () => {
    expect(formatEuro(399)).toBe("3,99\u00a0€");
    expect(formatPermille(31)).toBe("3,1\u00a0%");
    expect(keepUnitsWithNumbers("Fettarme H-Milch 1,5 %")).toBe("Fettarme H-Milch 1,5\u00a0%");
  });

  it.each(readdirSync(LOCALES).filter((f) => f.endsWith(".json")))("every text of %s", (file) => {
    const breakable = texts(JSON.parse(readFileSync(path.join(LOCALES, file), "utf8"))).filter(([, text]) =>
      BREAKABLE.test(text),
    );
    expect(breakable).toEqual([]);
  });
});
