/**
 * The invoice of a completed order as a PDF download (issue 32 §3, docs/decisions/0042-invoices.md).
 * A resource route: only the loader. Issued on the first download; only the order's customer gets
 * it, and any other order number, or an order without an invoice, answers 404 and issues nothing.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { idParam } from "~/domain/customer/id-param";
import { invoiceNumberText } from "~/domain/invoice/invoice";
import { invoicePdf } from "~/domain/invoice/invoice-pdf.server";
import { invoiceForOrder } from "~/domain/invoice/invoice.server";
import { requireCustomer } from "~/platform/auth.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/edge-cache.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, context);
  const number = idParam(params.number);
  const invoice =
    number === null
      ? null
      : await invoiceForOrder(context.env.DB, customer.id, number, new Date(), {
          bucket: context.env.ARCHIVE,
        });
  if (!invoice) throw new Response("Not Found", { status: 404, headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
  const pdf = await invoicePdf(invoice);
  const name = `Rechnung-${invoiceNumberText(invoice.series, invoice.number)}.pdf`;
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": PRIVATE_CACHE_CONTROL,
    },
  });
}
