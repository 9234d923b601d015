import { useTranslation } from "~/i18n/texts";
import { creditNotePath } from "~/domain/invoice/credit-note";
import { hasInvoice, invoiceNumberText, invoicePath } from "~/domain/invoice/invoice";
import type { OrderDetail } from "~/domain/order/order";

/**
 * The order page's download of its invoice and of each correction a refund made of it (PDFs, so
 * plain links: the browser downloads them with or without JavaScript). Only a completed order of
 * goods has an invoice (domain/invoice/invoice.ts), and only an invoice has corrections.
 */
export function InvoiceLink({
  order,
  creditNotes = [],
}: {
  order: Pick<OrderDetail, "status" | "channel" | "carrierCode" | "incrementId">;
  creditNotes?: { series: string; number: number }[];
}) {
  const { t } = useTranslation("orders");
  if (!hasInvoice(order)) return null;
  return (
    <p className="order-invoice">
      <a href={invoicePath(order.incrementId)} className="button button-secondary" download>
        {t("invoice.download")}
      </a>
      {creditNotes.map((c) => (
        <a
          key={c.number}
          href={creditNotePath(order.incrementId, c.number)}
          className="button button-secondary"
          download
        >
          {t("creditNote.download", { number: invoiceNumberText(c.series, c.number) })}
        </a>
      ))}
    </p>
  );
}
