/**
 * The range file's reader (issue 33 §1, docs/range-import.md): CSV as spreadsheets write it, the
 * cells of every column with their German messages, formula cells, and what makes a whole file
 * unreadable (encoding, empty, columns, too many rows, JSON of the wrong shape).
 */
import { describe, expect, it } from "vitest";
import { csvLine, parseCsv } from "~/domain/range/import/csv";
import {
  type FormatContext,
  HEADERS,
  type ProductRecord,
  checkHeader,
  neutralise,
  readRow,
  unneutralise,
  writeRow,
} from "~/domain/range/import/format";
import { SOURCE_LIMITS, type SourceRow, readSource } from "~/domain/range/import/source";
import { resources } from "~/platform/i18n.server";
import { translate } from "~/i18n/translate";

const context: FormatContext = {
  categories: new Map([
    ["milch", "Molkereiprodukte > Milch"],
    ["kaese", "Molkereiprodukte > Käse"],
  ]),
  supplierIds: new Set(["hof-lindenau"]),
};

const sample: ProductRecord = {
  sku: "500001",
  name: "Hafermilch; ungesüßt",
  brand: "Frischkorb",
  description: 'Mit "Hafer"\naus der Region',
  categoryId: "milch",
  supplierId: "hof-lindenau",
  ingredients: "Wasser, _Hafer_ 10 %",
  allergens: ["gluten", "milk"],
  flavorings: ["Vanille"],
  nutrition: {
    energy_kj: 180,
    energy_kcal: 43,
    fat: 1.5,
    saturated_fat: 0.2,
    unsaturated_fat: null,
    polyunsaturated_fat: null,
    carbohydrates: 6.7,
    sugar: 4.1,
    protein: 0.3,
    salt: 0.1,
  },
  netQuantity: 1,
  unit: "l",
  packCount: 1,
  priceCents: 249,
  reduction: false,
  depositCents: 25,
  taxRate: 7,
  flags: ["is_organic", "is_vegan"],
  minAge: 0,
  alcoholPercent: null,
  storageHint: "Kühl lagern",
  originCountry: "Deutschland",
  stock: 40,
  published: true,
};

const cellsOf = (record: ProductRecord, changes: Record<string, string> = {}) => ({
  ...Object.fromEntries(HEADERS.map((h, i) => [h, writeRow(record)[i]])),
  ...changes,
});

const problemsOf = (changes: Record<string, string>) => readRow(cellsOf(sample, changes), context).problems;

/** The German text of a problem as the report shows it. */
const german = (column: string, p: { key: string; params?: Record<string, string | number> }) =>
  `Spalte ${column}: ${translate(resources.de, ["staffRange"], `import.error.${p.key}`, p.params ?? {})}`;

describe("the CSV reader", () => {
  it("reads quoted fields with ; quotes and line breaks, CRLF, LF and CR, and a BOM-less header", () => {
    const text = 'a;b;c\r\n"x;y";"say ""hi""";"two\nlines"\n1;;3\r4;5;6';
    expect(parseCsv(text).records).toEqual([
      ["a", "b", "c"],
      ["x;y", 'say "hi"', "two\nlines"],
      ["1", "", "3"],
      ["4", "5", "6"],
    ]);
  });

  it("reads the same records whichever way the text is cut into pieces", async () => {
    const text = 'a;"b;""c"""\r\n"d\r\ne";f\r\n';
    const whole = parseCsv(text).records;
    for (let cut = 1; cut < text.length; cut++) {
      const { CsvReader } = await import("~/domain/range/import/csv");
      const reader = new CsvReader();
      const records = [...reader.push(text.slice(0, cut)), ...reader.push(text.slice(cut)), ...reader.end().records];
      expect(records).toEqual(whole);
    }
  });

  it("keeps a stray quote inside an unquoted field, and notices a quote never closed", () => {
    expect(parseCsv('5" Pizza;x').records).toEqual([['5" Pizza', "x"]]);
    expect(parseCsv('a;"open\n').unclosedQuote).toBe(true);
  });

  it("writes what it reads: a record with ; quotes and line breaks comes back the same", () => {
    const cells = writeRow(sample);
    expect(parseCsv(csvLine(cells)).records).toEqual([cells]);
  });
});

