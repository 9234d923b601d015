/**
 * The locations GraphQL endpoint /graphql on the built worker (issue 34, docs/decisions/0050):
 * the three questions (a store by id, the stores in a box, the nearest to a postcode) by GET and
 * POST, with variables and operationName; its limits refusing a deep, a costly, an aliased or a
 * long query, the full introspection query among them, with a German GraphQL error and never a
 * 5xx; a body over 64 KiB, bad JSON and unknown fields answered the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareTestCustomer } from "../fixtures/customer";
import { Browser, signIn } from "./browser";
import { checkoutHelpers } from "./checkout-helpers";
import { startProductionShop } from "./production";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.dispose();
});

interface GraphqlAnswer<T = Record<string, unknown>> {
  data?: T | null;
  errors?: { message: string }[];
}

const STORE_FIELDS = `id name phone
  address { street houseNumber zip city country }
  coordinates { lat lng }
  services { clickAndCollect cardEntry }
  openingHours { weekday ranges { from to } }
  staffedHours { weekday ranges { from to } }
  specialDays { date reason opening { from to } staffed { from to } }`;

async function post<T>(body: unknown, init: RequestInit = {}): Promise<{ status: number; answer: GraphqlAnswer<T> }> {
  const res = await shop.fetch("/graphql", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...init,
  });
  expect(res.status).toBeLessThan(500);
  expect(res.headers.get("Content-Type")).toMatch(/json/);
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  return { status: res.status, answer: (await res.json()) as GraphqlAnswer<T> };
}

async function get<T>(params: Record<string, string>): Promise<{ status: number; answer: GraphqlAnswer<T> }> {
  const res = await shop.fetch(`/graphql?${new URLSearchParams(params)}`, { headers: { Accept: "application/json" } });
  expect(res.status).toBeLessThan(500);
  expect(res.headers.get("Content-Type")).toMatch(/json/);
  return { status: res.status, answer: (await res.json()) as GraphqlAnswer<T> };
}

/** The first error's message, as the spec's client throws it (section 8). */
async function refusal(body: unknown): Promise<string> {
  const { answer } = await post(body);
  expect(answer.errors?.length, JSON.stringify(answer)).toBeGreaterThan(0);
  return answer.errors?.[0].message ?? "";
}

interface StoreAnswer {
  id: string;
  name: string;
  address: { zip: string; city: string; country: string };
  coordinates: { lat: number; lng: number };
  services: { clickAndCollect: boolean; cardEntry: boolean };
  openingHours: { weekday: string; ranges: { from: string; to: string }[] }[];
  staffedHours: { weekday: string; ranges: { from: string; to: string }[] }[];
}

