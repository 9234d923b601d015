/**
 * Marketing's free-gift steps in D1 (spec section 3, issue 33, docs/decisions/0044): a step's
 * order value, how many gifts it allows and its products. A change reaches open carts at their next
 * recalculation (cart.server.ts loadSettledCart), which takes out the gifts a subtotal no longer
 * earns with the spec's notice. Each change is one batch with its audit entry, guarded by the step
 * as the page showed it.
 */
import { sql } from "kysely";
import { all, failedConstraint, isConstraint, prepare, qb } from "~/platform/db.server";
import { auditEntry } from "~/domain/staff/audit.server";
import type { StaffMember } from "~/domain/staff/roles";
import { STALE, UNCHANGED } from "./unchanged";

export interface GiftRuleListing {
  id: string;
  thresholdCents: number;
  giftCount: number;
  /** The step's article numbers, sorted, with each product's name (null when none has it). */
  products: { sku: string; name: string | null }[];
}

export interface GiftStepDraft {
  thresholdCents: number;
  giftCount: number;
  skus: string[];
}

/** The step as the page showed it, to refuse a change from an older page. */
export interface ShownStep {
  id: string;
  thresholdCents: number;
  giftCount: number;
  /** The sorted SKUs joined by commas. */
  skus: string;
}

export type GiftRuleChange =
  | { ok: true }
  | { ok: false; reason: "thresholdTaken" | "changedMeanwhile" }
  | { ok: false; reason: "unknownSkus"; skus: string[] };

export async function listGiftRules(db: D1Database): Promise<GiftRuleListing[]> {
  const [rules, products] = await Promise.all([
    all(db, qb.selectFrom("free_product_rule").selectAll().orderBy("threshold_cents")),
    all(
      db,
      qb
        .selectFrom("free_product as f")
        .leftJoin("product as p", "p.sku", "f.sku")
        .select(["f.rule_id", "f.sku", "p.name"])
        .orderBy("f.sku"),
    ),
  ]);
  return rules.map((r) => ({
    id: r.id,
    thresholdCents: r.threshold_cents,
    giftCount: r.gift_count,
    products: products.filter((p) => p.rule_id === r.id).map((p) => ({ sku: p.sku, name: p.name })),
  }));
}

export const skusShown = (rule: GiftRuleListing) => rule.products.map((p) => p.sku).join(",");

const THRESHOLD_TAKEN = { kind: "UNIQUE", name: "free_product_rule.threshold_cents" } as const;

async function unknownSkus(db: D1Database, skus: string[]): Promise<string[]> {
  const known = new Set(
    (await all(db, qb.selectFrom("product").select("sku").where("sku", "in", skus))).map((r) => r.sku),
  );
  return skus.filter((s) => !known.has(s));
}

/** The step's products, replaced whole (the DELETE and INSERTs run after the step's own guard). */
function productStatements(db: D1Database, ruleId: string, skus: string[]) {
  return [
    prepare(db, qb.deleteFrom("free_product").where("rule_id", "=", ruleId)),
    ...skus.map((sku) => prepare(db, qb.insertInto("free_product").values({ rule_id: ruleId, sku }))),
  ];
}

/** The step unchanged since the page showed it: its values and its products. */
const stepAsShown = (shown: ShownStep) =>
  sql<boolean>`threshold_cents = ${shown.thresholdCents} AND gift_count = ${shown.giftCount}
    AND COALESCE((SELECT group_concat(sku, ',') FROM (SELECT sku FROM free_product WHERE rule_id = ${shown.id} ORDER BY sku)), '') = ${shown.skus}`;

async function apply(db: D1Database, statements: D1PreparedStatement[]): Promise<GiftRuleChange> {
  try {
    await db.batch(statements);
    return { ok: true };
  } catch (error) {
    const failure = failedConstraint(error);
    if (isConstraint(failure, THRESHOLD_TAKEN)) return { ok: false, reason: "thresholdTaken" };
    if (isConstraint(failure, STALE)) return { ok: false, reason: "changedMeanwhile" };
    throw error;
  }
}

export async function addGiftRule(db: D1Database, staff: StaffMember, draft: GiftStepDraft): Promise<GiftRuleChange> {
  const unknown = await unknownSkus(db, draft.skus);
  if (unknown.length) return { ok: false, reason: "unknownSkus", skus: unknown };
  const id = `gift-${crypto.randomUUID().slice(0, 8)}`;
  return apply(db, [
    prepare(
      db,
      qb
        .insertInto("free_product_rule")
        .values({ id, threshold_cents: draft.thresholdCents, gift_count: draft.giftCount }),
    ),
    ...productStatements(db, id, [...draft.skus].sort()),
    auditEntry(db, staff, { action: "marketing.changeGifts", subject: id, before: null, after: draft }),
  ]);
}

export async function saveGiftRule(
  db: D1Database,
  staff: StaffMember,
  shown: ShownStep,
  draft: GiftStepDraft,
): Promise<GiftRuleChange> {
  const unknown = await unknownSkus(db, draft.skus);
  if (unknown.length) return { ok: false, reason: "unknownSkus", skus: unknown };
  return apply(db, [
    prepare(
      db,
      sql`UPDATE free_product_rule SET threshold_cents = ${draft.thresholdCents}, gift_count = ${draft.giftCount}
           WHERE id = ${shown.id} AND ${stepAsShown(shown)}`,
    ),
    prepare(db, UNCHANGED),
    ...productStatements(db, shown.id, [...draft.skus].sort()),
    auditEntry(db, staff, {
      action: "marketing.changeGifts",
      subject: shown.id,
      before: { thresholdCents: shown.thresholdCents, giftCount: shown.giftCount, skus: shown.skus.split(",") },
      after: draft,
    }),
  ]);
}

export async function removeGiftRule(db: D1Database, staff: StaffMember, shown: ShownStep): Promise<GiftRuleChange> {
  return apply(db, [
    prepare(db, sql`DELETE FROM free_product_rule WHERE id = ${shown.id} AND ${stepAsShown(shown)}`),
    prepare(db, UNCHANGED),
    prepare(db, qb.deleteFrom("free_product").where("rule_id", "=", shown.id)),
    auditEntry(db, staff, {
      action: "marketing.changeGifts",
      subject: shown.id,
      before: { thresholdCents: shown.thresholdCents, giftCount: shown.giftCount, skus: shown.skus.split(",") },
      after: null,
    }),
  ]);
}
