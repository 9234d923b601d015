/**
 * Buying shares in D1 (docs/decisions/0021): the declaration, the signing service's confirmation,
 * the cooperative's check, the shares going into the cart, and cancelling. Every move is one
 * UPDATE guarded by the state it leaves (domain/share/purchase.ts), so a replayed confirmation,
 * two polling tabs or a double click move a purchase at most once. Customer-facing reads and
 * writes are scoped by the customer id.
 */
import { sql } from "kysely";
import { z } from "zod";
import type { Env } from "~/platform/context";
import { all, first, prepare, qb } from "~/platform/db.server";
import { queueMail } from "~/platform/mailer.server";
import { signingProvider } from "~/platform/signing.server";
import type { CustomerOfSession } from "~/platform/session.server";
import type { SigningEvent } from "~/platform/signing-provider";
import {
  FINAL_STATES,
  PURCHASE_MOVES,
  REVIEW_DELAY_MS,
  awaitsSignature,
  frontendStatus,
  isOpenPurchase,
  signingState,
  shareholderState,
  type FrontendStatus,
  type PurchaseEvent,
  type PurchaseState,
  type ShareholderState,
  type SigningState,
} from "./purchase";
import { declarationLines, signingMail, type Declaration } from "./declaration.server";

export interface OpenPurchase {
  id: string;
  quantity: number;
  status: PurchaseState;
}

/** The customer's purchase on its way (at most one), or null. */
export async function openPurchase(db: D1Database, customerId: number): Promise<OpenPurchase | null> {
  return first(db, openPurchaseQuery(customerId));
}

/** The customer by id, or by session in the session's own round trip (platform/session.server.ts). */
export function openPurchaseQuery(customer: number | CustomerOfSession) {
  return qb
    .selectFrom("share_purchase")
    .select(["id", "quantity", "status"])
    .where("customer_id", "=", customer)
    .where("status", "not in", [...FINAL_STATES]);
}

/** How long the purchase page still says that the last declaration was not signed. */
const DECLINED_SHOWN_MS = 7 * 86_400_000;

/**
 * The customer's latest purchase: the open one if there is one (a new declaration needs none to
 * be open, so the open purchase is always the latest), else the last that ended.
 */
function latestPurchase(customerId: number) {
  return qb
    .selectFrom("share_purchase")
    .select(["id", "quantity", "status", "signed_at", "signing_ref", "declaration", "updated_at", "refusal_reason"])
    .where("customer_id", "=", customerId)
    .orderBy("created_at", "desc")
    .limit(1);
}

const declinedLately = (p: { status: PurchaseState; updated_at: string } | null, now: Date) =>
  p?.status === "declined" && now.getTime() - Date.parse(p.updated_at) < DECLINED_SHOWN_MS;

/** How long the purchase page still gives the cooperative's reason for refusing the last declaration. */
const REFUSAL_SHOWN_MS = 90 * 86_400_000;

/**
 * How the customer's latest declaration ended, as the purchase page still tells it: declined at
 * signing (lately), or refused by the cooperative, with its reason.
 */
export async function lastDeclarationEnding(
  db: D1Database,
  customerId: number,
  now = new Date(),
): Promise<{ declined: boolean; refusalReason: string | null }> {
  const latest = await first(db, latestPurchase(customerId));
  const refused =
    latest?.status === "refused" && now.getTime() - Date.parse(latest.updated_at) < REFUSAL_SHOWN_MS
      ? latest.refusal_reason
      : null;
  return { declined: declinedLately(latest, now), refusalReason: refused };
}

export interface DeclarationStatus {
  /** "none": no declaration on its way (and none declined lately, which the page still names). */
  signing: SigningState | "none";
  quantity: number;
}

/**
 * Where the customer's declaration stands with the signing service, as the purchase page tells
 * it: waiting for the signature, signed (only by the service's confirmation), declined lately.
 */
export async function declarationStatus(
  db: D1Database,
  customerId: number,
  now = new Date(),
): Promise<DeclarationStatus> {
  const latest = await first(db, latestPurchase(customerId));
  if (latest && isOpenPurchase(latest.status))
    return { signing: signingState(latest.status, latest.signed_at), quantity: latest.quantity };
  return declinedLately(latest, now) && latest
    ? { signing: "declined", quantity: latest.quantity }
    : { signing: "none", quantity: 0 };
}

