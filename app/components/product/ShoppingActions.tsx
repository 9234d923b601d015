import { useTranslation } from "~/i18n/texts";
import { WishButton } from "~/components/account/WishButton";
import { AddToCartButton } from "~/components/cart/AddToCartButton";
import { useShopper } from "~/components/account/useShopper";
import { Icon } from "~/components/ui/Icon";
import { LoginRequiredLink } from "~/components/ui/LoginPrompt";

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
  return (
    <div className={compact ? "shopping-actions compact" : "shopping-actions"}>
      {inStock && customer ? <AddToCartButton sku={sku} name={name} compact={compact} /> : null}
      {inStock && !customer ? (
        <LoginRequiredLink
          className="button button-primary add-to-cart"
          label={compact ? t("product.addToCartNamed", { name }) : undefined}
        >
          <Icon name="cart" />
          <span className={compact ? "visually-hidden-mobile" : undefined}>{t("product.addToCart")}</span>
        </LoginRequiredLink>
      ) : null}
      {inStock ? null : <p className="sold-out-note">{t("product.soldOut")}</p>}
      {customer ? (
        <WishButton sku={sku} name={name} wished={wishlist.includes(sku)} />
      ) : (
        <LoginRequiredLink className="button button-icon wish" label={t("product.addToWishlistNamed", { name })}>
          <Icon name="heart" />
        </LoginRequiredLink>
      )}
    </div>
  );
}
