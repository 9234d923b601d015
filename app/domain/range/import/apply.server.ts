/**
 * Applying a checked import (issue 33 §1, decision 0049). The confirmation starts the job only
 * when its report has no errors and the range has not changed since the dry run. Then each step
 * applies the next rows after the job's cursor in ONE D1 batch: the cursor moves only from the line
 * the step read (a step run twice at once, or again after a failure, aborts whole), the products
 * are written set-wise from one JSON value per statement, prices through the price-history rule,
 * stock as a correction with the reason "Import", the listing copies, facet counts and search index
 * through the product tables' triggers, the range's version moves on, and the step leaves one audit
 * entry. Applying the same file again finds every row unchanged.
 */
import { sql } from "kysely";
import { catalogueChanged } from "~/platform/catalogue-version.server";
import { all, failedConstraint, first, isConstraint, prepare } from "~/platform/db.server";
import { auditEntry } from "~/domain/staff/audit.server";
import type { StaffMember } from "~/domain/staff/roles";
import { priceStep } from "../price-history";
import { NUTRITION_FIELDS, PRODUCT_FLAGS } from "../schema";
import type { ProductRecord } from "./format";
import { bulkListStatements } from "../product-write.server";
import { historiesOf, jsonGroups, recordsBySku } from "./records.server";

const UNCHANGED = sql`INSERT INTO staff_guard (reason) SELECT 'changed' WHERE changes() = 0`;

/** Rows per step: a few hundred keep a batch well inside D1's limits and a step under a second. */
export const STEP_ROWS = 250;

export interface ImportJob {
  id: number;
  staffId: number;
  fileName: string;
  format: "csv" | "json";
  state: "checking" | "checked" | "applying" | "done";
  fileProblems: string | null;
  rowsTotal: number;
  rowsError: number;
  rowsNew: number;
  rowsChanged: number;
  rowsUnchanged: number;
  rowsWithdrawn: number;
  checkedVersion: number;
  cursor: number;
  rowsApplied: number;
  createdAt: number;
  confirmedAt: number | null;
  finishedAt: number | null;
  /** rows the job applies: new and changed */
  rowsToApply: number;
  /** whether the range changed since the dry run (a checked job is then stale) */
  stale: boolean;
}

export async function importJob(db: D1Database, id: number): Promise<ImportJob | null> {
  return first<ImportJob>(
    db,
    sql`SELECT j.id, j.staff_id AS staffId, j.file_name AS fileName, j.format, j.state, j.file_problems AS fileProblems,
        j.rows_total AS rowsTotal, j.rows_error AS rowsError, j.rows_new AS rowsNew, j.rows_changed AS rowsChanged,
        j.rows_unchanged AS rowsUnchanged, j.rows_withdrawn AS rowsWithdrawn, j.checked_version AS checkedVersion,
        j.cursor, j.rows_applied AS rowsApplied, j.created_at AS createdAt, j.confirmed_at AS confirmedAt,
        j.finished_at AS finishedAt, j.rows_new + j.rows_changed AS rowsToApply,
        j.checked_version <> (SELECT version FROM catalogue_version WHERE id = 1) AS stale
      FROM range_import_job j WHERE j.id = ${id}`,
  ).then((job) => (job ? { ...job, stale: Boolean(job.stale) } : null));
}

export type ConfirmResult = "started" | "stale" | "notReady";

/** Starts applying a checked job without errors whose dry run still holds. */
export async function confirmImport(
  db: D1Database,
  staff: StaffMember,
  jobId: number,
  now = Date.now(),
): Promise<ConfirmResult> {
  const job = await importJob(db, jobId);
  if (job?.state !== "checked" || job.rowsError > 0 || job.fileProblems) return "notReady";
  if (job.stale) return "stale";
  try {
    await db.batch([
      prepare(
        db,
        sql`UPDATE range_import_job SET state = 'applying', confirmed_at = ${Math.floor(now / 1000)}
          WHERE id = ${jobId} AND state = 'checked' AND rows_error = 0 AND file_problems IS NULL
            AND checked_version = (SELECT version FROM catalogue_version WHERE id = 1)`,
      ),
      prepare(db, UNCHANGED),
      // every other checked report is stale from here on: two imports never apply over each other
      catalogueChanged(db),
      auditEntry(
        db,
        staff,
        {
          action: "range.import",
          subject: `import:${jobId}`,
          after: { file: job.fileName, new: job.rowsNew, changed: job.rowsChanged, withdrawn: job.rowsWithdrawn },
        },
        now,
      ),
    ]);
    return "started";
  } catch (error) {
    if (!isConstraint(failedConstraint(error), { kind: "CHECK", name: "staff_unchanged" })) throw error;
    const again = await importJob(db, jobId);
    return again?.state === "checked" ? "stale" : "started";
  }
}