describe("a row's cells", () => {
  it("a written record reads back as the same record (German decimal commas, lists, ja/nein)", () => {
    const cells = cellsOf(sample);
    expect(cells.Preis).toBe("2,49");
    expect(cells.Fett).toBe("1,5");
    expect(cells.Allergene).toBe("Gluten, Milch");
    expect(cells.Kennzeichen).toBe("Bio, vegan");
    expect(readRow(cells, context)).toEqual({ record: sample, problems: [] });
  });

  it("takes what people type: decimal points, keys for allergens, a category path, empty optional cells", () => {
    const { record } = readRow(
      cellsOf(sample, {
        Preis: "2.49",
        Allergene: "milk, GLUTEN",
        Kategorie: "Molkereiprodukte > Käse",
        Einheit: "L",
        MwSt: "7 %",
        Pfand: "",
        Bestand: "",
        Altersfreigabe: "",
        Ermäßigung: "",
      }),
      context,
    );
    expect(record).toMatchObject({
      priceCents: 249,
      allergens: ["gluten", "milk"],
      categoryId: "kaese",
      unit: "l",
      taxRate: 7,
      depositCents: 0,
      stock: null,
      minAge: 0,
      reduction: false,
    });
  });

  it("every kind of bad cell, each with its German message", () => {
    const cases: [string, string, string][] = [
      ["Preis", "2,4,9", "Spalte Preis: „2,4,9“ ist kein Betrag (zum Beispiel 2,49)"],
      ["Preis", "0", "Spalte Preis: „0“ ist kein Betrag (zum Beispiel 2,49)"],
      ["Preis", "2490", "Spalte Preis: „2490“ ist zu hoch (höchstens 1.000,00\u00a0€)"],
      ["Preis", "", "Spalte Preis: fehlt"],
      ["Fett", "viel", "Spalte Fett: „viel“ ist keine Zahl (zum Beispiel 3,8)"],
      ["Fett", "1.234,5", "Spalte Fett: „1.234,5“ ist keine Zahl (zum Beispiel 3,8)"],
      ["MwSt", "16", "Spalte MwSt: „16“: die Mehrwertsteuer ist 7 oder 19"],
      ["Kategorie", "Spielwaren", "Spalte Kategorie: die Kategorie „Spielwaren“ gibt es nicht"],
      ["Lieferant", "acme", "Spalte Lieferant: den Lieferanten „acme“ gibt es nicht"],
      ["Allergene", "Milch, Nüsse", "Spalte Allergene: „Nüsse“ ist keines der 14 Allergene"],
      ["Einheit", "Dose", "Spalte Einheit: „Dose“ ist keine Einheit (g, kg, ml, l oder Stück)"],
      ["Kennzeichen", "Bio, fair", "Spalte Kennzeichen: „fair“ ist kein Kennzeichen"],
      ["Ermäßigung", "vielleicht", "Spalte Ermäßigung: „vielleicht“ ist weder „ja“ noch „nein“"],
      ["Veröffentlicht", "", "Spalte Veröffentlicht: fehlt"],
      [
        "Bestand",
        "-3",
        "Spalte Bestand: „-3“ ist kein Bestand (eine ganze Zahl ab 0; leer, wenn der Bestand nicht geführt wird)",
      ],
      ["Altersfreigabe", "12", "Spalte Altersfreigabe: „12“: die Altersfreigabe ist 0, 16 oder 18"],
      ["Packungsanzahl", "0", "Spalte Packungsanzahl: „0“ ist keine ganze Zahl von 1 bis 100"],
      [
        "SKU",
        "12 34",
        "Spalte SKU: „12 34“ ist keine Artikelnummer (Buchstaben, Ziffern und Bindestriche, höchstens 40)",
      ],
      ["Name", "x".repeat(201), "Spalte Name: ist zu lang (höchstens 200 Zeichen)"],
    ];
    for (const [column, value, message] of cases) {
      const problems = problemsOf({ [column]: value });
      expect(problems, `${column} = ${value}`).toHaveLength(1);
      expect(german(problems[0].column ?? "", problems[0])).toBe(message);
    }
  });

  it("refuses formula cells in text columns and takes back the export's apostrophe", () => {
    for (const start of ["=", "+", "-", "@"]) {
      const [problem] = problemsOf({ Name: `${start}HYPERLINK("http://evil")` });
      expect(problem).toMatchObject({ column: "Name", key: "formula" });
      expect(german("Name", problem)).toContain(`beginnt mit „${start}“`);
    }
    // leading white space is trimmed first, so a tab does not hide the formula behind it
    expect(problemsOf({ Beschreibung: "\t=1+1" })[0]).toMatchObject({ key: "formula", params: { start: "=" } });
    expect(readRow(cellsOf(sample, { Name: "'=Angebot" }), context).record?.name).toBe("=Angebot");
    // a number column is never text: "=1+1" there is a formula, "-3" a bad number
    expect(problemsOf({ Preis: "=1+1" })[0]).toMatchObject({ key: "formula" });
    expect(problemsOf({ Preis: "-3" })[0]).toMatchObject({ key: "amount" });
  });

  it("neutralises exactly the cells a spreadsheet would run, and takes it back", () => {
    for (const text of ["=1+1", "+49 30", "-20 %", "@SUM", "\tx", "'=x", "''-y"]) {
      expect(neutralise(text).startsWith("'")).toBe(true);
      expect(unneutralise(neutralise(text))).toEqual({ ok: true, value: text });
    }
    for (const text of ["Milch", "3,8", "'quoted", ""]) expect(neutralise(text)).toBe(text);
  });
});

describe("the header", () => {
  it("names missing, unknown and repeated columns", () => {
    const headers = HEADERS.filter((h) => h !== "Preis" && h !== "MwSt");
    expect(checkHeader([...headers, "Farbe", "Name"])).toEqual([
      { key: "unknownColumn", params: { column: "Farbe" } },
      { key: "duplicateColumn", params: { column: "Name" } },
      { key: "missingColumns", params: { columns: "Preis, MwSt" } },
    ]);
  });
});

