/** i18next settings shared by server and browser. The shop speaks German only. */
export const i18nConfig = {
  supportedLngs: ["de"],
  fallbackLng: "de",
  defaultNS: "common",
  interpolation: { escapeValue: false },
} as const;

/** Every text namespace, one JSON file each in locales/de/. */
export const NAMESPACES = [
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
export type Namespace = (typeof NAMESPACES)[number];
