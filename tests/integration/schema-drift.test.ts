/**
 * The `Database` type of app/platform/db.server.ts is written by hand; this test keeps it true to
 * the schema the migrations produce. It reads the type with the TypeScript compiler and the schema
 * from a D1 migrated by the project's migrations, and fails on any table, column or nullability
 * that differs, and on a column whose type is a string where SQLite stores a number or the reverse.
 */
import path from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type TestShop } from "./worker";

/** Tables the code reaches only through raw SQL, never through the typed builder. */
const UNTYPED_TABLES = new Set([
  "order_guard", // its CHECK refuses every row: only written to abort an order batch (migration 0007)
]);

/** Hidden columns (a table's implicit rowid, the FTS5 table's own column) the type names so queries can use them. */
const HIDDEN_COLUMNS: Record<string, string[]> = { product: ["rowid"], product_search: ["rowid", "product_search"] };

/** Full-text tables: their columns are untyped text. */
const FTS_TABLES = new Set(["product_search"]);

interface Column {
  nullable: boolean;
  kind: "number" | "string" | "other";
}

type Schema = Record<string, Record<string, Column>>;

function typedSchema(): Schema {
  const file = path.resolve(import.meta.dirname, "../../app/platform/db.server.ts");
  const program = ts.createProgram([file], {
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    module: ts.ModuleKind.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const database = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === "Database",
  )!;
  const schema: Schema = {};
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    const columns: Record<string, Column> = {};
    const tableType = checker.getTypeOfSymbolAtLocation(table, database);
    for (const column of tableType.getProperties()) {
      let type = checker.getTypeOfSymbolAtLocation(column, database);
      // Kysely's Generated<T> selects as T
      const selected = type.getProperty("__select__");
      if (selected) type = checker.getTypeOfSymbolAtLocation(selected, database);
      const parts = type.isUnion() ? type.types : [type];
      const nullable = parts.some((p) => p.flags & ts.TypeFlags.Null);
      const rest = parts.filter((p) => !(p.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
      const kind = rest.every((p) => p.flags & ts.TypeFlags.NumberLike)
        ? "number"
        : rest.every((p) => p.flags & ts.TypeFlags.StringLike)
          ? "string"
          : "other";
      columns[column.name] = { nullable, kind };
    }
    schema[table.name] = columns;
  }
  return schema;
}

async function migratedSchema(db: D1Database): Promise<Schema> {
  const { results: tables } = await db
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'`,
    )
    .all<{ name: string; sql: string }>();
  const shadow = new Set(
    tables
      .filter((t) => /VIRTUAL TABLE/i.test(t.sql))
      .flatMap((t) => ["data", "idx", "content", "docsize", "config"].map((suffix) => `${t.name}_${suffix}`)),
  );
  const schema: Schema = {};
  for (const { name } of tables.filter((t) => !shadow.has(t.name))) {
    const { results } = await db
      .prepare(`PRAGMA table_info(${name})`)
      .all<{ name: string; type: string; notnull: number; pk: number }>();
    schema[name] = Object.fromEntries(
      results.map((c) => [
        c.name,
        {
          // primary keys count as NOT NULL: the shop never writes NULL into one (SQLite would allow it
          // for a TEXT key, a historical quirk)
          nullable: c.notnull === 0 && c.pk === 0,
          kind: /INT|REAL|NUM/i.test(c.type) ? "number" : /TEXT|CHAR/i.test(c.type) ? "string" : "other",
        } satisfies Column,
      ]),
    );
  }
  return schema;
}

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop({ seed: false });
});
afterAll(async () => {
  await shop?.dispose();
});

describe("the Database type and the migrations", () => {
  it("name the same tables, columns and nullability", async () => {
    const typed = typedSchema();
    const migrated = await migratedSchema(shop.db);
    expect(Object.keys(typed).sort(), "tables").toEqual(
      Object.keys(migrated)
        .filter((t) => !UNTYPED_TABLES.has(t))
        .sort(),
    );
    const drift: string[] = [];
    for (const [table, columns] of Object.entries(migrated)) {
      if (UNTYPED_TABLES.has(table)) continue;
      const expected = { ...columns };
      for (const hidden of HIDDEN_COLUMNS[table] ?? []) expected[hidden] = typed[table][hidden];
      if (FTS_TABLES.has(table))
        for (const c of Object.keys(columns))
          expected[c] = { nullable: typed[table][c]?.nullable ?? false, kind: "string" };
      for (const column of new Set([...Object.keys(expected), ...Object.keys(typed[table])])) {
        const [want, have] = [expected[column], typed[table][column]];
        if (!want) drift.push(`${table}.${column}: in the type, not in the migrations`);
        else if (!have) drift.push(`${table}.${column}: in the migrations, not in the type`);
        else if (want.nullable !== have.nullable)
          drift.push(`${table}.${column}: ${want.nullable ? "NULL allowed" : "NOT NULL"} in the migrations`);
        else if (want.kind !== have.kind && have.kind !== "other")
          drift.push(`${table}.${column}: a ${want.kind} in the migrations, a ${have.kind} in the type`);
      }
    }
    expect(drift).toEqual([]);
  });
});