/**
 * The signing link of the customer's declaration while it waits for the signature (the link the
 * e-mail carries), or null when none waits. The provider gives it again for the same request.
 */
export async function signingLink(env: Env, customerId: number, origin: string): Promise<string | null> {
  const latest = await first(env.DB, latestPurchase(customerId));
  if (!latest || !awaitsSignature(latest.status)) return null;
  const declaration = readDeclaration(latest.declaration, latest.signing_ref);
  if (!declaration) return null;
  return signingProvider(env).signUrl(latest.signing_ref, await documentToSign(latest.id, declaration, origin));
}

/** What the signing service is asked to have signed: the declaration as stored, its signer. */
async function documentToSign(purchaseId: string, d: Declaration, origin: string) {
  return {
    purchaseId,
    signerEmail: d.email,
    signerName: `${d.firstname} ${d.lastname}`,
    ...(await declarationLines(d)),
    origin,
  };
}

/** The purchase status call (docs/decisions/0021): `frontend_status` and `shareholder_state`. */
export async function purchaseStatus(
  db: D1Database,
  customerId: number,
): Promise<{ frontendStatus: FrontendStatus; shareholderState: ShareholderState; quantity: number }> {
  const open = await openPurchase(db, customerId);
  return {
    frontendStatus: frontendStatus(open?.status ?? null),
    shareholderState: shareholderState(open?.status ?? null),
    quantity: open?.quantity ?? 0,
  };
}

/** SQL of one move: from one of the event's states to its next, with `extra` columns set. */
function move(event: PurchaseEvent, now: string, extra: Record<string, string | null> = {}) {
  const { from, to } = PURCHASE_MOVES[event];
  return qb
    .updateTable("share_purchase")
    .set({ status: to, updated_at: now, ...extra })
    .where("status", "in", [...from]);
}

export type DeclareOutcome = { kind: "declared"; purchaseId: string } | { kind: "alreadyOpen" };

/**
 * Records a declaration and asks the signing service for a signature; the signer gets the link
 * by e-mail, queued in the same batch as the purchase. The service's request comes first: if
 * the insert then finds another open purchase (a double submit), the unused request is never
 * signed and its confirmation would name no purchase.
 */
export async function declareShares(
  env: Env,
  customer: { id: number; email: string; firstname: string; lastname: string },
  declaration: Declaration,
  origin: string,
): Promise<DeclareOutcome> {
  if (await openPurchase(env.DB, customer.id)) return { kind: "alreadyOpen" };
  const purchaseId = crypto.randomUUID();
  // The declaration carries the profile's name and e-mail address: the signer is the customer.
  const { ref, signUrl } = await signingProvider(env).requestSignature(
    await documentToSign(purchaseId, declaration, origin),
  );
  const now = new Date().toISOString();
  try {
    await env.DB.batch([
      prepare(
        env.DB,
        qb.insertInto("share_purchase").values({
          id: purchaseId,
          customer_id: customer.id,
          quantity: declaration.quantity,
          status: "awaiting_signature",
          declaration: JSON.stringify(declaration),
          signing_ref: ref,
          order_id: null,
          created_at: now,
          signed_at: null,
          review_due_at: null,
          updated_at: now,
        }),
      ),
      queueMail(env.DB, await signingMail(customer, declaration, signUrl)),
    ]);
  } catch (error) {
    if (String(error).includes("UNIQUE constraint failed: share_purchase.customer_id")) return { kind: "alreadyOpen" };
    throw error;
  }
  return { kind: "declared", purchaseId };
}

export type SigningResult = "applied" | "unchanged" | "unknown";

/**
 * The signing service's confirmation, read and verified by the provider. Only a purchase still
 * waiting for its signature moves: a replay, or a late confirmation of the other outcome, finds
 * it moved already and changes nothing.
 */
export async function applySigningEvent(db: D1Database, event: SigningEvent, now = new Date()): Promise<SigningResult> {
  const stamp = now.toISOString();
  const query =
    event.outcome === "signed"
      ? move("sign", stamp, {
          signed_at: stamp,
          review_due_at: new Date(now.getTime() + REVIEW_DELAY_MS).toISOString(),
        })
      : move("declineSignature", stamp);
  const moved = await first(db, query.where("signing_ref", "=", event.ref).returning("id"));
  if (moved) return "applied";
  const known = await first(db, qb.selectFrom("share_purchase").select("id").where("signing_ref", "=", event.ref));
  return known ? "unchanged" : "unknown";
}

