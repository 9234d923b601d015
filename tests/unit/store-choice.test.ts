import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  STORES_SHOWN,
  STORE_SEARCH_MAX_LENGTH,
  customerPostcode,
  distanceKm,
  formatDistance,
  matchesSearch,
  postcodePoint,
  storeChoice,
  type StoreCandidate,
} from "~/domain/store/choice";

// Places with well-known positions; distances checked against published great-circle values.
const LEIPZIG = { latitude: 51.3397, longitude: 12.3731 };
const DRESDEN = { latitude: 51.0504, longitude: 13.7373 };
const BERLIN = { latitude: 52.52, longitude: 13.405 };
const MUNICH = { latitude: 48.1374, longitude: 11.5755 };
const HAMBURG = { latitude: 53.5511, longitude: 9.9937 };
const COLOGNE = { latitude: 50.9375, longitude: 6.9603 };

/** An independent oracle: the spherical law of cosines, with the same mean earth radius. */
function cosineLawKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const r = Math.PI / 180;
  const c =
    Math.sin(a.latitude * r) * Math.sin(b.latitude * r) +
    Math.cos(a.latitude * r) * Math.cos(b.latitude * r) * Math.cos((b.longitude - a.longitude) * r);
  return 6371.0088 * Math.acos(Math.min(1, Math.max(-1, c)));
}

const store = (id: string, over: Partial<StoreCandidate> = {}): StoreCandidate => ({
  id,
  name: `Frischkorb ${id}`,
  street: "Hauptstraße",
  houseNumber: "1",
  zip: "04109",
  city: "Leipzig",
  latitude: 51.34,
  longitude: 12.37,
  ...over,
});

const STORES: StoreCandidate[] = [
  store("leipzig-gohlis", {
    name: "Frischkorb Leipzig-Gohlis",
    street: "Lindenthaler Weg",
    zip: "04155",
    latitude: 51.3597,
    longitude: 12.3712,
  }),
  store("leipzig-loessnig", {
    name: "Frischkorb Leipzig-Lößnig",
    street: "Zwickauer Straße",
    houseNumber: "140",
    zip: "04279",
    latitude: 51.3038,
    longitude: 12.3962,
  }),
  store("dresden-neustadt", {
    name: "Frischkorb Dresden-Neustadt",
    street: "Holunderstraße",
    zip: "01099",
    city: "Dresden",
    latitude: 51.0663,
    longitude: 13.7541,
  }),
  store("berlin-mitte", {
    name: "Frischkorb Berlin-Mitte",
    street: "Invalidenstraße",
    zip: "10115",
    city: "Berlin",
    latitude: 52.5301,
    longitude: 13.3849,
  }),
  store("muenchen-altstadt", {
    name: "Frischkorb München-Altstadt",
    street: "Sendlinger Straße",
    zip: "80331",
    city: "München",
    latitude: 48.1349,
    longitude: 11.5701,
  }),
  store("hamburg-ottensen", {
    name: "Frischkorb Hamburg-Ottensen",
    street: "Bei der Kornmühle",
    zip: "22765",
    city: "Hamburg",
    latitude: 53.5531,
    longitude: 9.9254,
  }),
];
const ids = (choice: { options: StoreCandidate[] }) => choice.options.map((o) => o.id);

describe("great-circle distance", () => {
  it("matches published distances between German cities", () => {
    expect(distanceKm(BERLIN, MUNICH)).toBeCloseTo(504, -1);
    expect(distanceKm(HAMBURG, MUNICH)).toBeCloseTo(612, -1);
    expect(distanceKm(LEIPZIG, DRESDEN)).toBeGreaterThan(98);
    expect(distanceKm(LEIPZIG, DRESDEN)).toBeLessThan(102);
    expect(distanceKm(BERLIN, COLOGNE)).toBeCloseTo(477, -1);
    // one degree of longitude on the equator: 2πR / 360
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(111.195, 2);
  });

  it("agrees with the law of cosines, is symmetric and zero only for the same place", () => {
    const point = fc.record({
      latitude: fc.double({ min: 47, max: 55.1, noNaN: true }),
      longitude: fc.double({ min: 5.8, max: 15.1, noNaN: true }),
    });
    fc.assert(
      fc.property(point, point, (a, b) => {
        const d = distanceKm(a, b);
        expect(Math.abs(d - cosineLawKm(a, b))).toBeLessThan(0.05);
        expect(distanceKm(b, a)).toBeCloseTo(d, 9);
        expect(distanceKm(a, a)).toBe(0);
      }),
    );
  });
});

