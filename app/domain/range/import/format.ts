/**
 * The range's file format (issue 33 §1, docs/range-import.md): one column per product field the
 * shop shows, with German headers, as CSV (`;`, decimal commas) and as JSON (an array of objects
 * with the same keys). Import and export read and write cells through the same columns, so an
 * exported file imports back unchanged. The headers and the words inside cells ("ja", "Stück",
 * "Milch", "Bio") are the file's vocabulary, a contract like an API's field names, so they live
 * here with their parsers; the page's messages about them are locale keys (staffRange `import.*`).
 */
import { ALLERGENS } from "~/domain/catalog/filters";
import { parseEuroToCents } from "~/domain/money/format";
import { SKU_PATTERN } from "../range";
import {
  MAX_PRICE_CENTS,
  NUTRITION_FIELDS,
  type NutritionField,
  PRODUCT_FLAGS,
  type ProductFlag,
  germanNumber,
} from "../schema";

/** A product as a file row says it, every field normalised, so two records compare by value. */
export interface ProductRecord {
  sku: string;
  name: string;
  brand: string;
  description: string;
  categoryId: string;
  supplierId: string | null;
  ingredients: string | null;
  allergens: string[];
  flavorings: string[];
  nutrition: Record<NutritionField, number | null>;
  netQuantity: number;
  unit: Unit;
  packCount: number;
  priceCents: number;
  reduction: boolean;
  depositCents: number;
  taxRate: 7 | 19;
  flags: ProductFlag[];
  minAge: 0 | 16 | 18;
  alcoholPercent: number | null;
  storageHint: string | null;
  originCountry: string | null;
  /** null: the shop does not count this product's stock (never sold out) */
  stock: number | null;
  published: boolean;
}

export type Unit = "g" | "kg" | "ml" | "l" | "piece";

/** What a row's check needs to know of the shop: its categories and suppliers. */
export interface FormatContext {
  /** category id → its path of names below the root ("Molkerei > Milch") */
  categories: Map<string, string>;
  supplierIds: Set<string>;
}

/** One finding: a locale key of staffRange `import.error.*` and its values. */
export interface CellProblem {
  key: string;
  params?: Record<string, string | number>;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; problem: CellProblem };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = (key: string, params?: Record<string, string | number>): Parsed<never> => ({
  ok: false,
  problem: { key, params },
});

export const MAX_TEXT = {
  name: 200,
  brand: 100,
  description: 4000,
  ingredients: 4000,
  storageHint: 500,
  originCountry: 100,
};
export const MAX_STOCK = 1_000_000;
export const MAX_DEPOSIT_CENTS = 10_000;

/** The German names of the 14 LMIV allergens as the file writes them (keys are accepted too). */
export const ALLERGEN_NAMES: Record<(typeof ALLERGENS)[number], string> = {
  gluten: "Gluten",
  crustaceans: "Krebstiere",
  eggs: "Eier",
  fish: "Fisch",
  peanuts: "Erdnüsse",
  soy: "Soja",
  milk: "Milch",
  nuts: "Schalenfrüchte",
  celery: "Sellerie",
  mustard: "Senf",
  sesame: "Sesam",
  sulphites: "Sulfite",
  lupin: "Lupinen",
  molluscs: "Weichtiere",
};

export const FLAG_NAMES: Record<ProductFlag, string> = {
  is_organic: "Bio",
  is_demeter: "Demeter",
  is_vegan: "vegan",
  is_vegetarian: "vegetarisch",
  is_halal: "halal",
  is_gluten_free: "glutenfrei",
  is_lactose_free: "laktosefrei",
  is_chilled: "gekühlt",
  is_new: "neu",
  is_limited: "limitiert",
  is_pioneer: "Pionier",
};

export const UNIT_NAMES: Record<Unit, string> = { g: "g", kg: "kg", ml: "ml", l: "l", piece: "Stück" };

export const NUTRITION_HEADERS: Record<NutritionField, string> = {
  energy_kj: "Brennwert kJ",
  energy_kcal: "Brennwert kcal",
  fat: "Fett",
  saturated_fat: "gesättigte Fettsäuren",
  unsaturated_fat: "einfach ungesättigte Fettsäuren",
  polyunsaturated_fat: "mehrfach ungesättigte Fettsäuren",
  carbohydrates: "Kohlenhydrate",
  sugar: "Zucker",
  protein: "Eiweiß",
  salt: "Salz",
};

