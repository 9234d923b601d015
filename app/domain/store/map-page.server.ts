import type { Location } from "./locations";
import type { LocationsSource } from "./locations.server";
import { MAP, storeIndex } from "./map";
import { z } from "zod";
import { germanyView, STATIC_MIN_ZOOM, staticMap, type MapView } from "./static-map";
import type { Store } from "./store";

/** The static map's picture size: all of Germany fits at zoom 6. */
export const STATIC_MAP_SIZE = { width: 600, height: 720 };
/** A store page's small map. */
export const STORE_MAP_SIZE = { width: 560, height: 240, zoom: 13 };

/**
 * A view named in the address (`?lat=…&lng=…&zoom=…`); anything else leaves the default view. Read
 * by the loader alone: kept out of static-map.ts, which the page's components share, so that zod
 * does not go to the browser with them (docs/decisions/0054).
 */
const viewSchema = z.object({
  lat: z.coerce.number().min(-85).max(85),
  lng: z.coerce.number().min(-180).max(180),
  zoom: z.coerce.number().int().min(STATIC_MIN_ZOOM).max(MAP.defaultMaxZoom),
});

export function readMapView(query: Record<string, string>): MapView | null {
  const parsed = viewSchema.safeParse(query);
  return parsed.success ? parsed.data : null;
}

/** The stores and the server-drawn map of the store map page, for a view or all of Germany. */
export async function storeMapPage(locations: LocationsSource, view: MapView | null) {
  const stores: Location[] = await locations.stores();
  const index = storeIndex(
    stores.map((s) => ({ id: s.id, lat: s.latitude, lng: s.longitude })),
    MAP.defaultMaxZoom,
  );
  const initial = view ?? germanyView(STATIC_MAP_SIZE);
  return { stores, view: initial, model: staticMap(index, initial, STATIC_MAP_SIZE) };
}

/**
 * A store page's small map: the store in the middle, the stores near it around it (those within a
 * box a little larger than the map shows, so that pins on its edge are drawn too).
 */
export async function storeMiniMap(locations: LocationsSource, store: Store) {
  const near = await locations.inBox({
    south: Math.max(-90, store.latitude - 0.05),
    north: Math.min(90, store.latitude + 0.05),
    west: Math.max(-180, store.longitude - 0.1),
    east: Math.min(180, store.longitude + 0.1),
  });
  const index = storeIndex(
    near.map((s) => ({ id: s.id, lat: s.latitude, lng: s.longitude })),
    MAP.defaultMaxZoom,
  );
  const { zoom, ...size } = STORE_MAP_SIZE;
  return {
    model: staticMap(index, { lat: store.latitude, lng: store.longitude, zoom }, size),
    names: Object.fromEntries(near.map((s) => [s.id, s.name])),
  };
}
