/**
 * Where the shop reads its stores from (docs/decisions/0050-locations-graphql.md): its own D1, or,
 * with `LOCATIONS_API_URL` configured, the external locations service of the same GraphQL schema
 * (spec section 7: "a locations GraphQL service exists by configuration"). The store map, the store
 * pages, the store choice of the checkout and the card application, the app's store list and the
 * shop's own /graphql all ask a `LocationsSource` the same questions (locations.ts).
 *
 * What the shop runs itself stays in D1 by store id whatever the source: click & collect places,
 * pickup slots and bookings, closed days as the back office keeps them, and the store an order or
 * a card application names (their rows refer to the store table).
 */
import { z } from "zod";
import type { Env } from "~/platform/context";
import { batch } from "~/platform/db.server";
import { graphqlCall, type GraphqlEndpoint } from "~/platform/graphql-client.server";
import { locationsEndpoint } from "~/platform/locations-service.server";
import { berlinToday } from "~/domain/time/berlin";
import { postcodePoint, type StoreCandidate } from "./choice";
import {
  type BoundingBox,
  isValidBox,
  type Location,
  type NearLocation,
  nearestStores,
  type ServiceFilter,
  storesInBox,
  toLocation,
  withServices,
} from "./locations";
import { type DayHours, type SpecialDay, specialDayOf } from "./store";
import {
  CLOSED_DAYS_SHOWN,
  findStore,
  specialDaysQuery,
  storesQuery,
  toStore,
  upcomingSpecialDays,
} from "./store.server";

export interface LocationsSource {
  /** True when an external service answers: the store choice then keeps to the stores D1 knows. */
  readonly external: boolean;
  /** Every store with the services asked for, by city and name. */
  stores(filter?: ServiceFilter): Promise<Location[]>;
  /** One store, or null. */
  store(id: string): Promise<Location | null>;
  /** The stores in a part of the map; none for an invalid box. */
  inBox(box: BoundingBox, filter?: ServiceFilter): Promise<Location[]>;
  /** The stores nearest a postcode first; null for a postcode the shop cannot place. */
  nearest(postcode: string, options?: ServiceFilter & { limit?: number }): Promise<NearLocation[] | null>;
}

/** The external service could not be read, or answered what the schema does not allow. */
export class LocationsUnavailable extends Error {
  constructor(reason: string) {
    super(`locations service: ${reason}`);
    this.name = "LocationsUnavailable";
  }
}

/** The stores of the shop's own D1, read once per source (a page or a call asks several questions). */
export function localLocations(db: D1Database, today = berlinToday()): LocationsSource {
  let loaded: Promise<Location[]> | undefined;
  const load = () =>
    (loaded ??= batch(db, [storesQuery(), specialDaysQuery(today)] as const).then(([rows, specialRows]) => {
      const special = new Map<string, SpecialDay[]>();
      for (const row of specialRows) {
        const days = special.get(row.store_id) ?? [];
        if (days.length < CLOSED_DAYS_SHOWN) days.push(specialDayOf(row));
        special.set(row.store_id, days);
      }
      return rows.map((row) => toLocation(toStore(row), special.get(row.id) ?? []));
    }));
  return {
    external: false,
    stores: async (filter = {}) => withServices(await load(), filter),
    async store(id) {
      const store = await findStore(db, id);
      return store ? toLocation(store, await upcomingSpecialDays(db, store.id, today)) : null;
    },
    inBox: async (box, filter = {}) => (isValidBox(box) ? storesInBox(await load(), box, filter) : []),
    nearest: async (postcode, options = {}) =>
      postcodePoint(postcode) ? nearestStores(await load(), postcode, options) : null,
  };
}

// The questions the shop asks an external service, in the schema the shop's own /graphql serves
// (app/api/graphql/schema.server.ts).
const STORE_FIELDS = `fragment StoreFields on Store {
  id name phone
  address { street houseNumber zip city country }
  coordinates { lat lng }
  services { clickAndCollect cardEntry }
  openingHours { weekday ranges { from to } }
  staffedHours { weekday ranges { from to } }
  specialDays { date reason opening { from to } staffed { from to } }
}`;
const FILTER_VARIABLES = "$clickAndCollect: Boolean, $cardEntry: Boolean";
const FILTER_ARGUMENTS = "clickAndCollect: $clickAndCollect, cardEntry: $cardEntry";
const QUERIES = {
  Stores: `query Stores(${FILTER_VARIABLES}) { stores(${FILTER_ARGUMENTS}) { ...StoreFields } } ${STORE_FIELDS}`,
  Store: `query Store($id: ID!) { store(id: $id) { ...StoreFields } } ${STORE_FIELDS}`,
  StoresInBox: `query StoresInBox($box: BoundingBox!, ${FILTER_VARIABLES}) { storesInBox(box: $box, ${FILTER_ARGUMENTS}) { ...StoreFields } } ${STORE_FIELDS}`,
  NearestStores: `query NearestStores($postcode: String!, $limit: Int, ${FILTER_VARIABLES}) { nearestStores(postcode: $postcode, limit: $limit, ${FILTER_ARGUMENTS}) { distanceKm store { ...StoreFields } } } ${STORE_FIELDS}`,
} as const;