describe("the three questions", () => {
  it("answers a store by its id, and null for an unknown one", async () => {
    const { status, answer } = await post<{ store: StoreAnswer | null; none: StoreAnswer | null }>({
      query: `query One($id: ID!) { store(id: $id) { ${STORE_FIELDS} } none: store(id: "gibt-es-nicht") { id } }`,
      variables: { id: "leipzig-gohlis" },
      operationName: "One",
    });
    expect(status).toBe(200);
    expect(answer.errors).toBeUndefined();
    const store = answer.data?.store;
    expect(store?.id).toBe("leipzig-gohlis");
    expect(store?.address.city).toBe("Leipzig");
    expect(store?.address.country).toBe("DE");
    expect(store?.openingHours.map((d) => d.weekday)).toEqual([
      "MONDAY",
      "TUESDAY",
      "WEDNESDAY",
      "THURSDAY",
      "FRIDAY",
      "SATURDAY",
      "SUNDAY",
    ]);
    expect(store?.openingHours[0].ranges[0].from).toMatch(/^\d\d:\d\d$/);
    expect(answer.data?.none).toBeNull();
  });

  it("answers the stores in a box, every one inside it, and refuses an invalid box in German", async () => {
    const box = { south: 51.25, west: 12.2, north: 51.45, east: 12.5 };
    const { answer } = await post<{ storesInBox: StoreAnswer[] }>({
      query: "query Box($box: BoundingBox!) { storesInBox(box: $box) { id coordinates { lat lng } } }",
      variables: { box },
    });
    const stores = answer.data?.storesInBox ?? [];
    expect(stores.length).toBeGreaterThan(20);
    for (const s of stores) {
      expect(s.coordinates.lat).toBeGreaterThanOrEqual(box.south);
      expect(s.coordinates.lat).toBeLessThanOrEqual(box.north);
      expect(s.coordinates.lng).toBeGreaterThanOrEqual(box.west);
      expect(s.coordinates.lng).toBeLessThanOrEqual(box.east);
    }
    const germany = await post<{ storesInBox: { id: string }[] }>({
      query: "{ storesInBox(box: { south: 47, west: 5.5, north: 55.1, east: 15.5 }) { id } }",
    });
    expect(germany.answer.data?.storesInBox.length).toBe(172);
    expect(
      await refusal({ query: "{ storesInBox(box: { south: 52, west: 12, north: 51, east: 13 }) { id } }" }),
    ).toMatch(/Kartenausschnitt ist ungültig/);
  });

  it("answers the stores nearest a postcode first, with the service filters, and refuses an unknown postcode", async () => {
    const { answer } = await post<{ nearestStores: { distanceKm: number; store: StoreAnswer }[] }>({
      query: `query Near($postcode: String!, $limit: Int) {
        nearestStores(postcode: $postcode, limit: $limit, clickAndCollect: true) {
          distanceKm store { id address { city } services { clickAndCollect } } } }`,
      variables: { postcode: "01067", limit: 5 },
    });
    const near = answer.data?.nearestStores ?? [];
    expect(near).toHaveLength(5);
    expect(near[0].store.address.city).toBe("Dresden");
    expect(near.every((n) => n.store.services.clickAndCollect)).toBe(true);
    const distances = near.map((n) => n.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(await refusal({ query: '{ nearestStores(postcode: "00123") { distanceKm } }' })).toBe(
      "Diese Postleitzahl kennen wir nicht.",
    );
    expect(await refusal({ query: '{ nearestStores(postcode: "04109", limit: 500) { distanceKm } }' })).toMatch(
      /1 bis 50/,
    );
  });

  it("answers GET for queries, with variables and operationName in the address", async () => {
    const { status, answer } = await get<{ store: { name: string } }>({
      query: "query A { store(id: $id) { name } } query B($id: ID!) { store(id: $id) { name } }".replace(
        "query A { store(id: $id) { name } } ",
        'query A { store(id: "leipzig-plagwitz") { name } } ',
      ),
      variables: JSON.stringify({ id: "leipzig-gohlis" }),
      operationName: "B",
    });
    expect(status).toBe(200);
    expect(answer.data?.store.name).toMatch(/Gohlis/);
  });
});

describe("limits and bad input: a German GraphQL error, never a 5xx", () => {
  it("refuses a deep query", async () => {
    const deep = `{ __schema { types { fields { type { fields { type { fields { type { name } } } } } } } } }`;
    expect(await refusal({ query: deep })).toMatch(/zu tief verschachtelt/);
  });

  it("refuses the full introspection query of GraphQL tools, and answers a shallow introspection", async () => {
    const typeRef = "kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } }";
    const full = `query IntrospectionQuery { __schema { queryType { name } types { kind name
      fields(includeDeprecated: true) { name args { name type { ${typeRef} } } type { ${typeRef} } } } } }`;
    expect(await refusal({ query: full })).toMatch(/zu tief verschachtelt|zu aufwendig/);
    const { answer } = await post<{ __type: { fields: { name: string }[] } }>({
      query: '{ __type(name: "Store") { fields { name } } }',
    });
    expect(answer.data?.__type.fields.map((f) => f.name)).toContain("openingHours");
  });

  it("refuses a costly query, too many aliases and a too long one", async () => {
    const costly = `{ ${Array.from({ length: 10 }, (_, i) => `a${i}: stores { ${STORE_FIELDS} }`).join(" ")} }`;
    expect(await refusal({ query: costly })).toMatch(/zu aufwendig/);
    const aliases = `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: store(id: "x") { id }`).join(" ")} }`;
    expect(await refusal({ query: aliases })).toMatch(/zu viele Aliasse|zu aufwendig/);
    const long = `{ stores { ${"id ".repeat(3000)} } }`;
    expect(await refusal({ query: long })).toMatch(/zu lang/);
  });

  it("answers unknown fields, syntax errors, wrong variables and bad JSON in German", async () => {
    expect(await refusal({ query: "{ stores { id preis } }" })).toBe("Das Feld „preis“ gibt es bei „Store“ nicht.");
    expect(await refusal({ query: "{ stores { id " })).toBe("Die Abfrage ist kein gültiges GraphQL.");
    expect(
      await refusal({ query: "query Q($id: ID!) { store(id: $id) { id } }", variables: { id: { x: 1 } } }),
    ).toMatch(/Variable „id“/);
    expect(await refusal({ query: "{ stores }" })).toMatch(/Unterfelder/);
    expect(await refusal({ query: "{ store { id } }" })).toMatch(/Argument „id“/);
    expect(await refusal({})).toMatch(/keine Abfrage/);
    expect(await refusal("{not json")).toBe("Der Inhalt der Anfrage ist kein gültiges JSON.");
    expect(await refusal({ query: "mutation { stores { id } }" })).toMatch(/nur Abfragen/);
  });

  it("refuses a body over 64 KiB with 413, and other methods with 405", async () => {
    const { status, answer } = await post({ query: `{ stores { id } } #${"x".repeat(70_000)}` });
    expect(status).toBe(413);
    expect(answer.errors?.[0].message).toBe("Die Anfrage ist zu groß.");
    const res = await shop.fetch("/graphql", { method: "PUT", body: "{}" });
    expect(res.status).toBe(405);
    expect(((await res.json()) as GraphqlAnswer).errors?.[0].message).toMatch(/nur GET/);
  });
});

