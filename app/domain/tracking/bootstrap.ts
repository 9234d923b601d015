/**
 * The inline start of the tag manager on a page whose visitor allowed statistics
 * (docs/decisions/0027): every consent category is set to denied first, then
 * updated to the visitor's choice, then the page view of the page the server rendered goes into
 * the data layer, and the container may start. Pages without JavaScript of their own (content,
 * legal) are counted by this alone; later page views come from the tracker in the browser.
 */
import type { Consent } from "~/platform/consent";
import type { TrackingEvent } from "./events";

/** The consent types tag managers know; all denied until the visitor's choice is applied. */
export const CONSENT_DEFAULTS = {
  ad_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
  analytics_storage: "denied",
  functionality_storage: "denied",
  personalization_storage: "denied",
  security_storage: "denied",
} as const;

export function consentUpdate(consent: Consent) {
  const state = (granted: boolean) => (granted ? "granted" : "denied");
  return {
    analytics_storage: state(consent.statistics),
    ad_storage: state(consent.marketing),
    ad_user_data: state(consent.marketing),
    ad_personalization: state(consent.marketing),
  };
}

/** JSON that stays data inside an inline script, whatever a path or search term holds. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll("<", "\\u003c")
    .replaceAll(">", "\\u003e")
    .replaceAll("&", "\\u0026")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}

export function tagManagerBootstrap(consent: Consent, firstView: TrackingEvent): string {
  return [
    "window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}",
    `gtag("consent","default",${scriptJson(CONSENT_DEFAULTS)});`,
    `gtag("consent","update",${scriptJson(consentUpdate(consent))});`,
    `dataLayer.push(${scriptJson(firstView)});`,
    'dataLayer.push({"gtm.start":Date.now(),event:"gtm.js"});',
  ].join("\n");
}
