import { useTranslation } from "~/i18n/texts";
import { formatNetQuantity, type NetQuantity as Quantity } from "~/domain/catalog/quantity";

export function formatQuantityText(q: Quantity, t: (key: string, opts?: Record<string, unknown>) => string): string {
  if (q.unit !== "piece") return formatNetQuantity(q);
  const pieces = t("units.pieces", { count: q.netQuantity });
  return q.packCount > 1 ? `${q.packCount} × ${pieces}` : pieces;
}

export function NetQuantity({ quantity }: { quantity: Quantity }) {
  const { t } = useTranslation();
  return <>{formatQuantityText(quantity, t)}</>;
}
