import { useTranslation } from "~/i18n/texts";
import { formatEuro, reductionPercent } from "~/domain/money/format";
import { basePrice } from "~/domain/catalog/quantity";
import type { ProductSummary } from "~/domain/catalog/product";

/**
 * Price as German law wants it next to the product: the gross price, the base price per kg or l
 * (PAngV § 4), a reduction only against the lowest price of the last 30 days (§ 11), and the
 * deposit as its own amount.
 */
export function Price({ product, detailed = false }: { product: ProductSummary; detailed?: boolean }) {
  const { t } = useTranslation();
  const base = basePrice(product.priceCents, product);
  const basePriceText = base
    ? t("price.basePrice", { amount: formatEuro(base.cents), unit: t(`units.${base.unit}`) })
    : "";
  const reference = product.lowestPrice30dCents;
  return (
    <div className={detailed ? "price price-detailed" : "price"}>
      <p className="price-line">
        <span className={reference ? "price-current price-sale" : "price-current"}>
          {formatEuro(product.priceCents)}
        </span>
        {reference ? (
          <span className="price-reduction">
            {t("price.reduction", { percent: reductionPercent(product.priceCents, reference) })}
          </span>
        ) : null}
      </p>
      {reference ? <p className="price-reference">{t("price.lowest30", { amount: formatEuro(reference) })}</p> : null}
      {base ? (
        <p className="price-base">
          {/* one wording of the base price on tiles, product page and cart ("1,39 € pro Liter") */}
          {detailed ? t("price.basePriceLabeled", { basePrice: basePriceText }) : basePriceText}
        </p>
      ) : null}
      {product.depositCents > 0 ? (
        <p className="price-deposit">{t("price.deposit", { amount: formatEuro(product.depositCents) })}</p>
      ) : null}
    </div>
  );
}