/** Lists inside a cell ("Milch, Gluten") are separated by commas. */
const splitList = (cell: string) =>
  cell
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** A decimal as the file writes it: "3,8", never "3.8" (a spreadsheet would read a date or thousands). */
export const germanDecimal = (n: number) => String(n).replace(".", ",");

const euro = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

function text(max: number, required: boolean): (cell: string) => Parsed<string | null> {
  return (cell) => {
    if (!cell) return required ? bad("required") : ok(null);
    if (cell.length > max) return bad("tooLong", { max });
    return ok(cell);
  };
}

function decimal(cell: string, max: number): Parsed<number | null> {
  if (!cell) return ok(null);
  const n = germanNumber(cell);
  if (n === null || Number.isNaN(n) || n > max) return bad("number", { value: cell });
  return ok(n);
}

function yesNo(cell: string, empty: boolean | null): Parsed<boolean> {
  const v = cell.toLowerCase();
  if (v === "ja") return ok(true);
  if (v === "nein") return ok(false);
  if (!v) return empty === null ? bad("required") : ok(empty);
  return bad("yesNo", { value: cell });
}

export interface Column {
  header: string;
  /** The cell into the record's field(s); the record is built column by column. */
  read: (cell: string, into: Partial<ProductRecord>, context: FormatContext) => CellProblem | null;
  write: (record: ProductRecord) => string;
  /** Cells that hold a number (no formula neutralising needed: they never start with "=" etc.) */
  numeric?: boolean;
}

function field<K extends keyof ProductRecord>(
  header: string,
  key: K,
  parse: (cell: string, context: FormatContext) => Parsed<ProductRecord[K]>,
  write: (value: ProductRecord[K]) => string,
  numeric = false,
): Column {
  return {
    header,
    numeric,
    read: (cell, into, context) => {
      const parsed = parse(cell, context);
      if (!parsed.ok) return parsed.problem;
      into[key] = parsed.value;
      return null;
    },
    write: (record) => write(record[key]),
  };
}

const orEmpty = (v: string | null) => v ?? "";

