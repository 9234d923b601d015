import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { Icon } from "~/components/ui/Icon";
import { AccountLink } from "~/components/ui/LoginPrompt";
import { CategoryMenu } from "./CategoryMenu";
import { MainMenu } from "./MainMenu";
import { SearchForm } from "./SearchForm";

export function Header({
  darkMode,
  customer,
  cart,
}: {
  darkMode: "1" | "0";
  customer: { firstname: string } | null;
  cart: { items: string; total: string } | null;
}) {
  const { t } = useTranslation();
  const signedIn = customer !== null;
  return (
    <header className="site-header">
      <div className="header-bar">
        <MainMenu darkMode={darkMode} signedIn={signedIn} />
        <Link to="/" className="logo" aria-label={t("shop.logoLabel")}>
          <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
            <path className="logo-basket" d="M4 13h24l-3 13H7zM10 13l4-8M22 13l-4-8" />
          </svg>
          <span className="logo-name">{t("shop.name")}</span>
        </Link>
        <CategoryMenu />
        <SearchForm />
        <nav className="header-actions" aria-label={t("menu.shortcuts")}>
          <AccountLink signedIn={signedIn} className="header-button" label={t("menu.wish")} to="/account/wishlist">
            <Icon name="heart" />
          </AccountLink>
          <AccountLink
            signedIn={signedIn}
            className="header-button"
            label={customer ? t("menu.hello", { name: customer.firstname }) : t("menu.account")}
            to="/account"
          >
            <Icon name="user" />
          </AccountLink>
          {cart ? (
            <CartLink items={cart.items} total={cart.total} />
          ) : (
            <AccountLink signedIn={signedIn} className="header-button" label={t("menu.cart")} to="/cart">
              <Icon name="cart" />
            </AccountLink>
          )}
        </nav>
      </div>
    </header>
  );
}

/**
 * The signed-in customer's cart, named with its figures ("Warenkorb, 3 Artikel, 12,34 €"): a badge
 * with the pieces and, on wide screens, the goods' value. The name comes from the link's own text,
 * the visible figures in their places between hidden words, so it holds what the customer sees in
 * the same order (WCAG 2.5.3, label in name). An empty cart hides the figures by `data-items` (an
 * attribute, not a branch, so the edge-cached page can fill it in, decision 0030), visually only,
 * so the name still says "0 Artikel".
 */
function CartLink({ items, total }: { items: string; total: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/cart" className="header-button cart-link" data-items={items}>
      <span className="visually-hidden">{t("menu.cartNameStart")}</span>
      <span className="cart-icon">
        <Icon name="cart" />
        <span className="cart-badge">{items}</span>
      </span>
      <span className="visually-hidden">{t("menu.cartNamePieces")}</span>
      <span className="cart-total header-button-label">{total}</span>
    </Link>
  );
}
