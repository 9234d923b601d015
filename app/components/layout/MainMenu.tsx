import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { Icon } from "~/components/ui/Icon";
import { AccountLink } from "~/components/ui/LoginPrompt";
import { loginHref } from "~/platform/redirect";
import { categoryHref } from "~/domain/catalog/href";
import { LogoutButton } from "./LogoutButton";
import { ThemeToggle } from "./ThemeToggle";
import { useOverlayDisclosure } from "./useOverlayDisclosure";

/** The menu entries; a signed-in customer gets logout instead of login. */
export function MainMenu({ darkMode, signedIn }: { darkMode: "1" | "0"; signedIn: boolean }) {
  const { t } = useTranslation();
  const disclosure = useOverlayDisclosure();
  return (
    <details className="main-menu overlay-menu" {...disclosure}>
      <summary className="header-button">
        <Icon name="menu" />
        <span className="header-button-label">{t("menu.label")}</span>
      </summary>
      <nav className="overlay-panel menu-panel" aria-label={t("menu.mainNavigation")}>
        <ul>
          <li>
            <Link className="menu-link" to="/search/find">
              <Icon name="search" />
              {t("menu.search")}
            </Link>
          </li>
          <li>
            <AccountLink signedIn={signedIn} className="menu-link" to="/account/wishlist">
              <Icon name="heart" />
              {t("menu.wish")}
            </AccountLink>
          </li>
          <li>
            <AccountLink signedIn={signedIn} className="menu-link" to="/account">
              <Icon name="user" />
              {t("menu.account")}
            </AccountLink>
          </li>
          <li>
            <AccountLink signedIn={signedIn} className="menu-link" to="/cart">
              <Icon name="cart" />
              {t("menu.cart")}
            </AccountLink>
          </li>
          {signedIn ? (
            <li>
              <LogoutButton />
            </li>
          ) : (
            <li>
              <a className="menu-link" href={loginHref("/")}>
                <Icon name="user" />
                {t("menu.login")}
              </a>
            </li>
          )}
          <li>
            <Link className="menu-link" to={categoryHref("startseite")}>
              {t("menu.assortment")}
            </Link>
          </li>
          <li>
            <Link className="menu-link" to="/content/online-shop">
              {t("menu.onlineShop")}
            </Link>
          </li>
          <li>
            <Link className="menu-link" to="/content/map">
              <Icon name="store" />
              {t("menu.stores")}
            </Link>
          </li>
          <li>
            <Link className="menu-link" to="/content/neuigkeiten">
              {t("menu.news")}
            </Link>
          </li>
          <li>
            <Link className="menu-link" to="/content/mitgliedschaft">
              {t("menu.membership")}
            </Link>
          </li>
          <li>
            <ThemeToggle darkMode={darkMode} />
          </li>
        </ul>
      </nav>
    </details>
  );
}
