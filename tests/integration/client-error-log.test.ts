/**
 * What a client's mistake leaves in the worker's log (issue 31): a post to a page without a form,
 * page data asked of a route the URL does not match, and the like are one line without a stack, as
 * a warning; the shop's own errors keep their stack. The worker's console comes from Miniflare.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, startShop, type TestShop } from "./worker";

interface Line {
  level: string;
  message: string;
}

let shop: TestShop;
const lines: Line[] = [];
beforeAll(async () => {
  shop = await startShop({ logs: (line) => lines.push(line) });
});
afterAll(async () => {
  await shop?.dispose();
});

const FORM = {
  "Content-Type": "application/x-www-form-urlencoded",
  Origin: ORIGIN,
  "X-Forwarded-Host": new URL(ORIGIN).host,
};

let markers = 0;

/**
 * The answer to one request and the lines it logged. Then a post to an unknown path logs a line
 * that names it: the log arrives in order, so once that line is in, every line of the request is.
 */
async function logOf(path: string, init: RequestInit = {}): Promise<{ status: number; logged: Line[] }> {
  const from = lines.length;
  const res = await shop.fetch(path, init);
  const marker = `/log-marker-${++markers}`;
  expect((await shop.fetch(marker, { method: "POST", body: "a=1", headers: FORM })).status).toBe(405);
  await expect.poll(() => lines.slice(from).some((line) => line.message.includes(marker))).toBe(true);
  const logged = lines.slice(from).filter((line) => !line.message.includes(marker));
  return { status: res.status, logged };
}

function expectOneLine(logged: Line[], start: string) {
  expect(logged).toHaveLength(1);
  expect(logged[0].level).toBe("warn");
  expect(logged[0].message.startsWith(start), logged[0].message).toBe(true);
  expect(logged[0].message).not.toContain("\n");
  expect(logged[0].message).not.toMatch(/\bat .*index\.js/);
}

describe("a client's mistake is one line in the log, without a stack", () => {
  it("a post to a page without a form: 405 and one line", async () => {
    const { status, logged } = await logOf("/content/map", { method: "POST", body: "a=1", headers: FORM });
    expect(status).toBe(405);
    expectOneLine(logged, '405 POST /content/map: You made a POST request to "/content/map"');
  });

  it("a fetcher's post to a page without a form: 405 and one line", async () => {
    const { status, logged } = await logOf("/content/map.data", { method: "POST", body: "a=1", headers: FORM });
    expect(status).toBe(405);
    expectOneLine(logged, "405 POST /content/map.data:");
  });

  it("?_data of a route the URL does not match: 403 and one line; of one it matches: no line", async () => {
    const mismatch = await logOf("/content/map?_data=routes%2Fcart");
    expect(mismatch.status).toBe(403);
    expectOneLine(mismatch.logged, '403 GET /content/map: Route "routes/cart" does not match URL "/content/map"');
    const root = await logOf("/content/map?_data=root");
    expect(root.status).toBe(200);
    expect(root.logged).toEqual([]);
  });

  it("a line break in what the client sent stays inside the one line", async () => {
    const { status, logged } = await logOf("/content/map?_data=%0D%0Aeingeschleust");
    expect(status).toBe(403);
    expectOneLine(logged, '403 GET /content/map: Route "\\x0d\\x0aeingeschleust" does not match');
  });

  it("page data of routes the page does not have: no 5xx, no stack", async () => {
    for (const routes of ["routes%2Fcart", "gibtesnicht", "root,routes%2Fconsent,x"]) {
      const { status, logged } = await logOf(`/consent.data?_routes=${routes}`);
      expect(status, routes).toBeLessThan(500);
      for (const line of logged) expect(line.message, routes).not.toContain("\n");
    }
  });

  it("a refusal of the request guard logs nothing", async () => {
    const { status, logged } = await logOf("/content/map", { method: "PUT", body: "a=1", headers: FORM });
    expect(status).toBe(405);
    expect(logged).toEqual([]);
  });

  it("the shop's own error keeps its stack, as an error, once", async () => {
    const { status, logged } = await logOf("/dev/error");
    expect(status).toBe(500);
    expect(logged).toHaveLength(1);
    expect(logged[0].level).toBe("error");
    expect(logged[0].message).toContain("Deliberate error to show the error page");
    expect(logged[0].message).toMatch(/\n\s+at /);
  });
});

describe("development pages on a local shop", () => {
  it("exist: a page answers GET, and a post to one without a form is 405", async () => {
    for (const path of ["/dev/mailbox", "/dev/tag-manager", "/dev/cards", "/dev/shares"])
      expect((await shop.fetch(path)).status, path).toBe(200);
    for (const path of ["/dev/mailbox", "/dev/tag-manager", "/dev/error"]) {
      const { status, logged } = await logOf(path, { method: "POST", body: "a=1", headers: FORM });
      expect(status, path).toBe(405);
      expectOneLine(logged, `405 POST ${path}:`);
    }
  });
});
