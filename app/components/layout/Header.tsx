import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/Icon";
import { LoginRequiredLink } from "~/components/ui/LoginPrompt";
import type { MenuCategory } from "~/domain/catalog/category";
import { CategoryMenu } from "./CategoryMenu";
import { MainMenu } from "./MainMenu";
import { SearchForm } from "./SearchForm";

export function Header({ menu, darkMode }: { menu: MenuCategory[]; darkMode: "1" | "0" }) {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="header-bar">
        <MainMenu darkMode={darkMode} />
        <Link to="/" className="logo" aria-label={t("shop.logoLabel")}>
          <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
            <path className="logo-basket" d="M4 13h24l-3 13H7zM10 13l4-8M22 13l-4-8" />
          </svg>
          <span className="logo-name">{t("shop.name")}</span>
        </Link>
        <CategoryMenu menu={menu} />
        <SearchForm />
        <nav className="header-actions" aria-label={t("menu.mainNavigation")}>
          <LoginRequiredLink className="header-button" label={t("menu.wish")} redirectTo="/account"><Icon name="heart" /></LoginRequiredLink>
          <LoginRequiredLink className="header-button" label={t("menu.account")} redirectTo="/account"><Icon name="user" /></LoginRequiredLink>
          <LoginRequiredLink className="header-button" label={t("menu.cart")} redirectTo="/cart"><Icon name="cart" /></LoginRequiredLink>
        </nav>
      </div>
    </header>
  );
}
