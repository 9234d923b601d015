/**
 * The stores as the locations service describes them (docs/decisions/0050-locations-graphql.md):
 * each with its address, position, week of opening and staffed hours, its next days with other
 * hours and its services. The questions asked of them — one by its id, those in a map's box, those
 * nearest a postcode — are answered here once, for the shop's own service, its map, its store
 * choice and the app's store list alike.
 */
import { distanceKm, type GeoPoint, postcodePoint, storeChoice } from "./choice";
import { isHybrid, type SpecialDay, type Store } from "./store";

export interface Location extends Store {
  /** ISO 3166 country code; every Frischkorb store is in Germany. */
  country: string;
  /** Customers enter with their store card outside the staffed hours (a hybrid store, store.ts `isHybrid`). */
  cardEntry: boolean;
  /** The next days with other hours than the week's (closed or shorter), soonest first. */
  specialDays: SpecialDay[];
}

/** Every store is in Germany: the store table has no country. */
export const STORE_COUNTRY = "DE";

/** A store as the shop keeps it, with what the locations service adds. */
export function toLocation(store: Store, specialDays: SpecialDay[]): Location {
  return { ...store, country: STORE_COUNTRY, cardEntry: isHybrid(store), specialDays };
}

/** A part of the map: latitudes from south to north, longitudes from west to east, in degrees. */
export interface BoundingBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** A box on the globe: finite degrees in range, south not above north, west not east of east. */
export function isValidBox(box: BoundingBox): boolean {
  const { south, west, north, east } = box;
  const finite = [south, west, north, east].every(Number.isFinite);
  return finite && south >= -90 && north <= 90 && west >= -180 && east <= 180 && south <= north && west <= east;
}

export function inBox(point: GeoPoint, box: BoundingBox): boolean {
  return (
    point.latitude >= box.south &&
    point.latitude <= box.north &&
    point.longitude >= box.west &&
    point.longitude <= box.east
  );
}

/** Which services a store must offer; an unset (or null) service is no condition. */
export interface ServiceFilter {
  clickAndCollect?: boolean | null;
  cardEntry?: boolean | null;
}

export function offers(location: Location, filter: ServiceFilter): boolean {
  const wanted = (asked: boolean | null | undefined, has: boolean) =>
    asked === undefined || asked === null || asked === has;
  return wanted(filter.clickAndCollect, location.clickAndCollect) && wanted(filter.cardEntry, location.cardEntry);
}

/** The stores with the services asked for, in the order given. */
export function withServices(locations: Location[], filter: ServiceFilter = {}): Location[] {
  return locations.filter((l) => offers(l, filter));
}

/** The stores inside the box with the services asked for, in the order given; an invalid box holds none. */
export function storesInBox(locations: Location[], box: BoundingBox, filter: ServiceFilter = {}): Location[] {
  if (!isValidBox(box)) return [];
  return locations.filter((l) => inBox(l, box) && offers(l, filter));
}

export interface NearLocation {
  location: Location;
  /** Great-circle distance from the postcode's region, in km. */
  distanceKm: number;
}

/** How many stores nearest a postcode are answered at most, and by default (the store choice's short list). */
export const NEAREST_MAX = 50;
export const NEAREST_DEFAULT = 10;

/**
 * The stores with the services asked for, nearest the postcode's region first, at most `limit`
 * (1 to NEAREST_MAX); null for a postcode the shop cannot place. The order is the store choice's
 * (choice.ts `storeChoice`): by distance, then by city and name.
 */
export function nearestStores(
  locations: Location[],
  postcode: string,
  { limit = NEAREST_DEFAULT, ...filter }: ServiceFilter & { limit?: number } = {},
): NearLocation[] | null {
  const from = postcodePoint(postcode);
  if (!from) return null;
  const count = Math.min(NEAREST_MAX, Math.max(1, Math.trunc(limit)));
  const offered = withServices(locations, filter);
  const byId = new Map(offered.map((l) => [l.id, l]));
  return storeChoice(offered, { postcode, showAll: true })
    .options.slice(0, count)
    .map((option) => {
      const location = byId.get(option.id) as Location;
      return { location, distanceKm: distanceKm(from, location) };
    });
}