/** The columns in the order the export writes them; an import takes them in any order. */
export const COLUMNS: Column[] = [
  field(
    "SKU",
    "sku",
    (cell) => (!cell ? bad("required") : SKU_PATTERN.test(cell) ? ok(cell) : bad("sku", { value: cell })),
    (v) => v,
  ),
  field(
    "Name",
    "name",
    (c) => text(MAX_TEXT.name, true)(c) as Parsed<string>,
    (v) => v,
  ),
  field(
    "Marke",
    "brand",
    (c) => text(MAX_TEXT.brand, true)(c) as Parsed<string>,
    (v) => v,
  ),
  field(
    "Beschreibung",
    "description",
    (c) => {
      const parsed = text(MAX_TEXT.description, false)(c);
      return parsed.ok ? ok(parsed.value ?? "") : parsed;
    },
    (v) => v,
  ),
  field(
    "Kategorie",
    "categoryId",
    (cell, { categories }) => {
      if (!cell) return bad("required");
      if (categories.has(cell)) return ok(cell);
      const wanted = cell.toLowerCase().replace(/\s*[>›/]\s*/g, " > ");
      for (const [id, path] of categories) if (path.toLowerCase() === wanted) return ok(id);
      return bad("category", { value: cell });
    },
    (v) => v,
  ),
  field(
    "Lieferant",
    "supplierId",
    (cell, { supplierIds }) => (!cell ? ok(null) : supplierIds.has(cell) ? ok(cell) : bad("supplier", { value: cell })),
    orEmpty,
  ),
  field("Zutaten", "ingredients", text(MAX_TEXT.ingredients, false), orEmpty),
  field(
    "Allergene",
    "allergens",
    (cell) => {
      const keys: string[] = [];
      for (const item of splitList(cell)) {
        const key = ALLERGENS.find(
          (a) => a === item.toLowerCase() || ALLERGEN_NAMES[a].toLowerCase() === item.toLowerCase(),
        );
        if (!key) return bad("allergen", { value: item });
        keys.push(key);
      }
      return ok(ALLERGENS.filter((a) => keys.includes(a)));
    },
    (v) => v.map((a) => ALLERGEN_NAMES[a as (typeof ALLERGENS)[number]]).join(", "),
  ),
  field(
    "Aromen",
    "flavorings",
    (cell) => {
      const items = splitList(cell);
      if (items.some((i) => i.length > 100)) return bad("tooLong", { max: 100 });
      return ok([...new Set(items)].sort());
    },
    (v) => v.join(", "),
  ),
  ...NUTRITION_FIELDS.map((key) => ({
    header: NUTRITION_HEADERS[key],
    numeric: true,
    read: (cell: string, into: Partial<ProductRecord>) => {
      const parsed = decimal(cell, 100_000);
      if (!parsed.ok) return parsed.problem;
      into.nutrition = { ...(into.nutrition as ProductRecord["nutrition"]), [key]: parsed.value };
      return null;
    },
    write: (r: ProductRecord) => (r.nutrition[key] === null ? "" : germanDecimal(r.nutrition[key] as number)),
  })),
  field(
    "Nettoinhalt",
    "netQuantity",
    (cell) => {
      const parsed = decimal(cell, 100_000);
      if (!parsed.ok) return parsed;
      return parsed.value === null
        ? bad("required")
        : parsed.value > 0
          ? ok(parsed.value)
          : bad("number", { value: cell });
    },
    germanDecimal,
    true,
  ),
  field(
    "Einheit",
    "unit",
    (cell) => {
      const unit = (Object.keys(UNIT_NAMES) as Unit[]).find(
        (u) => u === cell.toLowerCase() || UNIT_NAMES[u].toLowerCase() === cell.toLowerCase(),
      );
      return unit ? ok(unit) : bad(cell ? "unit" : "required", { value: cell });
    },
    (v) => UNIT_NAMES[v],
  ),
  field(
    "Packungsanzahl",
    "packCount",
    (cell) =>
      !cell
        ? ok(1)
        : /^\d{1,3}$/.test(cell) && +cell >= 1 && +cell <= 100
          ? ok(+cell)
          : bad("packCount", { value: cell }),
    String,
    true,
  ),
  field(
    "Preis",
    "priceCents",
    (cell) => {
      if (!cell) return bad("required");
      const cents = parseEuroToCents(cell);
      if (cents === null || cents <= 0) return bad("amount", { value: cell });
      return cents > MAX_PRICE_CENTS ? bad("priceTooHigh", { value: cell }) : ok(cents);
    },
    euro,
    true,
  ),
  field(
    "Ermäßigung",
    "reduction",
    (cell) => yesNo(cell, false),
    (v) => (v ? "ja" : "nein"),
  ),
  field(
    "Pfand",
    "depositCents",
    (cell) => {
      if (!cell) return ok(0);
      const cents = parseEuroToCents(cell);
      return cents === null || cents > MAX_DEPOSIT_CENTS ? bad("amount", { value: cell }) : ok(cents);
    },
    euro,
    true,
  ),
  field(
    "MwSt",
    "taxRate",
    (cell) => {
      const rate = cell.replace(/\s*%$/, "");
      return rate === "7" || rate === "19"
        ? ok(Number(rate) as 7 | 19)
        : bad(cell ? "taxRate" : "required", { value: cell });
    },
    String,
    true,
  ),
  field(
    "Kennzeichen",
    "flags",
    (cell) => {
      const flags: ProductFlag[] = [];
      for (const item of splitList(cell)) {
        const flag = PRODUCT_FLAGS.find((f) => FLAG_NAMES[f].toLowerCase() === item.toLowerCase());
        if (!flag) return bad("flag", { value: item });
        flags.push(flag);
      }
      return ok(PRODUCT_FLAGS.filter((f) => flags.includes(f)));
    },
    (v) => v.map((f) => FLAG_NAMES[f]).join(", "),
  ),
  field(
    "Altersfreigabe",
    "minAge",
    (cell) =>
      !cell
        ? ok(0)
        : ["0", "16", "18"].includes(cell)
          ? ok(Number(cell) as 0 | 16 | 18)
          : bad("minAge", { value: cell }),
    String,
    true,
  ),
  field(
    "Alkohol %",
    "alcoholPercent",
    (cell) => decimal(cell, 100),
    (v) => (v === null ? "" : germanDecimal(v)),
    true,
  ),
  field("Lagerhinweis", "storageHint", text(MAX_TEXT.storageHint, false), orEmpty),
  field("Herkunft", "originCountry", text(MAX_TEXT.originCountry, false), orEmpty),
  field(
    "Bestand",
    "stock",
    (cell) =>
      !cell ? ok(null) : /^\d{1,7}$/.test(cell) && +cell <= MAX_STOCK ? ok(+cell) : bad("stock", { value: cell }),
    (v) => (v === null ? "" : String(v)),
    true,
  ),
  field(
    "Veröffentlicht",
    "published",
    (cell) => yesNo(cell, null),
    (v) => (v ? "ja" : "nein"),
  ),
];

