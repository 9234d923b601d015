/** i18next settings shared by server and browser. The shop speaks German only. */
export const i18nConfig = {
  supportedLngs: ["de"],
  fallbackLng: "de",
  defaultNS: "common",
  interpolation: { escapeValue: false },
} as const;

/** The shop's text namespaces, one JSON file each in locales/de/; a browser fetches them once idle. */
export const SHOP_NAMESPACES = [
  "common",
  "catalog",
  "home",
  "pages",
  "account",
  "cart",
  "checkout",
  "orders",
  "cards",
  "balance",
  "shares",
  "marketing",
  "api",
] as const;

/** The back office's (`/staff`): only its pages load them, so no customer's browser ever fetches them. */
export const STAFF_NAMESPACES = [
  "staff",
  "staffOrders",
  "staffCustomers",
  "staffCooperative",
  "staffMarketing",
  "staffStores",
  "staffRange",
] as const;

export type Namespace = (typeof SHOP_NAMESPACES)[number] | (typeof STAFF_NAMESPACES)[number];

/**
 * Every text namespace (the server's and the tests' list). Marked pure, so that the browser's
 * build, which does not use it, drops it and the back office's names with it (a spread alone
 * would keep both in every page's first load).
 */
export const NAMESPACES: readonly Namespace[] = /* @__PURE__ */ (() => [...SHOP_NAMESPACES, ...STAFF_NAMESPACES])();
