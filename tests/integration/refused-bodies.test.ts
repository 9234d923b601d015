/**
 * Every refusal lets go of the request's body before it answers (issue 31): read to its end, or,
 * beyond 32 MiB, cancelled. A body left unread made `wrangler dev`'s proxy read on after the
 * answer, and the next request on the development server stalled for up to a minute. The shop runs
 * behind a probe (body-probe.mjs) that sends it requests whose body stream it watches.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, startShop, type TestShop } from "./worker";

interface Seen {
  status: number;
  pulled: number;
  ended: boolean;
  cancelled: boolean;
}

interface Refusal {
  what: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Bytes the body stream holds. */
  size: number;
  status: number;
}

const KIB = 1024;
const MIB = 1024 * KIB;
const JSON_TYPE = { "Content-Type": "application/json" };
// Remix compares a post's Origin with the forwarded host (an HTTP request's Host, which a request made in the worker lacks)
const SAME_ORIGIN = { Origin: ORIGIN, "X-Forwarded-Host": new URL(ORIGIN).host };
const FORM = { "Content-Type": "application/x-www-form-urlencoded", ...SAME_ORIGIN };
const TOKEN = "/rest/V1/integration/customer/complete/token";

let wrapper: string;
let shop: TestShop;
beforeAll(async () => {
  wrapper = await readFile(new URL("./body-probe.mjs", import.meta.url), "utf8");
  shop = await startShop({ wrapper });
});
afterAll(async () => {
  await shop?.dispose();
});

async function probe(on: TestShop, refusal: Refusal): Promise<Seen> {
  const { method, path, headers = {}, size } = refusal;
  const res = await on.fetch("/__body-probe", {
    method: "POST",
    headers: JSON_TYPE,
    body: JSON.stringify({ method, path, headers, size }),
  });
  expect(res.status, refusal.what).toBe(200);
  return (await res.json()) as Seen;
}

/** Refused before anything read the body: the API's router and the page's request guard. */
const BEFORE_READING: Refusal[] = [
  {
    what: "API: unknown query parameter",
    method: "POST",
    path: `${TOKEN}?x=1`,
    headers: JSON_TYPE,
    size: 2,
    status: 400,
  },
  {
    what: "API: no token",
    method: "PUT",
    path: "/rest/V1/carts/mine/update",
    headers: JSON_TYPE,
    size: 4 * KIB,
    status: 401,
  },
  {
    what: "API: unknown path",
    method: "POST",
    path: "/rest/V1/gibt-es-nicht",
    headers: JSON_TYPE,
    size: 4 * KIB,
    status: 404,
  },
  { what: "API: wrong method", method: "PUT", path: TOKEN, headers: JSON_TYPE, size: 4 * KIB, status: 405 },
  {
    what: "API: Content-Length over the limit",
    method: "POST",
    path: TOKEN,
    headers: { ...JSON_TYPE, "Content-Length": String(70 * KIB) },
    size: 70 * KIB,
    status: 413,
  },
  { what: "API: preflight", method: "OPTIONS", path: TOKEN, headers: { Origin: ORIGIN }, size: 1 * KIB, status: 204 },
  {
    what: "page: method other than GET and POST",
    method: "PUT",
    path: "/cart",
    headers: FORM,
    size: 1 * KIB,
    status: 405,
  },
  { what: "page: backslash in the path", method: "POST", path: "/%5Ccart", headers: FORM, size: 1 * KIB, status: 400 },
  {
    what: "page: Content-Length over the limit",
    method: "POST",
    path: "/login",
    headers: { ...FORM, "Content-Length": String(70 * KIB) },
    size: 70 * KIB,
    status: 413,
  },
  {
    // a cancelled 2 MiB upload stalled the next request on a kept-alive connection of `npm start` for 55 s
    what: "API: a 3 MiB upload, announced",
    method: "POST",
    path: TOKEN,
    headers: { ...JSON_TYPE, "Content-Length": String(3 * MIB) },
    size: 3 * MIB,
    status: 413,
  },
];

