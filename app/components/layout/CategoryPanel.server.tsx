import { useTranslation } from "~/i18n/texts";
import type { MenuCategory } from "~/domain/catalog/category";
import { categoryHref } from "~/domain/catalog/href";

/**
 * The assortment menu's panel: every main category a disclosure of its own, so the panel is one
 * Tab stop per main category, not one per subcategory. Rendered once per isolate into the menu
 * (`fragments.server.tsx`); plain links, which `CategoryMenu` follows inside the app.
 */
export function CategoryPanel({ menu }: { menu: MenuCategory[] }) {
  const { t } = useTranslation();
  return (
    <ul className="category-tree">
      {menu.map((main) => (
        <li key={main.id}>
          <details className="category-group">
            <summary className="category-tree-main">{main.name}</summary>
            <ul>
              <li>
                <a href={categoryHref(main.id)}>{t("menu.allOf", { name: main.name })}</a>
              </li>
              {main.children.map((sub) => (
                <li key={sub.id}>
                  <a href={categoryHref(sub.id)}>{sub.name}</a>
                </li>
              ))}
            </ul>
          </details>
        </li>
      ))}
      <li>
        <a href={categoryHref("startseite")} className="category-tree-main">
          {t("menu.allCategories")}
        </a>
      </li>
    </ul>
  );
}
