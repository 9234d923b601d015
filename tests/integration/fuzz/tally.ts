/**
 * What the fuzz tests (fuzz.test.ts, staff-fuzz.test.ts) count while they send: 5xx answers,
 * markers that came back unescaped, redirects that leave the shop; and the check that a round
 * was clean, stack traces in the worker's log included.
 */
import { expect } from "vitest";
import { ORIGIN, type TestShop } from "../worker";
import { REFLECTED, type FuzzRequest } from "./requests";

export interface Tally {
  requests: number;
  serverErrors: string[];
  reflected: string[];
  offSite: string[];
}

export const newTally = (): Tally => ({ requests: 0, serverErrors: [], reflected: [], offSite: [] });

export async function send(shop: TestShop, request: FuzzRequest, tally: Tally): Promise<void> {
  const headers = new Headers(request.init.headers);
  headers.set("CF-Connecting-IP", `203.0.113.${(tally.requests % 250) + 1}`);
  tally.requests++;
  let res: Response;
  try {
    res = await shop.fetch(request.path, { ...request.init, headers });
  } catch (error) {
    // The worker may answer an over-long streamed body before it has all arrived and close the
    // connection on the rest: the client was told to stop, which is the point. Anything else counts.
    if (!request.label.endsWith("huge-chunked"))
      tally.serverErrors.push(`${request.label} ${request.path.slice(0, 120)} -> ${String(error)}`);
    return;
  }
  const body = await res.text();
  const where = `${request.label} ${request.path.slice(0, 120)} Cookie ${JSON.stringify(headers.get("Cookie")?.slice(0, 200))} -> ${res.status}`;
  if (res.status >= 500) tally.serverErrors.push(where);
  if ((res.headers.get("Content-Type") ?? "").includes("text/html") && REFLECTED.test(body))
    tally.reflected.push(where);
  const location = res.headers.get("Location");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this looks for
  if (location && (/^\/\/|^\/\\|[\u0000-\u001f]/.test(location) || new URL(location, ORIGIN).host.includes("evil"))) {
    tally.offSite.push(`${where} Location ${JSON.stringify(location)}`);
  }
}

export function expectClean(tally: Tally, stackTraces: string[]) {
  expect(tally.serverErrors.slice(0, 20), "5xx answers").toEqual([]);
  expect(tally.reflected.slice(0, 20), "unescaped markers").toEqual([]);
  expect(tally.offSite.slice(0, 20), "off-site redirects").toEqual([]);
  expect(stackTraces.slice(0, 5), "stack traces in the log").toEqual([]);
}
