/**
 * A page's title as a browser tab and a search result show it: the page's own name, then the
 * shop's (`common:shop.pageTitle`, "Hafermilch – Frischkorb"). Takes any namespace's `t`, the
 * loaders' (i18next) or a component's.
 */
export function pageTitle(
  page: string,
  t: (key: "common:shop.pageTitle", options: { page: string }) => string,
): string {
  return t("common:shop.pageTitle", { page });
}
