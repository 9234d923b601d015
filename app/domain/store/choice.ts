/**
 * Choosing a store among many (decision 0023): nearest first from a postcode, a search by city,
 * postcode, name or street, a short list with the rest behind "more", and the chosen store always in
 * it. The checkout's click & collect and the card application both call `storeChoice`, on the server
 * for the page without JavaScript and in the browser while the customer types.
 */
import { germanDigits } from "~/domain/catalog/number-format";
import { POSTCODE_REGION_POINTS } from "./postcode-regions";
import type { Store } from "./store";

/** What the choice needs of a store. */
export type StoreCandidate = Pick<
  Store,
  "id" | "name" | "street" | "houseNumber" | "zip" | "city" | "latitude" | "longitude"
>;

export interface StoreOption extends StoreCandidate {
  /** Great-circle distance from the origin postcode's region, or null without an origin. */
  distanceKm: number | null;
}

export interface StoreChoice {
  /** The stores to show, nearest first (by city and name without an origin). */
  options: StoreOption[];
  /** How many stores match the search in all (the chosen one not counted unless it matches). */
  matches: number;
  /** Matching stores not shown yet ("Weitere Märkte anzeigen"). */
  more: number;
  /** The postcode the distances are measured from, if any. */
  origin: string | null;
  /** The search as applied (trimmed and cut to its maximum length). */
  search: string;
}

/** How many stores are shown before "Weitere Märkte anzeigen". */
export const STORES_SHOWN = 10;
/** Longer searches are cut, never refused: a search is no form field that can be wrong. */
export const STORE_SEARCH_MAX_LENGTH = 80;

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_KM = 6371.0088; // the mean radius (IUGG)

/** Great-circle distance by the haversine formula, in km. */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point of a German postcode's region (five digits), or null for anything else. */
export function postcodePoint(postcode: string | null | undefined): GeoPoint | null {
  if (!postcode || !/^\d{5}$/.test(postcode)) return null;
  const point = POSTCODE_REGION_POINTS[postcode.slice(0, 2)];
  return point ? { latitude: point[0], longitude: point[1] } : null;
}

/**
 * The postcode a customer's distances start from: the default delivery address, else the default
 * billing address, else the first address.
 */
export function customerPostcode(
  addresses: { zip: string; defaultShipping: boolean; defaultBilling: boolean }[],
): string | null {
  const address = addresses.find((a) => a.defaultShipping) ?? addresses.find((a) => a.defaultBilling) ?? addresses[0];
  return address?.zip ?? null;
}

/** Lower case, without accents and with "ß" as "ss", words split at anything but letters and digits. */
export function searchWords(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * A store matches when every word of the search is found: a word of digits at the start of its
 * postcode or as its house number, any other word inside its name, street, house number or city.
 */
export function matchesSearch(store: StoreCandidate, words: string[]): boolean {
  const text = searchWords(`${store.name} ${store.street} ${store.houseNumber} ${store.city}`).join(" ");
  return words.every((w) => (/^\d+$/.test(w) ? store.zip.startsWith(w) || store.houseNumber === w : text.includes(w)));
}

const byPlace = (a: StoreCandidate, b: StoreCandidate) =>
  a.city.localeCompare(b.city, "de") || a.name.localeCompare(b.name, "de");

export function storeChoice(
  candidates: StoreCandidate[],
  {
    postcode,
    search = "",
    chosenId = null,
    showAll = false,
  }: { postcode: string | null; search?: string; chosenId?: string | null; showAll?: boolean },
): StoreChoice {
  const applied = search.trim().slice(0, STORE_SEARCH_MAX_LENGTH);
  // A whole postcode is a place to measure from, not a filter: its nearest stores come first.
  const searchedPostcode = postcodePoint(applied) ? applied : null;
  const origin = searchedPostcode ?? (postcodePoint(postcode) ? postcode : null);
  const from = postcodePoint(origin);
  const words = searchedPostcode ? [] : searchWords(applied);
  const matching = candidates
    .filter((s) => matchesSearch(s, words))
    .map((s) => ({ ...s, distanceKm: from ? distanceKm(from, s) : null }))
    .sort((a, b) => (a.distanceKm ?? 0) - (b.distanceKm ?? 0) || byPlace(a, b));
  const options = showAll ? matching : matching.slice(0, STORES_SHOWN);
  // The chosen store stays visible (and chosen) whatever the search.
  const chosen = candidates.find((s) => s.id === chosenId);
  if (chosen && !options.some((s) => s.id === chosen.id))
    options.unshift({ ...chosen, distanceKm: from ? distanceKm(from, chosen) : null });
  return {
    options,
    matches: matching.length,
    more: showAll ? 0 : Math.max(0, matching.length - STORES_SHOWN),
    origin,
    search: applied,
  };
}

/**
 * "2,4 km" below 10 km, "37 km" from there (the distance is rough anyway); a no-break space before
 * the unit. Rounded as `Intl.NumberFormat("de-DE")` rounds, from the shortest decimal of the number
 * (quantity.ts's `formatNumber` says how), without making one (catalog/number-format.ts says why);
 * a distance so small that JavaScript writes it with an exponent is "0,0 km".
 */
export function formatDistance(km: number): string {
  return `${km < 9.95 ? germanDigits(((Math.round(+`${km}e1`) || 0) / 10).toFixed(1)) : germanDigits(Math.round(km))}\u00a0km`;
}
