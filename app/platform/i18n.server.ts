import type { EntryContext } from "@remix-run/cloudflare";
import { RemixI18Next } from "remix-i18next/server";
import { i18nConfig, type Namespace } from "~/i18n/config";
import type { Texts, TextStore } from "~/i18n/translate";
import common from "../../locales/de/common.json";
import catalog from "../../locales/de/catalog.json";
import home from "../../locales/de/home.json";
import pages from "../../locales/de/pages.json";
import account from "../../locales/de/account.json";
import cart from "../../locales/de/cart.json";
import checkout from "../../locales/de/checkout.json";
import orders from "../../locales/de/orders.json";
import cards from "../../locales/de/cards.json";
import balance from "../../locales/de/balance.json";
import shares from "../../locales/de/shares.json";
import marketing from "../../locales/de/marketing.json";
import api from "../../locales/de/api.json";
import staff from "../../locales/de/staff.json";
import staffOrders from "../../locales/de/staffOrders.json";
import staffCustomers from "../../locales/de/staffCustomers.json";
import staffCooperative from "../../locales/de/staffCooperative.json";
import staffMarketing from "../../locales/de/staffMarketing.json";
import staffStores from "../../locales/de/staffStores.json";
import staffRange from "../../locales/de/staffRange.json";

// `satisfies` keeps this list and NAMESPACES (which the browser knows) the same.
export const resources = {
  de: {
    common,
    catalog,
    home,
    pages,
    account,
    cart,
    checkout,
    orders,
    cards,
    balance,
    shares,
    marketing,
    api,
    staff,
    staffOrders,
    staffCustomers,
    staffCooperative,
    staffMarketing,
    staffStores,
    staffRange,
  } satisfies Record<Namespace, unknown>,
} as const;

/** Changes whenever a text changes, so browsers may cache /locales/... forever. */
export const localeVersion = fnv1a(JSON.stringify(resources));

function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

export const i18n = new RemixI18Next({
  detection: { supportedLanguages: [...i18nConfig.supportedLngs], fallbackLanguage: i18nConfig.fallbackLng },
  i18next: { ...i18nConfig, supportedLngs: [...i18nConfig.supportedLngs], resources },
});

export const LOCALE = i18nConfig.fallbackLng;

// One locale and texts fixed at build time: a translator per namespace serves every request of
// the isolate (remix-i18next would otherwise build and initialise an i18next instance per call).
const translators = new Map<Namespace, ReturnType<typeof i18n.getFixedT>>();

export function translator<N extends Namespace>(ns: N) {
  let t = translators.get(ns);
  if (!t) {
    t = i18n.getFixedT(LOCALE, ns);
    translators.set(ns, t);
  }
  return t;
}

/**
 * The namespaces the matched routes name in `handle.i18n`, for the page components: exactly
 * what the browser fetches before hydrating, so server and browser render the same texts.
 */
export function routeTexts(context: EntryContext): TextStore {
  const texts: Record<string, Texts> = resources[LOCALE];
  return Object.fromEntries(i18n.getRouteNamespaces(context).map((ns) => [ns, texts[ns]]));
}