/** Refused while or after reading: the body was read, up to the limit, and the rest let go of. */
const WHILE_READING: Refusal[] = [
  {
    what: "API: chunked body over the limit",
    method: "POST",
    path: TOKEN,
    headers: JSON_TYPE,
    size: 200 * KIB,
    status: 413,
  },
  {
    what: "API: not JSON",
    method: "POST",
    path: TOKEN,
    headers: { "Content-Type": "text/plain" },
    size: 1 * KIB,
    status: 415,
  },
  {
    what: "page: chunked body over the limit",
    method: "POST",
    path: "/login",
    headers: FORM,
    size: 200 * KIB,
    status: 413,
  },
  {
    what: "page: not a form",
    method: "POST",
    path: "/login",
    headers: { ...JSON_TYPE, ...SAME_ORIGIN },
    size: 1 * KIB,
    status: 415,
  },
  {
    what: "page: cross-site form post",
    method: "POST",
    path: "/login",
    headers: { ...FORM, Origin: "https://evil.example" },
    size: 1 * KIB,
    status: 403,
  },
  {
    what: "page: post to a page without a form",
    method: "POST",
    path: "/content/map",
    headers: FORM,
    size: 1 * KIB,
    status: 405,
  },
];

describe("a refused request's body is read to its end, never left unread", () => {
  it.each([...BEFORE_READING, ...WHILE_READING])("$what: $status", async (refusal) => {
    const seen = await probe(shop, refusal);
    expect(seen.status).toBe(refusal.status);
    expect(seen.ended, JSON.stringify(seen)).toBe(true);
    expect(seen.pulled).toBe(refusal.size);
  });
});

describe("a body over 32 MiB is cancelled, not read on", () => {
  it("announced larger: cancelled before a byte is read", async () => {
    for (const path of [TOKEN, "/login"]) {
      const seen = await probe(shop, {
        what: path,
        method: "POST",
        path,
        headers: { ...FORM, ...(path === TOKEN ? JSON_TYPE : {}), "Content-Length": String(40 * MIB) },
        size: 40 * MIB,
        status: 413,
      });
      expect(seen.status, path).toBe(413);
      expect(seen, path).toMatchObject({ cancelled: true, ended: false, pulled: 0 });
    }
  });

  it("chunked without a length: read to 32 MiB, then cancelled", async () => {
    for (const path of [TOKEN, "/login"]) {
      const seen = await probe(shop, {
        what: path,
        method: "POST",
        path,
        headers: path === TOKEN ? JSON_TYPE : FORM,
        size: 40 * MIB,
        status: 413,
      });
      expect(seen.status, path).toBe(413);
      expect(seen, path).toMatchObject({ cancelled: true, ended: false });
      // the 64 KiB the form or JSON limit read, 32 MiB more, and a chunk beyond each
      expect(seen.pulled, path).toBeGreaterThan(32 * MIB);
      expect(seen.pulled, path).toBeLessThanOrEqual(64 * KIB + 32 * MIB + 2 * 16 * KIB);
    }
  });
});

describe("a deployment without its configuration", () => {
  it("refuses every request with 503 and reads its body to the end", async () => {
    const unconfigured = await startShop({ wrapper, migrate: false, bindings: { ENVIRONMENT: "production" } });
    try {
      for (const [method, path] of [
        ["POST", "/login"],
        ["PUT", "/cart"],
        ["POST", TOKEN],
      ]) {
        const seen = await probe(unconfigured, { what: path, method, path, headers: FORM, size: 4 * KIB, status: 503 });
        expect(seen.status, `${method} ${path}`).toBe(503);
        expect(seen, `${method} ${path}`).toMatchObject({ ended: true, pulled: 4 * KIB });
      }
    } finally {
      await unconfigured.dispose();
    }
  });
});