const storedDeclaration = z.object({
  quantity: z.number().int().positive(),
  firstname: z.string(),
  lastname: z.string(),
  dob: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  email: z.string(),
  address: z.object({
    street: z.string(),
    houseNumber: z.string().optional(),
    addressAddition: z.string().optional(),
    zip: z.string(),
    city: z.string(),
  }),
  consentsAt: z.string().datetime(),
}) satisfies z.ZodType<Declaration>;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A stored declaration, or null (only a hand-made row can hold a broken one). */
export function readDeclaration(json: string, ref: string): Declaration | null {
  const declaration = storedDeclaration.safeParse(safeJson(json));
  if (declaration.success) return declaration.data;
  console.error(`share purchase with signing ref ${ref} has no readable declaration`);
  return null;
}

/** The declaration the signing page shows, by the service's reference (the sandbox reads it). */
export async function findBySigningRef(db: D1Database, ref: string) {
  const row = await first(
    db,
    qb.selectFrom("share_purchase").select(["status", "signed_at", "declaration"]).where("signing_ref", "=", ref),
  );
  if (!row) return null;
  // the page must not show a broken document
  const declaration = readDeclaration(row.declaration, ref);
  return declaration && { signing: signingState(row.status, row.signed_at), declaration };
}

/**
 * The development stand-in for the cooperative (the Cron Trigger, only where stand-ins run): it
 * admits every signed declaration whose time has come, as its data were checked when it was made
 * (age, address, consents). In a deployment the cooperative decides in the back office
 * (cooperative.server.ts). Returns how many were admitted.
 */
export async function reviewDuePurchases(db: D1Database, now = new Date()): Promise<number> {
  const stamp = now.toISOString();
  const moved = await all(db, move("approve", stamp).where("review_due_at", "<=", stamp).returning("id"));
  return moved.length;
}

/**
 * The cooperative admits one declaration in review: the one move every admission makes (the back
 * office, the development page). Its shares then go into her cart as her pages find them.
 */
export function admission(purchaseId: string, now: Date) {
  return move("approve", now.toISOString()).where("id", "=", purchaseId);
}

/** The cooperative refuses one declaration in review, with the reason she is told; nothing is charged. */
export function refusal(purchaseId: string, reason: string, now: Date) {
  return move("refuse", now.toISOString(), { refusal_reason: reason }).where("id", "=", purchaseId);
}

/** The check by hand (development page): admits one purchase in review now. */
export async function reviewByHand(db: D1Database, purchaseId: string): Promise<boolean> {
  return (await first(db, admission(purchaseId, new Date()).returning("id"))) !== null;
}

/** Purchases in review and the latest others, for the development page. */
export async function recentPurchases(db: D1Database, limit = 20) {
  return all(
    db,
    qb
      .selectFrom("share_purchase as p")
      .innerJoin("customer as c", "c.id", "p.customer_id")
      .select(["p.id", "p.quantity", "p.status", "p.created_at", "p.review_due_at", "c.email"])
      .orderBy(sql`p.status = 'in_review'`, "desc")
      .orderBy("p.updated_at", "desc")
      .limit(limit),
  );
}

/**
 * Puts the admitted shares into the cart: one UPDATE, so of any number of tabs polling at once
 * exactly one moves them, and shares already in the cart are never added again. Returns how many
 * went in, or null when there were none to add.
 */
export async function addAdmittedSharesToCart(db: D1Database, customerId: number): Promise<number | null> {
  const row = await first(
    db,
    move("addToCart", new Date().toISOString()).where("customer_id", "=", customerId).returning("quantity"),
  );
  return row?.quantity ?? null;
}

/**
 * "Kauf abbrechen": ends the customer's own purchase while it may still be cancelled (before the
 * signature, once admitted, or in the cart). Not while the cooperative checks it, and not once
 * ordered: then the order's payment decides.
 */
export async function cancelPurchase(db: D1Database, customerId: number, purchaseId: string): Promise<boolean> {
  const row = await first(
    db,
    move("cancel", new Date().toISOString())
      .where("id", "=", purchaseId)
      .where("customer_id", "=", customerId)
      .returning("id"),
  );
  return row !== null;
}
