/**
 * Places for the drawn development tiles (docs/decisions/0022-store-map.md): without a tile
 * server the shop has no streets to draw, so its own store data makes the map read as one —
 * each town where stores are, labelled where its stores are on average, each store's district
 * labelled below its pin, and a built-up area around every store.
 */
import { type LatLng, project } from "./map";

export interface PlaceStore extends LatLng {
  /** "Frischkorb Leipzig-Gohlis", "Frischkorb Markthalle Leipzig – Fisch". */
  name: string;
  city: string;
}

export interface MapLabel {
  text: string;
  kind: "town" | "district";
  /** The text's anchor (its middle) in pixels of the whole world at the zoom asked for. */
  x: number;
  y: number;
  size: number;
  /** The text's box in the same pixels, to tell which tiles it reaches into. */
  box: { left: number; top: number; right: number; bottom: number };
}

/** Town names from this zoom, district names from `DISTRICTS_FROM`. */
export const TOWNS_FROM = 7;
export const DISTRICTS_FROM = 12;
/** Around each store, this far, the map is drawn as built-up land. */
export const BUILT_UP_METRES = 1000;
/** A district's name sits this far below its store, clear of the pin drawn above the point. */
const DISTRICT_OFFSET = 16;
/** A town's name sits this far below its middle, clear of a cluster icon (40 px) drawn there. */
const TOWN_OFFSET = 34;

/** "Frischkorb Leipzig-Gohlis" → "Gohlis"; "Frischkorb Markthalle Leipzig – Fisch" → "Markthalle Leipzig". */
export function districtOf(name: string): string | null {
  const bare = name.replace(/^Frischkorb /, "");
  const [place, stall] = bare.split(" – ");
  if (stall !== undefined) return place;
  const dash = bare.indexOf("-");
  return dash > 0 ? bare.slice(dash + 1) : null;
}

function mean(points: LatLng[]): LatLng {
  return {
    lat: points.reduce((sum, p) => sum + p.lat, 0) / points.length,
    lng: points.reduce((sum, p) => sum + p.lng, 0) / points.length,
  };
}

function label(text: string, kind: MapLabel["kind"], at: LatLng, zoom: number, size: number, dy = 0): MapLabel {
  const { x, y } = project(at, zoom);
  // About the width of a sans-serif text at this size; a little generous, so that labels keep apart.
  const half = (text.length * size * 0.62) / 2;
  const top = y + dy - size;
  return { text, kind, x, y: y + dy, size, box: { left: x - half, top, right: x + half, bottom: top + size * 1.4 } };
}

const overlap = (a: MapLabel["box"], b: MapLabel["box"]) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The labels of the map at `zoom`, none on top of another: towns first (those with more stores
 * first), then districts. Placed on the whole world, so that every tile agrees with its neighbours.
 */
export function mapLabels(stores: PlaceStore[], zoom: number): MapLabel[] {
  if (zoom < TOWNS_FROM) return [];
  const towns = new Map<string, PlaceStore[]>();
  for (const s of stores) towns.set(s.city, [...(towns.get(s.city) ?? []), s]);
  const townSize = zoom >= 11 ? 16 : zoom >= 9 ? 14 : 12;
  const candidates = [...towns]
    .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
    .map(([city, list]) => label(city, "town", mean(list), zoom, townSize, TOWN_OFFSET));
  if (zoom >= DISTRICTS_FROM) {
    const districts = new Map<string, PlaceStore[]>();
    for (const s of stores) {
      const district = districtOf(s.name);
      if (district) districts.set(`${s.city}\n${district}`, [...(districts.get(`${s.city}\n${district}`) ?? []), s]);
    }
    for (const [key, list] of districts)
      candidates.push(label(key.split("\n")[1], "district", mean(list), zoom, 13, DISTRICT_OFFSET));
  }
  const placed: MapLabel[] = [];
  for (const candidate of candidates) if (!placed.some((p) => overlap(p.box, candidate.box))) placed.push(candidate);
  return placed;
}

/** The radius of a store's built-up area in pixels at `zoom`, at the store's latitude. */
export function builtUpRadius(lat: number, zoom: number): number {
  const metresPerPixel = (40_075_016.686 * Math.cos((lat * Math.PI) / 180)) / (256 * 2 ** zoom);
  return BUILT_UP_METRES / metresPerPixel;
}

/** Built-up areas show from this zoom (below it they are a pixel or two). */
export const AREAS_FROM = 9;

/** What the drawn tiles at `zoom` add to land and borders: built-up areas and labels, in world pixels. */
export function mapOverlay(stores: PlaceStore[], zoom: number) {
  const areas = zoom < AREAS_FROM ? [] : stores.map((s) => ({ ...project(s, zoom), r: builtUpRadius(s.lat, zoom) }));
  return { areas, labels: mapLabels(stores, zoom) };
}
