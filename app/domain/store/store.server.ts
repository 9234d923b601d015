import { all, qb } from "~/platform/db.server";
import type { Store } from "./store";

export async function listStores(db: D1Database): Promise<Store[]> {
  const rows = await all(db, qb.selectFrom("store").selectAll().orderBy("city").orderBy("name"));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    street: r.street,
    houseNumber: r.house_number,
    zip: r.zip,
    city: r.city,
    phone: r.phone,
    latitude: r.latitude,
    longitude: r.longitude,
    clickAndCollect: r.click_and_collect === 1,
    openingHours: JSON.parse(r.opening_hours),
    staffedHours: JSON.parse(r.staffed_hours),
  }));
}
