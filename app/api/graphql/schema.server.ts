/**
 * The locations GraphQL schema (docs/decisions/0050-locations-graphql.md): the shop's own service
 * at /graphql answers it, and an external service configured with LOCATIONS_API_URL must answer
 * the same (domain/store/locations.server.ts asks it). Read-only: queries, no mutations.
 */
import { GraphQLError } from "graphql";
import { createSchema } from "graphql-yoga";
import { NEAREST_MAX, isValidBox } from "~/domain/store/locations";
import type { LocationsSource } from "~/domain/store/locations.server";
import { roundedKm, storeView } from "../stores/resource.server";

export const TYPE_DEFS = /* GraphQL */ `
"Die Märkte von Frischkorb."
type Query {
  "Ein Markt nach seiner Kennung (der storeId einer Kartenbestellung); null, wenn es ihn nicht gibt."
  store(id: ID!): Store
  "Alle Märkte, nach Ort und Name; optional nur die mit (true) oder ohne (false) einen Service."
  stores(clickAndCollect: Boolean, cardEntry: Boolean): [Store!]!
  "Die Märkte in einem Kartenausschnitt (für die Karte), nach Ort und Name."
  storesInBox(box: BoundingBox!, clickAndCollect: Boolean, cardEntry: Boolean): [Store!]!
  "Die Märkte, die einer Postleitzahl am nächsten liegen, die nächsten zuerst (limit 1 bis 50, sonst 10)."
  nearestStores(postcode: String!, limit: Int, clickAndCollect: Boolean, cardEntry: Boolean): [NearStore!]!
}

"Ein Kartenausschnitt in Grad (WGS 84)."
input BoundingBox {
  south: Float!
  west: Float!
  north: Float!
  east: Float!
}

type Store {
  id: ID!
  name: String!
  phone: String
  address: Address!
  coordinates: Coordinates!
  services: Services!
  "Öffnungszeiten, Montag bis Sonntag (Europe/Berlin)."
  openingHours: [DayHours!]!
  "Besetzte Zeiten, Montag bis Sonntag: außerhalb davon ist ein Markt mit cardEntry nur mit Kundenkarte zugänglich."
  staffedHours: [DayHours!]!
  "Die nächsten Tage mit anderen Zeiten als sonst (höchstens 10), die frühesten zuerst."
  specialDays: [SpecialDay!]!
}

type Address {
  street: String!
  houseNumber: String!
  zip: String!
  city: String!
  "ISO-3166-Ländercode, z. B. DE."
  country: String!
}

type Coordinates {
  lat: Float!
  lng: Float!
}

type Services {
  "Abholung von Online-Bestellungen (Click & Collect)."
  clickAndCollect: Boolean!
  "Einlass mit Kundenkarte außerhalb der besetzten Zeiten."
  cardEntry: Boolean!
}

enum Weekday {
  MONDAY
  TUESDAY
  WEDNESDAY
  THURSDAY
  FRIDAY
  SATURDAY
  SUNDAY
}

type DayHours {
  weekday: Weekday!
  "Leer: geschlossen."
  ranges: [TimeRange!]!
}

type TimeRange {
  "HH:MM"
  from: String!
  "HH:MM"
  to: String!
}

type SpecialDay {
  "YYYY-MM-DD"
  date: String!
  reason: String!
  "null: ganztags geschlossen."
  opening: [TimeRange!]
  staffed: [TimeRange!]
}

type NearStore {
  "Entfernung von der Postleitzahl in km (auf 0,1 km)."
  distanceKm: Float!
  store: Store!
}
`;

export interface GraphqlContext {
  locations: LocationsSource;
  /** The API's German texts (locales/de/api.json). */
  text: (key: string, values?: Record<string, unknown>) => string;
}

interface ServiceArgs {
  clickAndCollect?: boolean | null;
  cardEntry?: boolean | null;
}

/** Longer ids name no store (the store table's ids are short slugs). */
const MAX_ID_LENGTH = 100;

export const locationsSchema = createSchema<GraphqlContext>({
  typeDefs: TYPE_DEFS,
  resolvers: {
    Query: {
      store: async (_root, { id }: { id: string }, { locations }) =>
        id.length > MAX_ID_LENGTH ? null : await locations.store(id).then((l) => l && storeView(l)),
      stores: async (_root, args: ServiceArgs, { locations }) => (await locations.stores(args)).map(storeView),
      async storesInBox(_root, { box, ...filter }: ServiceArgs & { box: Parameters<typeof isValidBox>[0] }, context) {
        if (!isValidBox(box)) throw new GraphQLError(context.text("graphql.invalidBox"));
        return (await context.locations.inBox(box, filter)).map(storeView);
      },
      async nearestStores(
        _root,
        { postcode, limit, ...filter }: ServiceArgs & { postcode: string; limit?: number | null },
        context,
      ) {
        if (limit !== undefined && limit !== null && (limit < 1 || limit > NEAREST_MAX))
          throw new GraphQLError(context.text("graphql.nearestLimit", { count: NEAREST_MAX }));
        const near = await context.locations.nearest(postcode, { ...filter, limit: limit ?? undefined });
        if (near === null) throw new GraphQLError(context.text("unknownPostcode"));
        return near.map((n) => ({ distanceKm: roundedKm(n.distanceKm), store: storeView(n.location) }));
      },
    },
  },
});
