import { useTranslation } from "~/i18n/texts";
import { WishButton } from "~/components/account/WishButton";
import { AddToCartButton } from "~/components/cart/AddToCartButton";
import { useShopper } from "~/components/account/useShopper";
import { actionsClass, VisitorActions } from "./VisitorActions";

/**
 * Add-to-cart and wish buttons. Visitors get the login prompt (or /login without JavaScript);
 * signed-in customers put products into their cart and on their wishlist.
 */
export function ShoppingActions({
  sku,
  name,
  inStock,
  compact = false,
}: {
  sku: string;
  name: string;
  inStock: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { customer, wishlist } = useShopper();
  if (!customer) return <VisitorActions name={name} inStock={inStock} compact={compact} />;
  return (
    <div className={actionsClass(compact)}>
      {inStock ? (
        <AddToCartButton sku={sku} name={name} compact={compact} />
      ) : (
        <p className="sold-out-note">{t("product.soldOut")}</p>
      )}
      <WishButton sku={sku} name={name} wished={wishlist.includes(sku)} />
    </div>
  );
}