describe("postcode regions", () => {
  it("places a postcode in its region's main city", () => {
    expect(distanceKm(postcodePoint("04275")!, LEIPZIG)).toBeLessThan(10);
    expect(distanceKm(postcodePoint("01069")!, DRESDEN)).toBeLessThan(10);
    expect(distanceKm(postcodePoint("10115")!, BERLIN)).toBeLessThan(10);
    expect(distanceKm(postcodePoint("80331")!, MUNICH)).toBeLessThan(10);
    expect(distanceKm(postcodePoint("20095")!, HAMBURG)).toBeLessThan(10);
    expect(distanceKm(postcodePoint("50667")!, COLOGNE)).toBeLessThan(15);
  });

  it("knows every region in use and nothing else", () => {
    const unused = new Set(["00", "05", "11", "43", "62"]);
    for (let n = 0; n < 100; n++) {
      const region = String(n).padStart(2, "0");
      const point = postcodePoint(`${region}123`);
      if (unused.has(region)) expect(point, region).toBeNull();
      else {
        expect(point, region).not.toBeNull();
        expect(point!.latitude, region).toBeGreaterThan(47.2);
        expect(point!.latitude, region).toBeLessThan(55.1);
        expect(point!.longitude, region).toBeGreaterThan(5.8);
        expect(point!.longitude, region).toBeLessThan(15.1);
      }
    }
    for (const odd of ["", "0427", "042751", "04 27", "abcde", "０４２７５", null, undefined])
      expect(postcodePoint(odd), String(odd)).toBeNull();
  });

  it("takes the customer's default delivery address, else the billing address, else the first", () => {
    const a = (zip: string, defaultShipping = false, defaultBilling = false) => ({
      zip,
      defaultShipping,
      defaultBilling,
    });
    expect(customerPostcode([a("10115"), a("04155", true), a("80331", false, true)])).toBe("04155");
    expect(customerPostcode([a("10115"), a("80331", false, true)])).toBe("80331");
    expect(customerPostcode([a("10115"), a("80331")])).toBe("10115");
    expect(customerPostcode([])).toBeNull();
  });
});

describe("nearest first", () => {
  it("orders by distance from the customer's postcode and shows the distance", () => {
    const choice = storeChoice(STORES, { postcode: "04275" });
    expect(ids(choice).slice(0, 3)).toEqual(["leipzig-gohlis", "leipzig-loessnig", "dresden-neustadt"]);
    expect(choice.origin).toBe("04275");
    expect(choice.options[0]!.distanceKm).toBeLessThan(5);
    expect(ids(storeChoice(STORES, { postcode: "80999" }))[0]).toBe("muenchen-altstadt");
    expect(ids(storeChoice(STORES, { postcode: "22765" }))[0]).toBe("hamburg-ottensen");
  });

  it("orders by city and name without a postcode it knows, with no distances", () => {
    for (const postcode of [null, "05123", "A-1010"]) {
      const choice = storeChoice(STORES, { postcode });
      expect(ids(choice)).toEqual([
        "berlin-mitte",
        "dresden-neustadt",
        "hamburg-ottensen",
        "leipzig-gohlis",
        "leipzig-loessnig",
        "muenchen-altstadt",
      ]);
      expect(choice.origin).toBeNull();
      expect(choice.options.every((o) => o.distanceKm === null)).toBe(true);
    }
  });

  it("shows the nearest ten of many, the same a brute-force search finds, and counts the rest", () => {
    const candidate = fc
      .record({
        latitude: fc.double({ min: 47.3, max: 55, noNaN: true }),
        longitude: fc.double({ min: 5.9, max: 15, noNaN: true }),
      })
      .map((p) => store("x", p));
    const postcode = fc.integer({ min: 1000, max: 99999 }).map((n) => String(n).padStart(5, "0"));
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 40 }), postcode, (raw, zip) => {
        const stores = raw.map((s, i) => ({ ...s, id: `s${i}`, name: `Frischkorb ${i}` }));
        const choice = storeChoice(stores, { postcode: zip });
        const from = postcodePoint(zip);
        expect(choice.options).toHaveLength(Math.min(STORES_SHOWN, stores.length));
        expect(choice.more).toBe(Math.max(0, stores.length - STORES_SHOWN));
        if (!from) return;
        const byOracle = stores.map((s) => cosineLawKm(from, s)).sort((a, b) => a - b);
        choice.options.forEach((o, i) => {
          expect(Math.abs(cosineLawKm(from, o) - byOracle[i]!)).toBeLessThan(0.05);
        });
      }),
    );
  });

  it("shows every match when asked", () => {
    const many = Array.from({ length: 25 }, (_, i) => store(`s${i}`, { name: `Frischkorb ${i}` }));
    expect(storeChoice(many, { postcode: null }).options).toHaveLength(STORES_SHOWN);
    expect(storeChoice(many, { postcode: null }).more).toBe(15);
    expect(storeChoice(many, { postcode: null, showAll: true }).options).toHaveLength(25);
    expect(storeChoice(many, { postcode: null, showAll: true }).more).toBe(0);
  });
});

