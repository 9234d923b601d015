import { all, first, qb } from "~/platform/db.server";
import type { StoreCandidate } from "./choice";
import { type SpecialDay, type Store, specialDayOf } from "./store";

/** Every store, by city and name, for the caller's batch (`toStore` reads a row). */
export function storesQuery() {
  return qb.selectFrom("store").selectAll().orderBy("city").orderBy("name");
}

type StoreRow = Awaited<ReturnType<typeof listStoreRows>>[number];

function listStoreRows(db: D1Database) {
  return all(db, storesQuery());
}

export async function listStores(db: D1Database): Promise<Store[]> {
  return (await listStoreRows(db)).map(toStore);
}

export function toStore(r: StoreRow): Store {
  return {
    ...toStoreCandidate(r),
    phone: r.phone,
    clickAndCollect: r.click_and_collect === 1,
    openingHours: JSON.parse(r.opening_hours),
    staffedHours: JSON.parse(r.staffed_hours),
  };
}

/** Every store a customer may choose (click & collect stores only, if asked), for the caller's batch. */
export function storeCandidatesQuery({ clickAndCollect = false }: { clickAndCollect?: boolean } = {}) {
  const query = qb
    .selectFrom("store")
    .select([
      "id",
      "name",
      "street",
      "house_number",
      "zip",
      "city",
      "latitude",
      "longitude",
      "staffed_hours",
      "pickup_capacity",
    ])
    .orderBy("city")
    .orderBy("name");
  return clickAndCollect ? query.where("click_and_collect", "=", 1) : query;
}

export function toStoreCandidate(r: {
  id: string;
  name: string;
  street: string;
  house_number: string;
  zip: string;
  city: string;
  latitude: number;
  longitude: number;
}): StoreCandidate {
  return {
    id: r.id,
    name: r.name,
    street: r.street,
    houseNumber: r.house_number,
    zip: r.zip,
    city: r.city,
    latitude: r.latitude,
    longitude: r.longitude,
  };
}

/** One store for its page, or null. */
export async function findStore(db: D1Database, id: string): Promise<Store | null> {
  const row = await first(db, qb.selectFrom("store").selectAll().where("id", "=", id));
  return row ? toStore(row) : null;
}

/** A store's closed days from `from` (a Berlin day) on, for the caller's batch. */
export function closedDaysQuery(storeId: string, from: string) {
  return qb
    .selectFrom("store_closed_day")
    .select(["day", "reason", "opening_hours", "staffed_hours"])
    .where("store_id", "=", storeId)
    .where("day", ">=", from)
    .orderBy("day");
}

/** Every store's days with other hours from `from` (a Berlin day) on, by store and day, for the caller's batch. */
export function specialDaysQuery(from: string) {
  return qb
    .selectFrom("store_closed_day")
    .select(["store_id", "day", "reason", "opening_hours", "staffed_hours"])
    .where("day", ">=", from)
    .orderBy("store_id")
    .orderBy("day");
}

/** How many of a store's next days with other hours (closed or not) its page lists. */
export const CLOSED_DAYS_SHOWN = 10;

/** A store's next days with other hours than its week's, for its page. */
export async function upcomingSpecialDays(db: D1Database, storeId: string, today: string): Promise<SpecialDay[]> {
  return (await all(db, closedDaysQuery(storeId, today).limit(CLOSED_DAYS_SHOWN))).map(specialDayOf);
}
