/**
 * The shareholder's reads (spec section 7 "Shares"): the shares held with their history, and the
 * purchase status the waiting modal polls (`frontend_status`, and `item_qty`, the shares waiting
 * in the cart). The same domain reads as `/account/shareholder` and `/account/shareholder/status`.
 */
import { z } from "zod";
import { purchaseStatus } from "~/domain/share/purchase.server";
import { loadShareholdingWithLedger } from "~/domain/share/share.server";
import { operation } from "../operation.server";

const TAG = "Anteile";

export const shareItems = operation({
  method: "GET",
  path: "/rest/V1/shareholder/items",
  summary: "Die eigenen Genossenschaftsanteile: Mitgliedsnummer, Anzahl, Wert, Cashback und Verlauf",
  tag: TAG,
  auth: true,
  response: z.object({
    state: z.enum(["none", "former", "member"]),
    shareholderId: z.string().nullable(),
    shareCount: z.number().int(),
    sellable: z.number().int(),
    /** cents */
    sharesValue: z.number().int(),
    /** per mille of the goods' value */
    cashbackPermille: z.number().int(),
    pendingSales: z.array(z.object({ quantity: z.number().int(), effectiveAt: z.string(), payoutAt: z.string() })),
    history: z.array(
      z.object({
        date: z.string(),
        type: z.enum(["purchase", "cancellation"]),
        quantity: z.number().int(),
        /** cents */
        value: z.number().int(),
        effectiveAt: z.string(),
      }),
    ),
  }),
  async run(_input, { env, customerId }) {
    const { holding, entries: history } = await loadShareholdingWithLedger(env.DB, customerId);
    const member = holding.kind === "member" ? holding : null;
    return {
      state: holding.kind,
      shareholderId: holding.kind === "none" ? null : holding.memberNumber,
      shareCount: member?.counts.held ?? 0,
      sellable: member?.counts.sellable ?? 0,
      sharesValue: member?.valueCents ?? 0,
      cashbackPermille: member?.permille ?? 0,
      pendingSales: member?.pendingSales ?? [],
      history: history.map((e) => ({
        date: e.createdAt,
        type: e.type,
        quantity: e.quantity,
        value: e.valueCents,
        effectiveAt: e.effectiveAt,
      })),
    };
  },
});

export const sharePurchaseStatus = operation({
  method: "GET",
  path: "/rest/V1/shareholder/purchase/status",
  summary: "Der Stand des Anteilskaufs (frontend_status „ok“: zugelassen) und die Anteile im Warenkorb (item_qty)",
  tag: TAG,
  auth: true,
  response: z.object({
    frontend_status: z.enum(["ok", "pending", "none"]),
    shareholder_state: z.enum(["blocked", "open"]),
    item_qty: z.number().int(),
  }),
  async run(_input, { env, customerId }) {
    const status = await purchaseStatus(env.DB, customerId);
    return {
      frontend_status: status.frontendStatus,
      shareholder_state: status.shareholderState,
      item_qty: status.quantity,
    };
  },
});

export const SHARE_OPERATIONS = [shareItems, sharePurchaseStatus];