describe("search", () => {
  it("finds by city, district, street and postcode prefix, whatever the case and accents", () => {
    const found = (search: string) => ids(storeChoice(STORES, { postcode: null, search }));
    expect(found("gohlis")).toEqual(["leipzig-gohlis"]);
    expect(found("Leipzig Gohlis")).toEqual(["leipzig-gohlis"]);
    expect(found("LÖSSNIG")).toEqual(["leipzig-loessnig"]);
    expect(found("lössnig")).toEqual(["leipzig-loessnig"]);
    expect(found("Zwickauer Strasse 140")).toEqual(["leipzig-loessnig"]);
    expect(found("holunder")).toEqual(["dresden-neustadt"]);
    expect(found("Munchen")).toEqual(["muenchen-altstadt"]);
    expect(found("leipzig")).toEqual(["leipzig-gohlis", "leipzig-loessnig"]);
    expect(found("041")).toEqual(["leipzig-gohlis"]);
    expect(found("0")).toEqual(["dresden-neustadt", "leipzig-gohlis", "leipzig-loessnig"]);
    expect(found("  ")).toHaveLength(STORES.length);
  });

  it("measures from a whole postcode instead of filtering by it", () => {
    const choice = storeChoice(STORES, { postcode: "04275", search: "01069" });
    expect(choice.origin).toBe("01069");
    expect(choice.matches).toBe(STORES.length);
    expect(ids(choice)[0]).toBe("dresden-neustadt");
    // a postcode of no region is only a prefix, and matches nothing here
    expect(storeChoice(STORES, { postcode: "04275", search: "05123" }).matches).toBe(0);
  });

  it("sorts the matches nearest first from the customer's postcode", () => {
    expect(ids(storeChoice(STORES, { postcode: "01099", search: "frischkorb" })).slice(0, 4)).toEqual([
      "dresden-neustadt",
      "leipzig-loessnig",
      "leipzig-gohlis",
      "berlin-mitte",
    ]);
  });

  it("keeps the chosen store in the list, once, whatever the search finds", () => {
    const choice = storeChoice(STORES, { postcode: "04275", search: "hamburg", chosenId: "leipzig-gohlis" });
    expect(ids(choice)).toEqual(["leipzig-gohlis", "hamburg-ottensen"]);
    expect(choice.matches).toBe(1);
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.constantFrom(...STORES.map((s) => s.id)), (search, chosenId) => {
        const shown = ids(storeChoice(STORES, { postcode: "04275", search, chosenId }));
        expect(shown.filter((id) => id === chosenId)).toHaveLength(1);
      }),
    );
    // an unknown chosen id adds nothing
    expect(storeChoice(STORES, { postcode: null, search: "gohlis", chosenId: "gibt-es-nicht" }).options).toHaveLength(
      1,
    );
  });

  it("takes any input without failing and cuts very long searches", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: "binary" }), (search) => {
        const choice = storeChoice(STORES, { postcode: "04275", search });
        expect(choice.search.length).toBeLessThanOrEqual(STORE_SEARCH_MAX_LENGTH);
        expect(choice.options.length).toBeLessThanOrEqual(STORES_SHOWN);
      }),
    );
    expect(storeChoice(STORES, { postcode: null, search: "x".repeat(10_000) }).search).toHaveLength(
      STORE_SEARCH_MAX_LENGTH,
    );
    expect(storeChoice(STORES, { postcode: null, search: "<script>alert(1)</script>" }).matches).toBe(0);
    expect(storeChoice(STORES, { postcode: null, search: "%'; DROP TABLE store; --" }).matches).toBe(0);
  });

  it("matches every word, digits only at the start of the postcode", () => {
    const gohlis = STORES[0]!;
    expect(matchesSearch(gohlis, ["lindenthaler", "041"])).toBe(true);
    expect(matchesSearch(gohlis, ["lindenthaler", "155"])).toBe(false);
    expect(matchesSearch(gohlis, ["lindenthaler", "1"])).toBe(true); // the house number
    expect(matchesSearch(gohlis, ["lindenthaler", "dresden"])).toBe(false);
  });
});

describe("distance text", () => {
  it("writes German numbers with one decimal below 10 km and whole kilometres above", () => {
    expect(formatDistance(2.44)).toBe("2,4\u00a0km");
    expect(formatDistance(0.04)).toBe("0,0\u00a0km");
    expect(formatDistance(9.94)).toBe("9,9\u00a0km");
    expect(formatDistance(9.96)).toBe("10\u00a0km");
    expect(formatDistance(37.6)).toBe("38\u00a0km");
    expect(formatDistance(1234.4)).toBe("1.234\u00a0km");
  });
  it("rounds as Intl's German number format does (the shop writes it itself: docs/decisions/0059)", () => {
    const oneDecimal = new Intl.NumberFormat("de-DE", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const whole = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 0 });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: 0, max: 20_000, noNaN: true }),
          fc.integer({ min: 0, max: 200_000 }).map((n) => n / 100),
        ),
        (km) => formatDistance(km) === `${km < 9.95 ? oneDecimal.format(km) : whole.format(km)}\u00a0km`,
      ),
      { numRuns: 10_000 },
    );
  });
});
