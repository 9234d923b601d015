import { Link } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "~/i18n/texts";
import type { MenuCategory } from "~/domain/catalog/category";
import { useCloseOnNavigation } from "./useCloseOnNavigation";

export const categoryHref = (id: string) => `/catalog/category/${id}`;

/** The assortment menu: a disclosure that needs no JavaScript to open. */
export function CategoryMenu({ menu }: { menu: MenuCategory[] }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDetailsElement>(null);
  useCloseOnNavigation(ref);
  return (
    <details className="category-menu overlay-menu" ref={ref}>
      <summary className="header-button">{t("menu.assortment")}</summary>
      <nav className="overlay-panel category-panel" aria-label={t("menu.categoryNavigation")}>
        <CategoryTree menu={menu} />
      </nav>
    </details>
  );
}

export function CategoryTree({ menu }: { menu: MenuCategory[] }) {
  const { t } = useTranslation();
  return (
    <ul className="category-tree">
      {menu.map((main) => (
        <li key={main.id}>
          <Link to={categoryHref(main.id)} className="category-tree-main">{main.name}</Link>
          <ul>
            {main.children.map((sub) => (
              <li key={sub.id}><Link to={categoryHref(sub.id)}>{sub.name}</Link></li>
            ))}
          </ul>
        </li>
      ))}
      <li><Link to={categoryHref("startseite")} className="category-tree-main">{t("menu.allCategories")}</Link></li>
    </ul>
  );
}
