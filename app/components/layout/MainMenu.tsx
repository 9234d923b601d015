import { Link } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/Icon";
import { LoginRequiredLink, loginHref } from "~/components/ui/LoginPrompt";
import { categoryHref } from "./CategoryMenu";
import { ThemeToggle } from "./ThemeToggle";
import { useCloseOnNavigation } from "./useCloseOnNavigation";

/** The spec's menu entries. Logout joins them once customers can sign in. */
export function MainMenu({ darkMode }: { darkMode: "1" | "0" }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDetailsElement>(null);
  useCloseOnNavigation(ref);
  return (
    <details className="main-menu overlay-menu" ref={ref}>
      <summary className="header-button">
        <Icon name="menu" />
        <span className="header-button-label">{t("menu.label")}</span>
      </summary>
      <nav className="overlay-panel menu-panel" aria-label={t("menu.mainNavigation")}>
        <ul>
          <li><Link className="menu-link" to="/search/find"><Icon name="search" />{t("menu.search")}</Link></li>
          <li><LoginRequiredLink className="menu-link" redirectTo="/account"><Icon name="heart" />{t("menu.wish")}</LoginRequiredLink></li>
          <li><LoginRequiredLink className="menu-link" redirectTo="/account"><Icon name="user" />{t("menu.account")}</LoginRequiredLink></li>
          <li><LoginRequiredLink className="menu-link" redirectTo="/cart"><Icon name="cart" />{t("menu.cart")}</LoginRequiredLink></li>
          <li><a className="menu-link" href={loginHref("/")}><Icon name="user" />{t("menu.login")}</a></li>
          <li><Link className="menu-link" to={categoryHref("startseite")}>{t("menu.assortment")}</Link></li>
          <li><Link className="menu-link" to="/content/online-shop">{t("menu.onlineShop")}</Link></li>
          <li><Link className="menu-link" to="/content/map"><Icon name="store" />{t("menu.stores")}</Link></li>
          <li><Link className="menu-link" to="/content/neuigkeiten">{t("menu.news")}</Link></li>
          <li><Link className="menu-link" to="/content/mitgliedschaft">{t("menu.membership")}</Link></li>
          <li><ThemeToggle darkMode={darkMode} /></li>
        </ul>
      </nav>
    </details>
  );
}