interface StagedChange {
  line: number;
  outcome: "new" | "changed";
  record: string;
}

/** A product row as the statements below read it from JSON. */
interface Written extends ProductRecord {
  isNew: boolean;
  /** the price columns when the price changes (absent: they stay) */
  price?: { cents: number; regular: number | null; lowest: number | null; reduction: boolean };
  baseline: number | null;
  allergensChange: boolean;
  flavoringsChange: boolean;
}

const col = (path: string) => sql.raw(`r.value ->> '${path}'`);

/**
 * Applies the next rows after the cursor; returns the job as it is afterwards. A step that meets
 * a step run at the same time changes nothing and reports the job as the other left it.
 */
export async function applyStep(
  db: D1Database,
  staff: StaffMember,
  jobId: number,
  now = Date.now(),
  rows = STEP_ROWS,
): Promise<ImportJob | null> {
  const job = await importJob(db, jobId);
  if (job?.state !== "applying") return job;
  const staged = await all<StagedChange>(
    db,
    sql`SELECT line, outcome, record FROM range_import_row
      WHERE job_id = ${jobId} AND line > ${job.cursor} AND outcome IN ('new', 'changed')
      ORDER BY line LIMIT ${rows}`,
  );
  const last = staged.at(-1)?.line ?? job.cursor;
  const records = staged.map((s) => JSON.parse(s.record) as ProductRecord);
  const written = await toWrite(db, records, now);
  const at = Math.floor(now / 1000);
  const statements: D1PreparedStatement[] = [
    prepare(
      db,
      sql`UPDATE range_import_job SET cursor = ${last}, rows_applied = rows_applied + ${staged.length},
          state = CASE WHEN EXISTS (SELECT 1 FROM range_import_row WHERE job_id = ${jobId} AND line > ${last}
            AND outcome IN ('new', 'changed')) THEN 'applying' ELSE 'done' END,
          finished_at = CASE WHEN EXISTS (SELECT 1 FROM range_import_row WHERE job_id = ${jobId} AND line > ${last}
            AND outcome IN ('new', 'changed')) THEN NULL ELSE ${at} END
        WHERE id = ${jobId} AND state = 'applying' AND cursor = ${job.cursor}`,
    ),
    prepare(db, UNCHANGED),
  ];
  for (const group of jsonGroups(written, 600_000)) statements.push(...productStatements(db, staff, group, now));
  if (staged.length) {
    statements.push(catalogueChanged(db));
    statements.push(
      auditEntry(
        db,
        staff,
        {
          action: "range.import",
          subject: `import:${jobId}`,
          after: {
            lines: [staged[0].line, last],
            new: staged.filter((s) => s.outcome === "new").length,
            changed: staged.filter((s) => s.outcome === "changed").length,
          },
        },
        now,
      ),
    );
  }
  try {
    await db.batch(statements);
  } catch (error) {
    // another step got there first: it applied these rows
    if (!isConstraint(failedConstraint(error), { kind: "CHECK", name: "staff_unchanged" })) throw error;
  }
  return importJob(db, jobId);
}

/** What each record writes: new or not, its price step, and which of its lists move. */
async function toWrite(db: D1Database, records: ProductRecord[], now: number): Promise<Written[]> {
  const skus = records.map((r) => r.sku);
  const [current, histories] = await Promise.all([recordsBySku(db, skus), historiesOf(db, skus)]);
  return records.map((record) => {
    const before = current.get(record.sku);
    const recorded = histories.get(record.sku) ?? [];
    const priceMoves = !before || before.priceCents !== record.priceCents || before.reduction !== record.reduction;
    let price: Written["price"];
    let baseline: number | null = null;
    if (priceMoves) {
      // the history changed since the dry run so that a reduction has no higher price before it:
      // the price is then taken as an ordinary one, never shown as a reduction without its figures
      const step =
        priceStep(recorded, before?.priceCents ?? record.priceCents, record, now) ??
        priceStep(recorded, before?.priceCents ?? record.priceCents, { ...record, reduction: false }, now);
      if (!step) throw new Error("an ordinary price always applies");
      const { shown } = step;
      price = {
        cents: shown.priceCents,
        regular: shown.regularPriceCents,
        lowest: shown.lowestPrice30dCents,
        reduction: record.reduction && shown.regularPriceCents !== null,
      };
      // a product loaded before prices were kept: its old price stands in the history since ever
      if (before && step.baseline) baseline = step.baseline.priceCents;
    }
    return {
      ...record,
      isNew: !before,
      price,
      baseline,
      allergensChange: !before || before.allergens.join() !== record.allergens.join(),
      flavoringsChange: !before || before.flavorings.join() !== record.flavorings.join(),
    };
  });
}