export const HEADERS = COLUMNS.map((c) => c.header);

/**
 * Formula cells: a spreadsheet runs a cell that begins with "=", "+", "-" or "@" (and some read
 * one after a tab or a line break). The export puts an apostrophe before such a text, as
 * spreadsheets do themselves; the import takes that apostrophe off again and refuses a cell that
 * begins with one of them without it (docs/range-import.md "Formeln").
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

export function neutralise(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** The cell as written, or a problem when it would be a formula in a spreadsheet. */
export function unneutralise(cell: string): Parsed<string> {
  if (/^'+[=+\-@\t\r]/.test(cell)) return ok(cell.slice(1));
  if (FORMULA_START.test(cell))
    return bad("formula", { value: cell.slice(0, 40), start: cell[0] === "\t" ? "Tab" : cell[0] });
  return ok(cell);
}

export interface RowProblem extends CellProblem {
  /** the header of the column, or null for the row as a whole */
  column: string | null;
}

/**
 * One row's cells (by header) into a record, or every problem it has. `columns` is the header row
 * already checked (every column present once).
 */
export function readRow(
  cells: Record<string, string>,
  context: FormatContext,
): { record: ProductRecord; problems: [] } | { record: null; problems: RowProblem[] } {
  const into: Partial<ProductRecord> = { nutrition: {} as ProductRecord["nutrition"] };
  const problems: RowProblem[] = [];
  for (const column of COLUMNS) {
    const raw = (cells[column.header] ?? "").trim();
    const cell = column.numeric ? { ok: true as const, value: raw } : unneutralise(raw);
    if (!cell.ok) {
      problems.push({ column: column.header, ...cell.problem });
      continue;
    }
    if (column.numeric && /^[=+@\t\r]/.test(raw)) {
      problems.push({ column: column.header, key: "formula", params: { value: raw.slice(0, 40), start: raw[0] } });
      continue;
    }
    const problem = column.read(cell.value, into, context);
    if (problem) problems.push({ column: column.header, ...problem });
  }
  if (problems.length) return { record: null, problems };
  return { record: into as ProductRecord, problems: [] };
}

/** The record as the file's cells, by header (neutralised: safe to open in a spreadsheet). */
export function writeRow(record: ProductRecord): string[] {
  return COLUMNS.map((c) => (c.numeric ? c.write(record) : neutralise(c.write(record))));
}

/** The headers whose cells differ between two records: what an import would change. */
export function changedColumns(before: ProductRecord, after: ProductRecord): string[] {
  return COLUMNS.filter((c) => c.write(before) !== c.write(after)).map((c) => c.header);
}

/** The header row: missing, unknown and repeated columns, each a file-level problem. */
export function checkHeader(headers: string[]): CellProblem[] {
  const problems: CellProblem[] = [];
  const seen = new Set<string>();
  for (const header of headers) {
    if (seen.has(header)) problems.push({ key: "duplicateColumn", params: { column: header } });
    seen.add(header);
    if (!HEADERS.includes(header)) problems.push({ key: "unknownColumn", params: { column: header || "(leer)" } });
  }
  const missing = HEADERS.filter((h) => !seen.has(h));
  if (missing.length) problems.push({ key: "missingColumns", params: { columns: missing.join(", ") } });
  return problems;
}
