import Supercluster from "supercluster";
import { describe, expect, it } from "vitest";
import stores from "../../scripts/seed/stores.mjs";
import { storeSchema } from "../../scripts/seed/schema.mjs";
import { distanceKm, postcodePoint } from "~/domain/store/choice";

interface SeedStore {
  id: string;
  name: string;
  zip: string;
  city: string;
  phone: string;
  street: string;
  houseNumber: string;
  lat: number;
  lng: number;
  clickAndCollect: boolean;
  opening: [string, string][][];
  staffed: [string, string][][];
}
const seed = stores as SeedStore[];
const at = (s: SeedStore) => ({ latitude: s.lat, longitude: s.lng });
const LEIPZIG = { latitude: 51.3397, longitude: 12.3731 };
const metres = (a: SeedStore, b: SeedStore) => distanceKm(at(a), at(b)) * 1000;
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

// The map's clustering (docs/decisions/0023): 80 px radius on 256 px tiles, size classes
// small < 10, medium < 100, large ≥ 100; spiderfied as a circle below 9 markers, as a spiral from 9.
function clustersAt(zoom: number) {
  const index = new Supercluster({ radius: 80, extent: 256, maxZoom: 18 }).load(
    seed.map((s) => ({
      type: "Feature" as const,
      properties: { id: s.id },
      geometry: { type: "Point" as const, coordinates: [s.lng, s.lat] },
    })),
  );
  return index.getClusters([-180, -85, 180, 85], zoom).map((c) => ({
    count: (c.properties as { point_count?: number }).point_count ?? 1,
    leaves:
      "cluster_id" in c.properties
        ? index.getLeaves(c.properties.cluster_id as number, Infinity).map((l) => l.properties.id)
        : [],
  }));
}

describe("the seeded stores", () => {
  it("are at least 150 with unique slug ids, names and phone extensions, each valid for the seed", () => {
    expect(seed.length).toBeGreaterThanOrEqual(150);
    for (const key of ["id", "name", "phone"] as const)
      expect(new Set(seed.map((s) => s[key])).size, key).toBe(seed.length);
    for (const s of seed) {
      expect(s.id, s.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)+$/);
      expect(storeSchema.safeParse(s).success, s.id).toBe(true);
      expect(s.phone, s.id).toMatch(/^0341 98765-\d{2,3}$/);
    }
  });

  it("keep the stores other data and tests refer to", () => {
    const ids = new Set(seed.map((s) => s.id));
    for (const id of [
      "leipzig-suedvorstadt",
      "leipzig-gohlis",
      "leipzig-plagwitz",
      "dresden-neustadt",
      "dresden-loebtau",
      "chemnitz-kassberg",
      "halle-paulusviertel",
      "jena-zentrum",
      "erfurt-altstadt",
      "weimar-zentrum",
      "zwickau-zentrum",
      "plauen-zentrum",
      "magdeburg-altstadt",
      "berlin-prenzlauer-berg",
      "hamburg-ottensen",
    ])
      expect(ids.has(id), id).toBe(true);
  });

  it("lie in Germany, with a postcode whose region is where the store is", () => {
    for (const s of seed) {
      expect(s.lat, s.id).toBeGreaterThan(47.27);
      expect(s.lat, s.id).toBeLessThan(55.06);
      expect(s.lng, s.id).toBeGreaterThan(5.87);
      expect(s.lng, s.id).toBeLessThan(15.04);
      const region = postcodePoint(s.zip);
      expect(region, s.id).not.toBeNull();
      expect(distanceKm(region!, at(s)), s.id).toBeLessThan(75);
    }
  });

  it("offer click & collect in a good share of them", () => {
    const share = seed.filter((s) => s.clickAndCollect).length / seed.length;
    expect(share).toBeGreaterThan(0.4);
    expect(share).toBeLessThan(0.8);
  });

  it("are open only Monday to Saturday between 06:00 and 22:00 when staffed, and staffed only while open", () => {
    for (const s of seed) {
      expect(s.staffed[6], `${s.id} Sunday`).toEqual([]);
      s.staffed.forEach((day, d) => {
        for (const [from, to] of day) {
          expect(minutes(from), s.id).toBeGreaterThanOrEqual(6 * 60);
          expect(minutes(to), s.id).toBeLessThanOrEqual(22 * 60);
          expect(minutes(from) < minutes(to), s.id).toBe(true);
          const open = s.opening[d]!.some(([o, c]) => minutes(o) <= minutes(from) && minutes(to) <= minutes(c));
          expect(open, `${s.id} day ${d} ${from}–${to}`).toBe(true);
        }
      });
      // Only Saxony-Anhalt lets stores open on Sundays, and only without staff (postcodes 06…, 39…).
      if (s.opening[6]!.length) expect(s.zip, s.id).toMatch(/^(06|39)/);
    }
  });

  it("gather in the cooperative's home region: 105 to 115 within 110 km of Leipzig, a dozen and more in Leipzig", () => {
    const near = seed.filter((s) => distanceKm(LEIPZIG, at(s)) <= 110).length;
    expect(near).toBeGreaterThanOrEqual(105);
    expect(near).toBeLessThanOrEqual(115);
    const leipzig = seed.filter((s) => s.city === "Leipzig" && !s.id.startsWith("leipzig-markthalle"));
    expect(leipzig.length).toBeGreaterThanOrEqual(12);
    expect(seed.length - near).toBeGreaterThanOrEqual(40);
    expect(seed.length - near).toBeLessThanOrEqual(60);
  });

  it("have the ten stalls of the Markthalle Leipzig at one address, within 20 m of each other", () => {
    const hall = seed.filter((s) => s.name.startsWith("Frischkorb Markthalle Leipzig – "));
    expect(hall).toHaveLength(10);
    expect(new Set(hall.map((s) => `${s.street} ${s.houseNumber}, ${s.zip} ${s.city}`)).size).toBe(1);
    for (const a of hall) for (const b of hall) expect(metres(a, b), `${a.id} ${b.id}`).toBeLessThan(20);
    expect(new Set(hall.map((s) => JSON.stringify(s.staffed))).size).toBeGreaterThan(5);
  });

  it("cluster on the map: one large cluster at the Germany-wide view, medium ones, and both spiderfy cases", () => {
    const germany = clustersAt(6).map((c) => c.count);
    expect(Math.max(...germany)).toBeGreaterThanOrEqual(100);
    expect(germany.some((n) => n >= 10 && n < 100)).toBe(true);
    expect(germany.some((n) => n < 10)).toBe(true);
    // at the closest zoom only stores at one address still share a marker
    const closest = clustersAt(18).filter((c) => c.count > 1);
    expect(closest.map((c) => c.count).sort((a, b) => a - b)).toEqual([4, 10]);
    expect(closest.find((c) => c.count === 10)!.leaves.every((id) => id.startsWith("leipzig-markthalle-"))).toBe(true);
    expect(closest.find((c) => c.count === 4)!.leaves.every((id) => id.startsWith("dresden-hauptbahnhof-"))).toBe(true);
  });
});