describe("an external locations service (LOCATIONS_API_URL), stood in by a second shop with other stores", () => {
  const TOKEN = "locations-token-0123456789abcdefghijklmnop";
  const APP_ORIGIN = "https://app.frischkorb.test";
  const SERVICE = "https://locations.test/graphql";
  let service: TestShop;
  let client: TestShop;
  const calls: { method: string; authorization: string | null; operationName: unknown }[] = [];

  beforeAll(async () => {
    service = await startShop();
    // the service knows Gohlis by another name, and a store the shop's D1 does not keep
    await service.db.prepare("UPDATE store SET name = 'Standortdienst Gohlis' WHERE id = 'leipzig-gohlis'").run();
    await service.db
      .prepare(
        `INSERT INTO store (id, name, street, house_number, zip, city, phone, latitude, longitude, click_and_collect, opening_hours, staffed_hours)
         VALUES ('nur-im-dienst', 'Frischkorb Nur im Dienst', 'Dienstweg', '7', '04109', 'Leipzig', NULL, 51.34, 12.37, 1, ?, ?)`,
      )
      .bind(JSON.stringify(Array(7).fill([["08:00", "20:00"]])), JSON.stringify(Array(7).fill([["08:00", "20:00"]])))
      .run();
    // a day closed for stocktaking, and Christmas Eve open until two but staffed until one
    await service.db
      .prepare(
        `INSERT INTO store_closed_day (store_id, day, reason, opening_hours, staffed_hours)
         VALUES ('nur-im-dienst', '2099-03-02', 'Inventur', NULL, NULL),
                ('nur-im-dienst', '2099-12-24', 'Heiligabend', '[["08:00","14:00"]]', '[["08:00","13:00"]]')`,
      )
      .run();
    client = await startShop({
      bindings: { LOCATIONS_API_URL: SERVICE, LOCATIONS_API_TOKEN: TOKEN, API_CORS_ORIGINS: APP_ORIGIN },
      outbound: (async (request: Request) => {
        const body = await request.text();
        const parsed = body ? (JSON.parse(body) as { operationName?: unknown }) : {};
        calls.push({
          method: request.method,
          authorization: request.headers.get("Authorization"),
          operationName: parsed.operationName,
        });
        if (
          new URL(request.url).origin !== new URL(SERVICE).origin ||
          request.headers.get("Authorization") !== `Bearer ${TOKEN}`
        )
          return new Response(JSON.stringify({ errors: [{ message: "Zugang verweigert" }] }), { status: 401 });
        const answer = await service.fetch("/graphql", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body,
        });
        return new Response(await answer.text(), {
          status: answer.status,
          headers: { "Content-Type": "application/json" },
        });
      }) as never,
    });
  });
  afterAll(async () => {
    await client?.dispose();
    await service?.dispose();
  });

  it("shows the service's stores on the store map and their pages", async () => {
    const map = await (await client.fetch("/content/map")).text();
    expect(map).toContain("Standortdienst Gohlis");
    expect(map).toContain("Frischkorb Nur im Dienst");
    expect(map).not.toContain("Frischkorb Leipzig-Gohlis");
    const page = await client.fetch("/content/markt/nur-im-dienst");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Dienstweg 7");
    expect(html).toContain("(Inventur)");
    expect(html).toMatch(/08:00.{1,3}14:00[^<]*\(Heiligabend\)/);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.method === "POST" && c.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(calls.map((c) => c.operationName)).toEqual(expect.arrayContaining(["Stores", "Store", "StoresInBox"]));
  });

  it("lists them in the REST store list, nearest first too", async () => {
    const all = (await (await client.fetch("/rest/V1/stores")).json()) as { stores: { id: string; name: string }[] };
    expect(all.stores.find((s) => s.id === "leipzig-gohlis")?.name).toBe("Standortdienst Gohlis");
    expect(all.stores.some((s) => s.id === "nur-im-dienst")).toBe(true);
    const near = (await (await client.fetch("/rest/V1/stores?postcode=04109&limit=50")).json()) as {
      stores: { id: string; distanceKm: number }[];
    };
    expect(near.stores.some((s) => s.id === "nur-im-dienst")).toBe(true);
    expect(calls.at(-1)?.operationName).toBe("NearestStores");
  });

  it("offers in the store choice the service's stores that the shop keeps, in the service's words", async () => {
    const id = 881_001;
    const email = `dienst-${id}@example.org`;
    await prepareTestCustomer(client.db, {
      id,
      email,
      firstname: "Doro",
      lastname: "Dienst",
      gender: "w",
      dob: "1990-01-01",
      telephone: "+49 341 1234",
    }).run();
    const browser = new Browser(client);
    await signIn(browser, email);
    const { html } = await browser.get("/account/cards/apply?allStores=1");
    expect(html).toContain("Standortdienst Gohlis");
    // a card application names a store the shop keeps (its row refers to the store table)
    expect(html).not.toContain('value="nur-im-dienst"');
  });

  it("offers them at the checkout's click & collect too, only those the shop keeps", async () => {
    const { browser } = await checkoutHelpers(client).buyer();
    const { html } = await browser.get("/checkout?carrier=clickandcollect&allStores=1");
    expect(html).toContain("Standortdienst Gohlis");
    expect(html).not.toContain('value="nur-im-dienst"');
  });

  it("follows the API's CORS rules: the configured app's origin only", async () => {
    const preflight = await client.fetch("/graphql", {
      method: "OPTIONS",
      headers: { Origin: APP_ORIGIN, "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe(APP_ORIGIN);
    const fromApp = await client.fetch("/graphql?query=%7B__typename%7D", { headers: { Origin: APP_ORIGIN } });
    expect(fromApp.headers.get("Access-Control-Allow-Origin")).toBe(APP_ORIGIN);
    const elsewhere = await client.fetch("/graphql?query=%7B__typename%7D", {
      headers: { Origin: "https://evil.example" },
    });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("answers the REST list and the store pages 503 when the service refuses, and logs the service's first error", async () => {
    const lines: string[] = [];
    const refused = await startShop({
      bindings: { LOCATIONS_API_URL: SERVICE, LOCATIONS_API_TOKEN: "ein-falscher-schluessel" },
      outbound: (async () =>
        new Response(JSON.stringify({ errors: [{ message: "Zugang verweigert" }, { message: "zweiter" }] }), {
          status: 401,
          headers: { "Content-Type": "application/json" },
        })) as never,
      logs: ({ message }) => lines.push(message),
    });
    try {
      const res = await refused.fetch("/rest/V1/stores");
      expect(res.status).toBe(503);
      expect(((await res.json()) as { message: string }).message).toMatch(/Märkte können gerade nicht geladen werden/);
      expect(lines.join("\n")).toContain("locations service: Zugang verweigert");
      // the store map and a store's page say the shop's 503, to be asked again
      for (const path of ["/content/map", "/content/markt/leipzig-gohlis"]) {
        const page = await refused.fetch(path);
        expect(page.status, path).toBe(503);
        expect(page.headers.get("Retry-After"), path).toBeTruthy();
      }
    } finally {
      await refused.dispose();
    }
  });

  it("the shop's own /graphql stays its own D1's", async () => {
    const { answer } = await post<{ store: { name: string } | null }>({
      query: '{ store(id: "nur-im-dienst") { name } }',
    });
    expect(answer.data?.store).toBeNull();
  });
});

describe("D1 failing (docs/decisions/0036)", () => {
  it("answers 503 with Retry-After and the API's German text, an outage and no fault", async () => {
    let down = false;
    const lines: string[] = [];
    const failing = await startShop({ databaseDown: () => down, logs: ({ message }) => lines.push(message) });
    try {
      down = true;
      for (const query of ["{ stores { id } }", '{ store(id: "leipzig-gohlis") { id } }']) {
        const res = await failing.fetch("/graphql", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ query }),
        });
        expect(res.status, query).toBe(503);
        expect(res.headers.get("Retry-After"), query).toBeTruthy();
        const answer = (await res.json()) as GraphqlAnswer;
        expect(answer.errors?.[0].message, query).toMatch(/^Frischkorb ist gerade nicht erreichbar/);
      }
      expect(lines.join("\n")).toContain("database unavailable: /graphql");
    } finally {
      down = false;
      await failing.dispose();
    }
  });
});

describe("a deployment", () => {
  it("refuses to serve with LOCATIONS_API_URL but without its token, and names it in the log", async () => {
    const lines: string[] = [];
    const deployed = await startProductionShop({
      bindings: { LOCATIONS_API_URL: "https://locations.frischkorb.example/graphql" },
      logs: ({ message }) => lines.push(message),
    });
    try {
      const res = await deployed.fetch("/graphql", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ query: "{ stores { id } }" }),
      });
      expect(res.status).toBe(503);
      expect((await deployed.fetch("/content/map")).status).toBe(503);
      expect(lines.join("\n")).toContain("LOCATIONS_API_TOKEN is not set");
    } finally {
      await deployed.dispose();
    }
  });
});