export const WEEKDAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] as const;

const ranges = z.array(z.object({ from: z.string(), to: z.string() }));
const week = z
  .array(z.object({ weekday: z.enum(WEEKDAYS), ranges }))
  .transform((days): DayHours[] =>
    WEEKDAYS.map((weekday) => (days.find((d) => d.weekday === weekday)?.ranges ?? []).map((r) => [r.from, r.to])),
  );
const hours = (list: { from: string; to: string }[] | null): DayHours | null =>
  list === null ? null : list.map((r) => [r.from, r.to]);
const serviceStore = z
  .object({
    id: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    address: z.object({
      street: z.string(),
      houseNumber: z.string(),
      zip: z.string(),
      city: z.string(),
      country: z.string(),
    }),
    coordinates: z.object({ lat: z.number(), lng: z.number() }),
    services: z.object({ clickAndCollect: z.boolean(), cardEntry: z.boolean() }),
    openingHours: week,
    staffedHours: week,
    specialDays: z.array(
      z.object({ date: z.string(), reason: z.string(), opening: ranges.nullable(), staffed: ranges.nullable() }),
    ),
  })
  .transform(
    (s): Location => ({
      id: s.id,
      name: s.name,
      phone: s.phone,
      ...s.address,
      latitude: s.coordinates.lat,
      longitude: s.coordinates.lng,
      clickAndCollect: s.services.clickAndCollect,
      cardEntry: s.services.cardEntry,
      openingHours: s.openingHours,
      staffedHours: s.staffedHours,
      specialDays: s.specialDays.map((d) => ({
        day: d.date,
        reason: d.reason,
        opening: hours(d.opening),
        staffed: hours(d.staffed),
      })),
    }),
  );

const ANSWERS = {
  Stores: z.object({ stores: z.array(serviceStore) }),
  Store: z.object({ store: serviceStore.nullable() }),
  StoresInBox: z.object({ storesInBox: z.array(serviceStore) }),
  NearestStores: z.object({
    nearestStores: z.array(z.object({ distanceKm: z.number(), store: serviceStore })),
  }),
};

/** The external service at `endpoint`, asked with the client of spec section 7. */
export function serviceLocations(endpoint: GraphqlEndpoint): LocationsSource {
  async function ask<N extends keyof typeof QUERIES>(
    operationName: N,
    variables: Record<string, unknown>,
  ): Promise<z.output<(typeof ANSWERS)[N]>> {
    let data: unknown;
    try {
      data = await graphqlCall(endpoint, { query: QUERIES[operationName], variables, operationName });
    } catch (error) {
      throw new LocationsUnavailable(error instanceof Error ? error.message : String(error));
    }
    const parsed = ANSWERS[operationName].safeParse(data);
    if (!parsed.success) throw new LocationsUnavailable(`${operationName} answered another shape`);
    return parsed.data as z.output<(typeof ANSWERS)[N]>;
  }
  const services = (filter: ServiceFilter) => ({
    clickAndCollect: filter.clickAndCollect ?? null,
    cardEntry: filter.cardEntry ?? null,
  });
  return {
    external: true,
    stores: async (filter = {}) => (await ask("Stores", services(filter))).stores,
    store: async (id) => (await ask("Store", { id })).store,
    inBox: async (box, filter = {}) =>
      isValidBox(box) ? (await ask("StoresInBox", { box, ...services(filter) })).storesInBox : [],
    async nearest(postcode, { limit, ...filter } = {}) {
      // a postcode the shop cannot place is not worth a call
      if (!postcodePoint(postcode)) return null;
      const answer = await ask("NearestStores", { postcode, limit: limit ?? null, ...services(filter) });
      return answer.nearestStores.map((n) => ({ location: n.store, distanceKm: n.distanceKm }));
    },
  };
}

/** The shop's source of stores: the configured locations service, else its own D1. */
export function locationsSource(env: Env): LocationsSource {
  const endpoint = locationsEndpoint(env);
  return endpoint ? serviceLocations(endpoint) : localLocations(env.DB);
}

/**
 * The stores a customer may choose at the checkout or for a card application: those D1 keeps
 * (`local`, with their places and bookings), described as the source describes them. With the
 * shop's own D1 that is `local` as it is; with an external service, its stores with the services
 * asked for that D1 also keeps, in the service's words and places (and `local` while it fails).
 */
export async function choosableStores(
  source: LocationsSource,
  local: StoreCandidate[],
  filter: ServiceFilter = {},
): Promise<StoreCandidate[]> {
  if (!source.external) return local;
  const kept = new Set(local.map((s) => s.id));
  let described: Location[];
  try {
    described = await source.stores(filter);
  } catch (error) {
    if (!(error instanceof LocationsUnavailable)) throw error;
    // an order or a card application must not fail because the address book does: the shop's own
    console.error(`${error.message}; the store choice shows the shop's own stores`);
    return local;
  }
  return described
    .filter((l) => kept.has(l.id))
    .map(({ id, name, street, houseNumber, zip, city, latitude, longitude }) => ({
      id,
      name,
      street,
      houseNumber,
      zip,
      city,
      latitude,
      longitude,
    }));
}