async function read(bytes: Uint8Array | string, limits = SOURCE_LIMITS) {
  const rows: SourceRow[] = [];
  const file = new Blob([bytes as BlobPart]);
  const result = await readSource(
    file,
    async (chunk) => {
      rows.push(...chunk);
    },
    limits,
  );
  return { ...result, rows };
}

const csvOf = (...records: ProductRecord[]) => csvLine(HEADERS) + records.map((r) => csvLine(writeRow(r))).join("");

describe("a whole file", () => {
  it("CSV with a BOM: rows numbered as a spreadsheet does (header = 1), empty rows skipped", async () => {
    const text = `\uFEFF${csvOf(sample)}${";".repeat(HEADERS.length - 1)}\r\n${csvOf({ ...sample, sku: "500002" }).split("\r\n")[1]}\r\n`;
    const { problems, rows, format } = await read(text);
    expect(problems).toEqual([]);
    expect(format).toBe("csv");
    expect(rows.map((r) => [r.line, r.cells?.SKU])).toEqual([
      [2, "500001"],
      [4, "500002"],
    ]);
  });

  it("Windows-1252 bytes: one file-level message naming the encoding and the line", async () => {
    const header = new TextEncoder().encode(`${csvLine(HEADERS)}500001;K`);
    const bytes = new Uint8Array([...header, 0xe4, 0x73, 0x65, 0x0a]); // "Käse" in Windows-1252
    const { problems, rows } = await read(bytes);
    expect(problems).toEqual([{ key: "encoding", params: { line: 2 } }]);
    expect(translate(resources.de, ["staffRange"], "import.error.encoding", { line: 2 })).toContain("nicht in UTF-8");
    expect(rows).toEqual([]);
  });

  it("an empty file, a header without rows, missing columns, too many rows, a row with too few fields", async () => {
    expect((await read("")).problems).toEqual([{ key: "empty" }]);
    expect((await read("\uFEFF  \r\n")).problems).toEqual([{ key: "empty" }]);
    expect((await read(csvLine(HEADERS))).problems).toEqual([{ key: "noRows" }]);
    expect((await read("SKU;Name\r\n1;x\r\n")).problems[0]).toMatchObject({ key: "missingColumns" });
    const three = csvOf(sample, { ...sample, sku: "2" }, { ...sample, sku: "3" });
    expect((await read(three, { ...SOURCE_LIMITS, maxRows: 2 })).problems).toEqual([
      { key: "tooManyRows", params: { max: 2 } },
    ]);
    const short = await read(`${csvLine(HEADERS)}1;2;3\r\n`);
    expect(short.rows[0].problems[0]).toMatchObject({ key: "fieldCount", params: { found: 3 } });
  });

  it("JSON: an array of objects with the same keys; anything else is refused", async () => {
    const object = Object.fromEntries(HEADERS.map((h, i) => [h, writeRow(sample)[i]]));
    const ok = await read(JSON.stringify([object, { ...object, SKU: "500002", Preis: 2.49, Veröffentlicht: true }]));
    expect(ok.problems).toEqual([]);
    expect(ok.format).toBe("json");
    expect(ok.rows.map((r) => r.line)).toEqual([2, 3]);
    expect(ok.rows[1].cells).toMatchObject({ Preis: "2,49", Veröffentlicht: "ja" });
    expect((await read('{"SKU": "1"}')).problems).toEqual([{ key: "jsonShape" }]);
    expect((await read("[1, 2]")).problems).toEqual([{ key: "jsonShape" }]);
    expect((await read("[{")).problems).toEqual([{ key: "json" }]);
    const nested = await read(JSON.stringify([{ ...object, Name: { de: "x" } }]));
    expect(nested.rows[0].problems).toEqual([{ column: "Name", key: "jsonValue" }]);
  });

  it("a gzip-compressed CSV is read as the CSV inside it", async () => {
    const zipped = new Uint8Array(
      await new Response(
        new Blob([csvOf(sample)])
          .stream()
          .pipeThrough(new CompressionStream("gzip") as unknown as ReadableWritablePair<Uint8Array, Uint8Array>),
      ).arrayBuffer(),
    );
    const { problems, rows } = await read(zipped);
    expect(problems).toEqual([]);
    expect(rows[0].cells?.SKU).toBe("500001");
  });
});

describe("a file read in many pieces", () => {
  it("hands every row on, however the bytes arrive", async () => {
    const many = Array.from({ length: 1200 }, (_, i) => ({ ...sample, sku: String(600000 + i) }));
    const text = csvOf(...many);
    const pieces = new Blob(
      Array.from({ length: Math.ceil(text.length / 1000) }, (_, i) => text.slice(i * 1000, (i + 1) * 1000)),
    );
    const rows: SourceRow[] = [];
    const result = await readSource(pieces, async (chunk) => {
      rows.push(...chunk);
    });
    expect(result).toEqual({ problems: [], format: "csv", rows: 1200 });
    expect(rows.filter((r) => r.problems.length)).toEqual([]);
    expect(rows.at(-1)?.cells?.SKU).toBe("601199");
  });
});
