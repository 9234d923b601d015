/**
 * The locations service's questions (docs/decisions/0050-locations-graphql.md): the stores in a
 * box, the nearest to a postcode (an unknown one answers null), the service filters; the GraphQL
 * client of spec sections 7 and 8; the German error texts; the deployment check of the setting.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { germanMessage } from "~/api/graphql/errors.server";
import { distanceKm, postcodePoint } from "~/domain/store/choice";
import {
  type Location,
  NEAREST_MAX,
  inBox,
  isValidBox,
  nearestStores,
  storesInBox,
  toLocation,
  withServices,
} from "~/domain/store/locations";
import { choosableStores, type LocationsSource, LocationsUnavailable } from "~/domain/store/locations.server";
import type { DayHours } from "~/domain/store/store";
import type { Env } from "~/platform/context";
import { graphqlCall } from "~/platform/graphql-client.server";
import { locationsEndpoint, locationsProblems } from "~/platform/locations-service.server";

const week = (hours: DayHours): DayHours[] => Array.from({ length: 7 }, () => hours);

function store(id: string, city: string, latitude: number, longitude: number, opts: Partial<Location> = {}): Location {
  return toLocation(
    {
      id,
      name: `Frischkorb ${id}`,
      street: "Hauptstraße",
      houseNumber: "1",
      zip: "04109",
      city,
      phone: null,
      latitude,
      longitude,
      clickAndCollect: opts.clickAndCollect ?? true,
      openingHours: opts.openingHours ?? week([["08:00", "20:00"]]),
      staffedHours: opts.staffedHours ?? week([["08:00", "20:00"]]),
    },
    [],
  );
}

const LEIPZIG = store("leipzig", "Leipzig", 51.3397, 12.3731);
const LEIPZIG_SOUTH = store("leipzig-sued", "Leipzig", 51.3, 12.38, { clickAndCollect: false });
const DRESDEN = store("dresden", "Dresden", 51.0504, 13.7373, {
  staffedHours: week([["08:00", "14:00"]]),
});
const BERLIN = store("berlin", "Berlin", 52.52, 13.405);
const MUNICH = store("muenchen", "München", 48.1374, 11.5755);
const ALL = [BERLIN, DRESDEN, LEIPZIG, LEIPZIG_SOUTH, MUNICH];

describe("a store of the locations service", () => {
  it("is in Germany, and has card entry exactly when it is open longer than staffed", () => {
    expect(LEIPZIG.country).toBe("DE");
    expect(LEIPZIG.cardEntry).toBe(false);
    expect(DRESDEN.cardEntry).toBe(true);
  });

  it("filters by services, an unset or null service being no condition", () => {
    expect(withServices(ALL, {}).length).toBe(5);
    expect(withServices(ALL, { clickAndCollect: null, cardEntry: null }).length).toBe(5);
    expect(withServices(ALL, { clickAndCollect: false }).map((s) => s.id)).toEqual(["leipzig-sued"]);
    expect(withServices(ALL, { cardEntry: true }).map((s) => s.id)).toEqual(["dresden"]);
    expect(withServices(ALL, { cardEntry: true, clickAndCollect: false })).toEqual([]);
  });
});

describe("the stores in a box", () => {
  const SAXONY = { south: 50.2, west: 11.8, north: 51.7, east: 15.1 };

  it("answers those inside, edges included, in the order given", () => {
    expect(storesInBox(ALL, SAXONY).map((s) => s.id)).toEqual(["dresden", "leipzig", "leipzig-sued"]);
    expect(storesInBox(ALL, SAXONY, { clickAndCollect: true }).map((s) => s.id)).toEqual(["dresden", "leipzig"]);
    const exact = { south: 51.3397, west: 12.3731, north: 51.3397, east: 12.3731 };
    expect(storesInBox(ALL, exact).map((s) => s.id)).toEqual(["leipzig"]);
  });

  it("holds none when the box is invalid: reversed, out of range or not a number", () => {
    for (const box of [
      { south: 52, west: 12, north: 51, east: 13 },
      { south: 50, west: 14, north: 51, east: 13 },
      { south: -91, west: 0, north: 0, east: 1 },
      { south: 0, west: 0, north: 1, east: 181 },
      { south: Number.NaN, west: 0, north: 1, east: 1 },
      { south: 0, west: Number.NEGATIVE_INFINITY, north: 1, east: 1 },
    ]) {
      expect(isValidBox(box), JSON.stringify(box)).toBe(false);
      expect(storesInBox(ALL, box)).toEqual([]);
    }
    expect(isValidBox({ south: -90, west: -180, north: 90, east: 180 })).toBe(true);
  });

  it("answers exactly the stores whose position lies in the box, for any valid box", () => {
    const degree = (min: number, max: number) => fc.double({ min, max, noNaN: true });
    fc.assert(
      fc.property(degree(47, 56), degree(47, 56), degree(5, 16), degree(5, 16), (a, b, c, d) => {
        const box = { south: Math.min(a, b), north: Math.max(a, b), west: Math.min(c, d), east: Math.max(c, d) };
        const inside = storesInBox(ALL, box);
        for (const s of ALL) expect(inside.includes(s)).toBe(inBox(s, box));
      }),
      { seed: 50, numRuns: 500 },
    );
  });
});

describe("the stores nearest a postcode", () => {
  it("answers the nearest first with their distance from the postcode's region", () => {
    const near = nearestStores(ALL, "01067") ?? [];
    expect(near.map((n) => n.location.id)).toEqual(["dresden", "leipzig-sued", "leipzig", "berlin", "muenchen"]);
    const from = postcodePoint("01067")!;
    for (const n of near) expect(n.distanceKm).toBeCloseTo(distanceKm(from, n.location), 9);
    const distances = near.map((n) => n.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it("keeps to the limit (1 to the maximum) and the services asked for", () => {
    expect(nearestStores(ALL, "04109", { limit: 2 })?.map((n) => n.location.id)).toEqual(["leipzig", "leipzig-sued"]);
    expect(nearestStores(ALL, "04109", { limit: 0 })).toHaveLength(1);
    expect(nearestStores(ALL, "04109", { limit: 1000 })).toHaveLength(Math.min(NEAREST_MAX, ALL.length));
    expect(nearestStores(ALL, "04109", { clickAndCollect: true })?.map((n) => n.location.id)).toEqual([
      "leipzig",
      "dresden",
      "berlin",
      "muenchen",
    ]);
  });

  it("answers null for a postcode the shop cannot place: unused regions, not five digits", () => {
    for (const postcode of ["00123", "05000", "11011", "43210", "62000", "4109", "041099", "Leipzig", ""])
      expect(nearestStores(ALL, postcode), postcode).toBeNull();
  });
});

describe("the store choice with an external service", () => {
  const candidate = (l: Location) => ({
    id: l.id,
    name: "im D1",
    street: l.street,
    houseNumber: l.houseNumber,
    zip: l.zip,
    city: l.city,
    latitude: l.latitude,
    longitude: l.longitude,
  });
  const service = (stores: Location[]): LocationsSource => ({
    external: true,
    stores: async (filter = {}) => withServices(stores, filter),
    store: async () => null,
    inBox: async () => [],
    nearest: async () => null,
  });

  it("offers the service's stores the shop keeps, in the service's words; the shop's own source changes nothing", async () => {
    const local = [candidate(LEIPZIG), candidate(DRESDEN)];
    const chosen = await choosableStores(service([LEIPZIG, BERLIN, DRESDEN]), local);
    expect(chosen.map((s) => [s.id, s.name])).toEqual([
      ["leipzig", "Frischkorb leipzig"],
      ["dresden", "Frischkorb dresden"],
    ]);
    expect(await choosableStores({ ...service([]), external: false }, local)).toBe(local);
  });

  it("offers the shop's own stores while the service fails", async () => {
    const local = [candidate(LEIPZIG)];
    const failing: LocationsSource = {
      ...service([]),
      stores: async () => {
        throw new LocationsUnavailable("Zugang verweigert");
      },
    };
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await choosableStores(failing, local)).toBe(local);
    expect(log).toHaveBeenCalledWith(expect.stringContaining("Zugang verweigert"));
    log.mockRestore();
  });
});

describe("the GraphQL client (spec sections 7 and 8)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function answering(status: number, body: unknown) {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => Response.json(body, { status }));
    vi.stubGlobal("fetch", fetch);
    return fetch;
  }

  const endpoint = { url: "https://locations.example/graphql", token: "geheim" };
  const operation = {
    query: "query Q($id: ID!) { store(id: $id) { id } }",
    variables: { id: "a" },
    operationName: "Q",
  };

  it("posts query, variables and operationName with the bearer token, and answers data", async () => {
    const fetch = answering(200, { data: { store: { id: "a" } } });
    expect(await graphqlCall(endpoint, operation)).toEqual({ store: { id: "a" } });
    const [url, init = {}] = fetch.mock.calls[0];
    expect(url).toBe(endpoint.url);
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual(operation);
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer geheim");
  });

  it("puts a query into the address with GET", async () => {
    const fetch = answering(200, { data: { store: null } });
    await graphqlCall({ ...endpoint, method: "GET" }, operation);
    const url = new URL(String(fetch.mock.calls[0][0]));
    expect(url.searchParams.get("query")).toBe(operation.query);
    expect(JSON.parse(url.searchParams.get("variables") ?? "")).toEqual({ id: "a" });
    expect(url.searchParams.get("operationName")).toBe("Q");
  });

  it("throws the first error's message, else the status code", async () => {
    answering(200, {
      errors: [{ message: "Diese Postleitzahl kennen wir nicht." }, { message: "zweite" }],
      data: null,
    });
    await expect(graphqlCall(endpoint, operation)).rejects.toThrow("Diese Postleitzahl kennen wir nicht.");
    answering(502, "Bad Gateway");
    await expect(graphqlCall(endpoint, operation)).rejects.toThrow("502");
    answering(401, { errors: [{ message: "Zugang verweigert" }] });
    await expect(graphqlCall(endpoint, operation)).rejects.toThrow("Zugang verweigert");
  });
});

describe("German GraphQL errors", () => {
  const text = (key: string, values: Record<string, unknown> = {}) => `${key} ${JSON.stringify(values)}`;
  const texts = { text, own: new Set(["Die Abfrage ist zu tief verschachtelt."]), processing: "Fehler" };

  it("keeps the service's own, and turns graphql-js's and Yoga's into the texts with the names they quote", () => {
    expect(germanMessage("Syntax Error: Die Abfrage ist zu tief verschachtelt.", texts)).toBe(
      "Die Abfrage ist zu tief verschachtelt.",
    );
    expect(germanMessage('Cannot query field "preis" on type "Store".', texts)).toBe(
      'graphql.unknownField {"field":"preis","type":"Store"}',
    );
    expect(germanMessage("Syntax Error: Document contains more that 1000 tokens. Parsing aborted.", texts)).toBe(
      'graphql.tooManyTokens {"count":"1000"}',
    );
    expect(germanMessage("Syntax Error: Expected Name, found <EOF>.", texts)).toBe("graphql.syntax {}");
    expect(germanMessage('Variable "$id" of required type "ID!" was not provided.', texts)).toBe(
      'graphql.variable {"name":"id"}',
    );
    expect(germanMessage("POST body sent invalid JSON.", texts)).toBe("malformedJson {}");
    expect(germanMessage("Unexpected error.", texts)).toBe("Fehler");
    expect(germanMessage("something nobody foresaw", texts)).toBe("graphql.invalid {}");
  });
});

describe("the setting LOCATIONS_API_URL", () => {
  const env = (vars: Partial<Env>) => vars as Env;

  it("is the shop's own D1 unset, the service with its token set", () => {
    expect(locationsEndpoint(env({}))).toBeNull();
    expect(locationsEndpoint(env({ LOCATIONS_API_URL: " " }))).toBeNull();
    expect(
      locationsEndpoint(env({ LOCATIONS_API_URL: "https://l.example/graphql", LOCATIONS_API_TOKEN: "t" })),
    ).toEqual({ url: "https://l.example/graphql", token: "t" });
  });

  it("makes a deployment refuse without its token or with an address that is not https", () => {
    expect(locationsProblems(env({}))).toEqual([]);
    expect(
      locationsProblems(env({ LOCATIONS_API_URL: "https://l.example/graphql", LOCATIONS_API_TOKEN: "t" })),
    ).toEqual([]);
    expect(locationsProblems(env({ LOCATIONS_API_URL: "https://l.example/graphql" }))).toEqual([
      "LOCATIONS_API_TOKEN is not set (LOCATIONS_API_URL is)",
    ]);
    expect(locationsProblems(env({ LOCATIONS_API_URL: "http://l.example/graphql", LOCATIONS_API_TOKEN: "t" }))).toEqual(
      ["LOCATIONS_API_URL is not an https:// URL"],
    );
  });
});
