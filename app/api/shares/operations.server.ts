/**
 * The shareholder's calls (spec section 7 "Shares"): the shares held with their history, the
 * purchase status the waiting modal polls (`frontend_status`, and `item_qty`, the shares waiting
 * in the cart), selling shares and cancelling a purchase. The same domain calls as
 * `/account/shareholder` (with its sell dialog), `/account/shareholder/status` and
 * `/content/shares/cancel`; the declaration's signing calls are in ./declaration.server.ts.
 */
import { z } from "zod";
import { formatGermanDate } from "~/domain/content/date";
import { nextPurchaseState } from "~/domain/share/purchase";
import { cancelPurchase, openPurchase, purchaseStatus } from "~/domain/share/purchase.server";
import { sellQuantity, sellSchema } from "~/domain/share/schema";
import { loadSellableShares, loadShareholdingWithLedger, markSharesForSale } from "~/domain/share/share.server";
import { translator } from "~/platform/i18n.server";
import { invalidInput } from "../errors.server";
import { euro, euroSchema } from "../money.server";
import { ApiFailure, operation } from "../operation.server";
import { DECLARATION_OPERATIONS } from "./declaration.server";

const TAG = "Anteile";

export const shareItems = operation({
  method: "GET",
  path: "/rest/V1/shareholder/items",
  summary: "Die eigenen Genossenschaftsanteile: Mitgliedsnummer, Anzahl, Wert, Cashback und Verlauf",
  operationId: "getShareholderItems",
  description:
    "Liefert die eigenen Genossenschaftsanteile: Mitgliedsnummer, gehaltene und verkaufbare Anteile, ihren Wert, den Cashback, vorgemerkte Verkäufe und den Verlauf.",
  tag: TAG,
  auth: true,
  response: z.object({
    state: z.enum(["none", "former", "member"]),
    shareholderId: z.string().nullable(),
    shareCount: z.number().int(),
    shareName: z.string().describe("Die Bezeichnung des Anteils"),
    sellable: z.number().int(),
    sharesValue: euroSchema("Wert der gehaltenen Anteile"),
    cashback: z
      .number()
      .describe("Die Rückvergütung in Prozent des Warenwerts (1,9 + 0,1 je Anteil, ab 21 Anteilen 4)"),
    pendingSales: z.array(z.object({ quantity: z.number().int(), effectiveAt: z.string(), payoutAt: z.string() })),
    history: z.array(
      z.object({
        date: z.string(),
        type: z.enum(["purchase", "cancellation"]),
        quantity: z.number().int(),
        value: euroSchema("Wert der Anteile des Eintrags"),
        effectiveAt: z.string(),
      }),
    ),
  }),
  async run(_input, { env, customerId }) {
    const [{ holding, entries: history }, t] = await Promise.all([
      loadShareholdingWithLedger(env.DB, customerId),
      translator("api"),
    ]);
    const member = holding.kind === "member" ? holding : null;
    return {
      state: holding.kind,
      shareholderId: holding.kind === "none" ? null : holding.memberNumber,
      shareCount: member?.counts.held ?? 0,
      shareName: t("shareName"),
      sellable: member?.counts.sellable ?? 0,
      sharesValue: euro(member?.valueCents ?? 0),
      // per mille to percent: 24 ‰ is 2.4 %
      cashback: (member?.permille ?? 0) / 10,
      pendingSales: member?.pendingSales ?? [],
      history: history.map((e) => ({
        date: e.createdAt,
        type: e.type,
        quantity: e.quantity,
        value: euro(e.valueCents),
        effectiveAt: e.effectiveAt,
      })),
    };
  },
});

const purchaseStatusShape = {
  frontend_status: z.enum(["ok", "pending", "none"]),
  shareholder_state: z.enum(["blocked", "open"]),
  item_qty: z.number().int(),
};

async function purchaseStatusResource(db: D1Database, customerId: number) {
  const status = await purchaseStatus(db, customerId);
  return {
    frontend_status: status.frontendStatus,
    shareholder_state: status.shareholderState,
    item_qty: status.quantity,
  };
}

export const sharePurchaseStatus = operation({
  method: "GET",
  path: "/rest/V1/shareholder/purchase/status",
  summary: "Der Stand des Anteilskaufs (frontend_status „ok“: zugelassen) und die Anteile im Warenkorb (item_qty)",
  operationId: "getSharePurchaseStatus",
  description:
    "Liefert den Stand des eigenen Anteilskaufs (frontend_status, shareholder_state) und die Anteile im Warenkorb (item_qty), wie ihn das Wartefenster des Shops abfragt.",
  tag: TAG,
  auth: true,
  response: z.object(purchaseStatusShape),
  run: (_input, { env, customerId }) => purchaseStatusResource(env.DB, customerId),
});

