import { useTranslation } from "~/i18n/texts";
import { hasInvoice, invoicePath } from "~/domain/invoice/invoice";
import type { OrderDetail } from "~/domain/order/order";

/**
 * The order page's download of its invoice (a PDF, so a plain link: the browser downloads it with
 * or without JavaScript). Only a completed order of goods has one (domain/invoice/invoice.ts).
 */
export function InvoiceLink({
  order,
}: {
  order: Pick<OrderDetail, "status" | "channel" | "carrierCode" | "incrementId">;
}) {
  const { t } = useTranslation("orders");
  if (!hasInvoice(order)) return null;
  return (
    <p className="order-invoice">
      <a href={invoicePath(order.incrementId)} className="button button-secondary" download>
        {t("invoice.download")}
      </a>
    </p>
  );
}
