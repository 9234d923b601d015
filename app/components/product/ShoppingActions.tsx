import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/Icon";
import { LoginRequiredLink } from "~/components/ui/LoginPrompt";

/**
 * Add-to-cart and wish buttons. Visitors get the login prompt (or /login without JavaScript);
 * the signed-in variants come with accounts and the cart.
 */
export function ShoppingActions({ name, inStock, compact = false }: { name: string; inStock: boolean; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={compact ? "shopping-actions compact" : "shopping-actions"}>
      {inStock ? (
        <LoginRequiredLink className="button button-primary add-to-cart" label={compact ? t("product.addToCartNamed", { name }) : undefined}>
          <Icon name="cart" />
          <span className={compact ? "visually-hidden-mobile" : undefined}>{t("product.addToCart")}</span>
        </LoginRequiredLink>
      ) : (
        <p className="sold-out-note">{t("product.soldOut")}</p>
      )}
      <LoginRequiredLink className="button button-icon wish" label={t("product.addToWishlistNamed", { name })}>
        <Icon name="heart" />
      </LoginRequiredLink>
    </div>
  );
}
