/**
 * A correction of an order's invoice (Rechnungskorrektur) as a PDF download (issue 32 §3,
 * docs/decisions/0043-credit-notes.md). A resource route like the invoice's: only the order's
 * customer gets it; another customer's order, an unknown number or a correction of another order
 * answers 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { idParam } from "~/domain/customer/id-param";
import { invoiceNumberText } from "~/domain/invoice/invoice";
import { invoicePdf } from "~/domain/invoice/invoice-pdf.server";
import { creditNoteForOrder } from "~/domain/invoice/credit-note.server";
import { requireCustomer } from "~/platform/auth.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/edge-cache.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const number = idParam(params.number);
  const credit = idParam(params.credit);
  const note =
    number === null || credit === null ? null : await creditNoteForOrder(context.env.DB, customer.id, number, credit);
  if (!note) throw new Response("Not Found", { status: 404, headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
  const pdf = await invoicePdf(note);
  const name = `Rechnungskorrektur-${invoiceNumberText(note.series, note.number)}.pdf`;
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": PRIVATE_CACHE_CONTROL,
    },
  });
}