export const sellShares = operation({
  method: "POST",
  path: "/rest/V1/shareholder/item/sell",
  summary:
    "Anteile zur Kündigung vormerken (wie der Dialog „Anteile verkaufen“): höchstens die verkaufbaren, wirksam zum Ende des Geschäftsjahres",
  operationId: "sellShares",
  description:
    "Merkt verkaufbare Anteile zur Kündigung vor, wirksam zum Ende des Geschäftsjahres, mit den Prüfungen des Dialogs „Anteile verkaufen“. Abgewiesen werden mehr Anteile als verkaufbar und ein Verkauf, dem eine andere Vormerkung derselben Anteile zuvorgekommen ist.",
  tag: TAG,
  auth: true,
  errors: {
    409: "Keine verkaufbaren Anteile, oder sie wurden inzwischen anders vorgemerkt: nichts wurde vorgemerkt",
  },
  body: z.object({ quantity: sellQuantity.describe("Wie viele Anteile, mindestens 1, höchstens „sellable“") }).strict(),
  response: z.object({
    /** The page's confirmation, with the number marked. */
    message: z.string(),
    quantity: z.number().int(),
    effectiveAt: z.string().describe("Der Tag, an dem die Kündigung wirksam wird (JJJJ-MM-TT)"),
  }),
  async run({ body }, { env, customerId }) {
    const sellable = await loadSellableShares(env.DB, customerId);
    if (sellable === 0) throw new ApiFailure(409, "shares:sell.nothingSellable", ["quantity"]);
    // the dialog's own check: at most what is sellable now
    const checked = sellSchema(sellable).strict().safeParse(body);
    if (!checked.success) throw await invalidInput(checked.error, "body");
    const { quantity } = checked.data;
    // The insert is guarded by the ledger: of sells racing for the same shares, the ones it no
    // longer covers mark nothing.
    const outcome = await markSharesForSale(env.DB, customerId, quantity);
    if (!outcome.ok) throw new ApiFailure(409, "shares:sell.failed", ["quantity"]);
    const t = await translator("shares");
    return {
      message: t("sell.done", { count: quantity, date: formatGermanDate(outcome.effectiveAt) }),
      quantity,
      effectiveAt: outcome.effectiveAt,
    };
  },
});

export const cancelSharePurchase = operation({
  method: "PUT",
  path: "/rest/V1/shareholder/cancel",
  summary:
    "Den eigenen Anteilskauf abbrechen („Kauf abbrechen“): vor der Unterschrift, nach der Zulassung oder im Warenkorb, nicht während der Prüfung und nicht mehr nach der Bestellung",
  operationId: "cancelSharePurchase",
  description:
    "Bricht den offenen Anteilskauf ab wie „Kauf abbrechen“ und antwortet den neuen Stand. Während der Prüfung und nach der Bestellung geht das nicht; ein Kauf einer anderen Kundin oder ein unbekannter ist nicht gefunden.",
  tag: TAG,
  auth: true,
  errors: {
    404: "Kein offener Kauf (mit dieser purchaseId)",
    409: "Der Kauf lässt sich gerade nicht abbrechen (in Prüfung oder bestellt)",
  },
  body: z
    .object({
      purchaseId: z
        .string()
        .min(1)
        .max(64)
        .optional()
        .describe("Der Kauf, der abgebrochen werden soll (shares.purchase_id des Warenkorbs); ohne: der offene Kauf"),
    })
    .strict(),
  response: z.object({ message: z.string(), ...purchaseStatusShape }),
  async run({ body }, { env, customerId }) {
    const open = await openPurchase(env.DB, customerId);
    // Another customer's purchase, an ended one or an unknown id: nothing to cancel here.
    if (!open || (body.purchaseId !== undefined && body.purchaseId !== open.id))
      throw new ApiFailure(404, "shares:cancel.failed", body.purchaseId === undefined ? [] : ["purchaseId"]);
    const cancellable = nextPurchaseState(open.status, "cancel") !== null;
    if (!cancellable || !(await cancelPurchase(env.DB, customerId, open.id)))
      throw new ApiFailure(409, "shares:cancel.failed", ["purchaseId"]);
    const [t, status] = await Promise.all([translator("shares"), purchaseStatusResource(env.DB, customerId)]);
    return { message: t("cancel.done"), ...status };
  },
});

export const SHARE_OPERATIONS = [
  shareItems,
  sharePurchaseStatus,
  sellShares,
  cancelSharePurchase,
  ...DECLARATION_OPERATIONS,
];
