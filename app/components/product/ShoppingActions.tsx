import { useTranslation } from "~/i18n/texts";
import { WishButton } from "~/components/account/WishButton";
import { AddToCartButton } from "~/components/cart/AddToCartButton";
import { useShopper } from "~/components/account/useShopper";
import { actionsClass } from "./visitor-login";

/**
 * A signed-in customer's add-to-cart and wish buttons. A visitor's actions (the login prompt, or
 * /login without JavaScript) are VisitorActions, a file of their own: the tiles of a page's first
 * load keep the server's markup of them (ProductTile).
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
  const { wishlist } = useShopper();
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
