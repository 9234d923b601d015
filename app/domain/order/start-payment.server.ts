/**
 * The step after ordering: the placed order's payment is opened at the provider, and the
 * customer goes to its hosted page (or, when nothing is left to do there, straight to the return
 * page, which waits for the provider's confirmation).
 */
import { first, prepare, qb } from "~/platform/db.server";
import type { PaymentProvider, ProviderMethod, StartedPayment } from "~/platform/payment-provider";
import type { SignedInCustomer } from "~/platform/session.server";
import { returnPath } from "./order";
import { settlePayment } from "./payment.server";
import { paymentWayForward } from "./payment-window";

export type PaymentStart =
  | { kind: "started"; pageUrl: string }
  /** The provider could not open the payment: the order is cancelled and its cart given back. */
  | { kind: "failed"; method: ProviderMethod }
  /**
   * It cannot be opened now (too late, or the shop could not record the opening): the order page
   * says what happens, and the reconciliation settles it (payment-window.ts).
   */
  | { kind: "waiting" };

export interface PaymentContext {
  origin: string;
  description: string;
  client: { ip: string; userAgent: string };
}

const isProviderMethod = (m: string): m is ProviderMethod => m === "paypal" || m === "card" || m === "sepa";

function mandateIban(json: string | null): string | null {
  if (!json) return null;
  const iban: unknown = (JSON.parse(json) as { iban?: unknown }).iban;
  return typeof iban === "string" ? iban : null;
}

export async function startOrderPayment(
  db: D1Database,
  provider: PaymentProvider,
  customer: SignedInCustomer,
  paymentId: string,
  ctx: PaymentContext,
  now = new Date(),
): Promise<PaymentStart | null> {
  const row = await first(
    db,
    qb
      .selectFrom("payment as p")
      .innerJoin("customer_order as o", "o.id", "p.order_id")
      .select([
        "p.id",
        "p.order_id",
        "p.method",
        "p.amount_cents",
        "p.status",
        "p.provider_ref",
        "p.page_url",
        "p.created_at",
        "o.increment_id",
        "o.sepa_mandate",
      ])
      .where("p.id", "=", paymentId)
      .where("o.customer_id", "=", customer.id),
  );
  if (row?.status !== "pending" || !isProviderMethod(row.method)) return null;
  // A resubmitted checkout finds its payment already opened: the same page again.
  if (row.provider_ref) return { kind: "started", pageUrl: row.page_url ?? returnPath(row.id) };
  // Past this the reconciliation may cancel it: an opening now could race with it.
  if (paymentWayForward({ ...row, providerRef: null, pageUrl: null, createdAt: row.created_at }, now)?.kind !== "open")
    return { kind: "waiting" };

  let started: StartedPayment;
  try {
    started = await provider.startPayment({
      paymentId: row.id,
      orderId: row.order_id,
      orderNumber: row.increment_id,
      amountCents: row.amount_cents,
      currency: "EUR",
      method: row.method,
      description: ctx.description,
      customer: { email: customer.email, name: `${customer.firstname} ${customer.lastname}` },
      sepa: row.method === "sepa" ? { iban: mandateIban(row.sepa_mandate) ?? "" } : null,
      returnUrl: `${ctx.origin}${returnPath(row.id)}`,
      cancelUrl: `${ctx.origin}${returnPath(row.id)}&cancel=1`,
      client: ctx.client,
    });
  } catch (error) {
    console.error(`payment ${row.id} could not be opened at ${provider.name}`, error);
    await settlePayment(
      db,
      {
        confirmationId: `start-failed-${row.id}`,
        paymentId: row.id,
        orderId: row.order_id,
        amountCents: row.amount_cents,
        currency: "EUR",
        outcome: "canceled",
      },
      ctx.origin,
    );
    return { kind: "failed", method: row.method };
  }
  if (await recordOpening(db, row.id, provider.name, started))
    return { kind: "started", pageUrl: started.pageUrl ?? returnPath(row.id) };
  // Unrecorded, the opening must not be payable: the reconciliation cancels the order.
  await provider.cancelPayment(started.providerRef, row.id).catch((error: unknown) => {
    console.error(`payment ${row.id} opened at ${provider.name} but not recorded, and not ended there`, error);
  });
  return { kind: "waiting" };
}

/**
 * The provider's reference, once, on a payment still pending; false when that did not happen. A
 * replay opening the same payment at the same moment got the same reference (the provider's own
 * idempotency key) and may have recorded it first.
 */
async function recordOpening(db: D1Database, paymentId: string, providerName: string, started: StartedPayment) {
  try {
    const result = await prepare(
      db,
      qb
        .updateTable("payment")
        .set({ provider: providerName, provider_ref: started.providerRef, page_url: started.pageUrl })
        .where("id", "=", paymentId)
        .where("status", "=", "pending")
        .where("provider_ref", "is", null),
    ).run();
    if (result.meta.changes === 1) return true;
    const recorded = await first(
      db,
      qb.selectFrom("payment").select(["provider_ref", "status"]).where("id", "=", paymentId),
    );
    return recorded?.status === "pending" && recorded.provider_ref === started.providerRef;
  } catch (error) {
    console.error(`payment ${paymentId}: its opening could not be recorded`, error);
    return false;
  }
}
