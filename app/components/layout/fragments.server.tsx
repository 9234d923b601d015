import { renderToStaticMarkup } from "react-dom/server";
import { TextsProvider } from "~/i18n/texts";
import type { TextStore } from "~/i18n/translate";
import { type CategoryTree, menuCategories } from "~/domain/catalog/category";
import { CategoryPanel } from "./CategoryPanel.server";
import { Footer } from "./Footer.server";
import type { ServerFragments } from "./ServerMarkup";

/**
 * The fragments every page shares, rendered once per isolate and again only when what they show
 * changes: the category tree (a new tree object at most once a minute) or the year in the footer.
 * Texts change only with a deployment, which starts new isolates.
 */
let menu: { tree: CategoryTree | null; html: string } | null = null;
let footer: { year: number; html: string } | null = null;

export function serverFragments(tree: CategoryTree | null, texts: TextStore): ServerFragments {
  const render = (node: React.ReactNode) =>
    renderToStaticMarkup(<TextsProvider texts={{ common: texts.common }}>{node}</TextsProvider>);
  if (!menu || menu.tree !== tree) {
    menu = { tree, html: tree ? render(<CategoryPanel menu={menuCategories(tree)} />) : "" };
  }
  const year = new Date().getFullYear();
  if (!footer || footer.year !== year) footer = { year, html: render(<Footer />) };
  return { categoryMenu: menu.html, footer: footer.html };
}