/** The set-wise statements for one JSON array of written rows. */
function productStatements(db: D1Database, staff: StaffMember, group: string, now: number): D1PreparedStatement[] {
  const at = Math.floor(now / 1000);
  const rows = sql`json_each(${group}) r`;
  const flag = (f: string) => sql.raw(`(SELECT count(*) FROM json_each(r.value -> 'flags') WHERE value = '${f}')`);
  const nutrition = (f: string) => sql.raw(`r.value -> 'nutrition' ->> '${f}'`);
  const fields = [
    ["name", col("name")],
    ["brand", col("brand")],
    ["description", col("description")],
    ["category_id", col("categoryId")],
    ["supplier_id", col("supplierId")],
    ["ingredients", col("ingredients")],
    ["tax_rate", col("taxRate")],
    ["deposit_cents", col("depositCents")],
    ["net_quantity", col("netQuantity")],
    ["unit", col("unit")],
    ["pack_count", col("packCount")],
    ["stock_managed", sql`(${col("stock")} IS NOT NULL)`],
    ["min_age", col("minAge")],
    ["alcohol_percent", col("alcoholPercent")],
    ["storage_hint", col("storageHint")],
    ["origin_country", col("originCountry")],
    ["published", col("published")],
    ...PRODUCT_FLAGS.map((f) => [f, flag(f)] as const),
    ...NUTRITION_FIELDS.map((f) => [f, nutrition(f)] as const),
  ] as const;
  const names = sql.raw(fields.map(([name]) => name).join(", "));
  const values = sql.join(
    fields.map(([, value]) => value),
    sql`, `,
  );
  const sets = sql.join(
    fields.map(([name, value]) => sql`${sql.ref(name)} = ${value}`),
    sql`, `,
  );
  const isNew = sql.raw(`(r.value ->> 'isNew') = 1`);
  return [
    // stock set by the file is a correction by the difference, recorded before the product changes
    prepare(
      db,
      sql`INSERT INTO stock_change (sku, delta, qty_after, reason, staff_id, at)
        SELECT p.sku, (${col("stock")}) - p.stock_qty, ${col("stock")}, 'Import', ${staff.id}, ${at}
        FROM ${rows} JOIN product p ON p.sku = (r.value ->> 'sku')
        WHERE NOT ${isNew} AND ${col("stock")} IS NOT NULL AND (${col("stock")}) <> p.stock_qty`,
    ),
    prepare(
      db,
      sql`UPDATE product SET ${sets},
          stock_qty = coalesce(${col("stock")}, product.stock_qty),
          price_cents = coalesce(r.value ->> '$.price.cents', product.price_cents),
          regular_price_cents = CASE WHEN r.value -> '$.price' IS NULL THEN product.regular_price_cents ELSE r.value ->> '$.price.regular' END,
          lowest_price_30d_cents = CASE WHEN r.value -> '$.price' IS NULL THEN product.lowest_price_30d_cents ELSE r.value ->> '$.price.lowest' END,
          revision = product.revision + 1
        FROM ${rows} WHERE product.sku = (r.value ->> 'sku') AND NOT ${isNew}`,
    ),
    prepare(
      db,
      sql`INSERT INTO product (sku, ${names}, stock_qty, price_cents, regular_price_cents, lowest_price_30d_cents)
        SELECT r.value ->> 'sku', ${values}, coalesce(${col("stock")}, 0), r.value ->> '$.price.cents',
          r.value ->> '$.price.regular', r.value ->> '$.price.lowest'
        FROM ${rows} WHERE ${isNew}`,
    ),
    // the price history: the price in force since ever for a product loaded before prices were kept
    prepare(
      db,
      sql`INSERT INTO price_history (sku, price_cents, reduction, valid_from, staff_id)
        SELECT r.value ->> 'sku', r.value ->> 'baseline', 0, 0, NULL FROM ${rows} WHERE (r.value ->> 'baseline') IS NOT NULL`,
    ),
    prepare(
      db,
      sql`INSERT INTO price_history (sku, price_cents, reduction, valid_from, staff_id)
        SELECT r.value ->> 'sku', r.value ->> '$.price.cents', r.value ->> '$.price.reduction', ${now}, NULL
        FROM ${rows} WHERE r.value -> '$.price' IS NOT NULL`,
    ),
    prepare(
      db,
      sql`INSERT INTO stock_change (sku, delta, qty_after, reason, staff_id, at)
        SELECT r.value ->> 'sku', ${col("stock")}, ${col("stock")}, 'Import', ${staff.id}, ${at}
        FROM ${rows} WHERE ${isNew} AND (${col("stock")}) > 0`,
    ),
    // allergens and flavourings where they change (product-write.server.ts); the listing rows, facet
    // counts and search index follow from the product's row through the schema's triggers
    // (migrations 0001, 0015 and 0029): a new published product is listed, a moved one moves, a
    // withdrawn one leaves every list and the search
    ...bulkListStatements(db, group),
  ];
}
