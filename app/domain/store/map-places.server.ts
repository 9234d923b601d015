import { all, qb } from "~/platform/db.server";
import { mapOverlay } from "./map-places";

/** What the drawn tile z adds to land and borders, from every store's name, town and position. */
export async function tileOverlay(db: D1Database, zoom: number) {
  const rows = await all(db, qb.selectFrom("store").select(["name", "city", "latitude", "longitude"]));
  return mapOverlay(
    rows.map((r) => ({ name: r.name, city: r.city, lat: r.latitude, lng: r.longitude })),
    zoom,
  );
}
