import { Icon } from "~/components/ui/Icon";
import { useTranslation } from "~/i18n/texts";
import type { VisitorActionProps } from "./visitor-login";

// A visitor's actions as React renders them: on the product page (VisitorActions), and on the tiles
// the browser mounts itself (a navigation, "more"), which fetch this file with their body
// (ProductTile). The tiles of a page's first load keep the server's markup of them, so category
// and search load without it (docs/decisions/0054).

/** Add to cart (or "sold out") and wish, for a visitor: links to `href`, the sign-in page. */
export function VisitorActionLinks({ name, inStock, compact, href }: VisitorActionProps & { href: string }) {
  const { t } = useTranslation();
  return (
    <>
      {inStock ? (
        <a
          href={href}
          className="button button-primary add-to-cart"
          aria-label={compact ? t("product.addToCartNamed", { name }) : undefined}
        >
          <Icon name="cart" />
          <span className={compact ? "visually-hidden-mobile" : undefined}>{t("product.addToCart")}</span>
        </a>
      ) : (
        <p className="sold-out-note">{t("product.soldOut")}</p>
      )}
      <a href={href} className="button button-icon wish" aria-label={t("product.addToWishlistNamed", { name })}>
        <Icon name="heart" />
      </a>
    </>
  );
}
