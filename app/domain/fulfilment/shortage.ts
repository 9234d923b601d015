/**
 * Short lines (issue 32 §2, docs/decisions/0041-fulfilment.md "Short lines"): what the picker
 * cannot find is taken off the order and paid back. The order is then worked out again by the
 * checkout's own rules (cartTotals): the lines and their deposit go, VAT is split again, a voucher
 * below its minimum order value no longer counts and a percentage follows the smaller subtotal,
 * and gifts the smaller subtotal no longer earns leave the order too. Two things the checkout would
 * do are left out, because the shortfall is the shop's: shipping is never raised (free shipping
 * stays free), and the customer never owes more than she paid (a lost voucher takes at most the
 * missing goods' value off the refund). Pure: no I/O.
 */
import { surplusGifts, type GiftStep } from "~/domain/cart/gifts";
import { cartTotals, type Coupon, type Totals, type TotalsLine } from "~/domain/cart/totals";

export interface ShortageLine extends TotalsLine {
  sku: string;
  name: string;
}

/** The order as it stands, with the totals it was charged. */
export interface ShortageOrder {
  lines: ShortageLine[];
  /** The order's voucher by today's terms; null without one. */
  coupon: Coupon | null;
  subtotalCents: number;
  discountCents: number;
  depositCents: number;
  shippingCents: number;
  /** Account balance the customer paid with. */
  creditCents: number;
  sharesCents: number;
}

/** Pieces of one line the picker could not find. */
export interface Missing {
  sku: string;
  isGift: boolean;
  qty: number;
}

/** What leaves the order: missing pieces, or a gift the order no longer earns. */
export interface RemovedLine {
  sku: string;
  isGift: boolean;
  name: string;
  qty: number;
  reason: "missing" | "giftRule";
}

export interface Shortage {
  removed: RemovedLine[];
  /** The order's lines afterwards (a line with nothing left is gone). */
  lines: ShortageLine[];
  totals: Totals;
  /** What goes back to the customer: the goods' price before less after (never below 0). */
  refundCents: number;
  /** The voucher counted before and no longer does (its minimum order value is not reached). */
  voucherLost: boolean;
}

export type ShortageRefusal = "unknownLine" | "tooMany" | "nothingMissing" | "nothingLeft";

const sameLine = (a: { sku: string; isGift: boolean }, b: { sku: string; isGift: boolean }) =>
  a.sku === b.sku && a.isGift === b.isGift;

/** Gifts chosen, counted in pieces. */
const giftCount = (lines: ShortageLine[]) => lines.filter((l) => l.isGift).reduce((sum, l) => sum + l.qty, 0);

/** What the customer pays for the goods, before her balance: the figure a refund changes. */
const goodsCents = (t: { subtotalCents: number; discountCents: number; depositCents: number; shippingCents: number }) =>
  t.subtotalCents - t.discountCents + t.depositCents + t.shippingCents;

/**
 * Takes off the surplus gifts: the last by article number first, so the same order always keeps
 * the same gifts.
 */
function dropGifts(lines: ShortageLine[], surplus: number): { lines: ShortageLine[]; removed: RemovedLine[] } {
  let left = surplus;
  const removed: RemovedLine[] = [];
  const gifts = lines.filter((l) => l.isGift).sort((a, b) => b.sku.localeCompare(a.sku));
  const kept = new Map(lines.map((l) => [l, l.qty]));
  for (const gift of gifts) {
    if (left === 0) break;
    const qty = Math.min(left, gift.qty);
    kept.set(gift, gift.qty - qty);
    removed.push({ sku: gift.sku, isGift: true, name: gift.name, qty, reason: "giftRule" });
    left -= qty;
  }
  return { lines: lines.map((l) => ({ ...l, qty: kept.get(l) ?? l.qty })).filter((l) => l.qty > 0), removed };
}

export function orderAfterShortage(
  order: ShortageOrder,
  missing: Missing[],
  giftSteps: GiftStep[],
): { ok: true; shortage: Shortage } | { ok: false; reason: ShortageRefusal } {
  const wanted = missing.filter((m) => m.qty > 0);
  if (wanted.length === 0) return { ok: false, reason: "nothingMissing" };
  for (const m of wanted) {
    const line = order.lines.find((l) => sameLine(l, m));
    if (!line) return { ok: false, reason: "unknownLine" };
    const asked = wanted.filter((w) => sameLine(w, m)).reduce((sum, w) => sum + w.qty, 0);
    if (!Number.isSafeInteger(m.qty) || asked > line.qty) return { ok: false, reason: "tooMany" };
  }
  const shortened = order.lines
    .map((l) => ({ ...l, qty: l.qty - wanted.filter((m) => sameLine(l, m)).reduce((sum, m) => sum + m.qty, 0) }))
    .filter((l) => l.qty > 0);
  // an order with none of its goods left is no short line but a cancellation
  if (!shortened.some((l) => !l.isGift)) return { ok: false, reason: "nothingLeft" };

  const subtotalAfter = shortened.filter((l) => !l.isGift).reduce((sum, l) => sum + l.unitPriceCents * l.qty, 0);
  const gifts = dropGifts(shortened, surplusGifts(giftSteps, subtotalAfter, giftCount(shortened)));
  const totalsFor = (coupon: Coupon | null) =>
    cartTotals({
      lines: gifts.lines,
      // shipping as charged: never raised, free shipping stays free
      shippingCents: order.shippingCents,
      coupon,
      creditCents: order.creditCents,
      sharesCents: order.sharesCents,
    });
  // a voucher that no longer exists keeps what it gave
  const coupon = order.coupon ?? (order.discountCents > 0 ? { kind: "fixed", amountCents: order.discountCents } : null);
  const checkout = totalsFor(coupon);
  let totals = checkout;
  const before = goodsCents(order);
  if (goodsCents(totals) > before) {
    // the lost voucher would cost more than the missing goods: she keeps what she paid, no more
    const discount = goodsCents({ ...totals, discountCents: 0 }) - before;
    totals = totalsFor({ kind: "fixed", amountCents: discount });
  }
  return {
    ok: true,
    shortage: {
      removed: [
        ...wanted.map((m) => {
          const line = order.lines.find((l) => sameLine(l, m))!;
          return { sku: m.sku, isGift: m.isGift, name: line.name, qty: m.qty, reason: "missing" as const };
        }),
        ...gifts.removed,
      ],
      lines: gifts.lines,
      totals,
      refundCents: Math.max(0, before - goodsCents(totals)),
      voucherLost: order.discountCents > 0 && !checkout.couponApplied,
    },
  };
}

/**
 * The refund's key: what was found missing, against which quantities. The same form sent twice is
 * the same refund; a second shortage found later on the same order is another one.
 */
export function shortageKey(orderId: string, lines: ShortageLine[], missing: Missing[]): string {
  const parts = missing
    .filter((m) => m.qty > 0)
    .map((m) => {
      const line = lines.find((l) => sameLine(l, m));
      return `${m.sku}${m.isGift ? "g" : ""}:${line?.qty ?? 0}-${m.qty}`;
    })
    .sort();
  return `short-${orderId}-${parts.join(",")}`;
}
