import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import type { MenuCategory } from "~/domain/catalog/category";
import { categoryHref } from "~/domain/catalog/href";
import { useOverlayDisclosure } from "./useOverlayDisclosure";

/**
 * The assortment menu: a disclosure that needs no JavaScript to open. Each main category is a
 * disclosure of its own, so the panel is one Tab stop per main category, not one per subcategory.
 */
export function CategoryMenu({ menu }: { menu: MenuCategory[] }) {
  const { t } = useTranslation();
  const disclosure = useOverlayDisclosure();
  return (
    <details className="category-menu overlay-menu" {...disclosure}>
      <summary className="header-button">{t("menu.assortment")}</summary>
      <nav className="overlay-panel category-panel" aria-label={t("menu.categoryNavigation")}>
        <ul className="category-tree">
          {menu.map((main) => (
            <li key={main.id}>
              <details className="category-group">
                <summary className="category-tree-main">{main.name}</summary>
                <ul>
                  <li>
                    <Link to={categoryHref(main.id)}>{t("menu.allOf", { name: main.name })}</Link>
                  </li>
                  {main.children.map((sub) => (
                    <li key={sub.id}>
                      <Link to={categoryHref(sub.id)}>{sub.name}</Link>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
          <li>
            <Link to={categoryHref("startseite")} className="category-tree-main">
              {t("menu.allCategories")}
            </Link>
          </li>
        </ul>
      </nav>
    </details>
  );
}
