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

/** Every text namespace. */
export const NAMESPACES = [...SHOP_NAMESPACES, ...STAFF_NAMESPACES] as const;
export type Namespace = (typeof NAMESPACES)[number];
