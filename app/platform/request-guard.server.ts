/**
 * Guards in front of Remix (docs/decisions/0008): a request the shop cannot read is refused with
 * a 4xx before any action runs, and a cookie the shop cannot read is treated as absent and
 * cleared, so neither ever turns into a 500 or changes anything.
 *
 * - Only GET, HEAD and POST (405 otherwise); a POST body is at most 64 KiB, counted while
 *   reading, so a chunked body without Content-Length is limited too (413); it must be a form
 *   (415), and one that parses (400). Paths under /payment/ and the signing service's
 *   /signing/webhook read their own bodies (the providers' webhooks send JSON) and only get the
 *   size limit.
 * - A path with a backslash or a control character is no address of the shop (400): browsers
 *   read "\\" as "/" and drop tabs, so links built from such a path would lead elsewhere.
 * - In a deployment the development stand-ins' paths do not exist for any method (404), not even
 *   as a 405 that would tell a page is there.
 * - Signed cookies that do not parse (or are empty) are dropped from the request and cleared in
 *   the answer; a well-formed one with a wrong signature stays the readers' business (an ended
 *   session, a new CSRF token).
 * - A body nothing will read is let go of (`discardBody`): every refusal, here and in the API's
 *   router, passes its request through it.
 */
import type { Cookie } from "@remix-run/cloudflare";
import type { Env } from "./context";
import { csrfCookie } from "./csrf.server";
import { isStandInPath } from "./deployment.server";
import { DEVICE_COOKIE, deviceCookie } from "./device.server";
import { FLASH_COOKIE, flashCookie, isFlashCookie } from "./flash.server";
import { SESSION_COOKIE, sessionCookie } from "./session.server";
import { STAFF_COOKIE, staffCookie } from "./staff-cookie.server";

/** The shop's forms carry no files: the longest (registration) stays under 2 KiB. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Back-office forms that carry files, with the largest body each takes (instead of
 * `BODY_LIMIT_BYTES`): one line per upload form, its exact path and its limit. The form still has
 * to be a form that parses; the route checks what the file is.
 */
const UPLOAD_LIMITS: Array<{ path: RegExp; limit: number }> = [
  // a product's page with its photo upload (decision 0048): twice the 8 MiB a photo may have, so a larger one still gets its German message at the field
  // (with JavaScript, Remix posts to the same path with ".data" added)
  { path: /^\/staff\/range\/(?!import(?:\.data)?$)[A-Za-z0-9-]{1,40}(?:\.data)?$/, limit: 16 * 1024 * 1024 },
  // the range import (decision 0049): a CSV of about 70,000 products, or 100,000 compressed with gzip;
  // `.data` is the same form posted by the enhanced page (Remix's single fetch)
  { path: /^\/staff\/range\/import(\.data)?\/?$/, limit: 32 * 1024 * 1024 },
];

/** Endpoints under these paths take other bodies than forms (the payment and signing services' webhooks). */
const RAW_BODY_PATHS = ["/payment/", "/signing/webhook"];
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** Every signed cookie the shop reads, by name. A new signed cookie belongs here. */
const SIGNED_COOKIES: Record<string, (env: Env) => Cookie> = {
  [SESSION_COOKIE]: sessionCookie,
  [FLASH_COOKIE]: flashCookie,
  csrf: csrfCookie,
  [DEVICE_COOKIE]: deviceCookie,
  [STAFF_COOKIE]: staffCookie,
};

export type Refusal = 400 | 404 | 405 | 413 | 415;

export interface GuardedRequest {
  /** What Remix gets: without unreadable cookies; for a refusal, the error page's request. */
  request: Request;
  refusal: Refusal | null;
  /** Clears the unreadable cookies in the answer (unless the answer sets them anew). */
  settle: (response: Response) => Response;
}

export async function guardRequest(request: Request, env: Env): Promise<GuardedRequest> {
  const unreadable = await unreadableCookies(request.headers.get("Cookie"), env);
  const headers = new Headers(request.headers);
  if (unreadable.length) headers.set("Cookie", withoutCookies(headers.get("Cookie") ?? "", unreadable));
  const settle = (response: Response) => clearCookies(response, unreadable);

  const checked = await checkRequest(request, env);
  // A refused request's body, or a GET's, goes no further: nothing reads it.
  if (!(checked instanceof ArrayBuffer)) await discardBody(request);
  if (typeof checked === "number") {
    // The shop's error page for the refusal: the home route throws the status (routes/_index.tsx),
    // so no action and no loader of the refused URL runs.
    for (const name of ["Content-Type", "Content-Length", "Transfer-Encoding"]) headers.delete(name);
    return { request: new Request(new URL("/", request.url), { headers }), refusal: checked, settle };
  }
  return { request: new Request(request, { headers, body: checked }), refusal: null, settle };
}

/** The request's body when it may go on (null for none), or the refusal. */
async function checkRequest(request: Request, env: Env): Promise<ArrayBuffer | null | Refusal> {
  const url = new URL(request.url);
  if (/\\|%5c|%[01][0-9a-f]|%7f/i.test(url.pathname)) return 400;
  if (!env.standIns && isStandInPath(url.pathname)) return 404;
  if (request.method === "GET" || request.method === "HEAD") return null;
  const raw = RAW_BODY_PATHS.some((prefix) => url.pathname.startsWith(prefix));
  if (request.method !== "POST" && !raw) return 405;
  const upload = UPLOAD_LIMITS.find((u) => u.path.test(url.pathname));
  const body = await readLimited(request, upload?.limit ?? BODY_LIMIT_BYTES);
  if (body === null) return 413;
  if (raw) return body;
  const type = request.headers.get("Content-Type") ?? "";
  if (!FORM_TYPES.includes(type.split(";")[0].trim().toLowerCase())) return 415;
  try {
    await new Response(body, { headers: { "Content-Type": type } }).formData();
  } catch {
    return 400;
  }
  return body;
}

/**
 * How much of a refused body is read and dropped; of a larger one the rest is cancelled. Reading
 * and dropping costs the worker no memory and little time; 32 MiB covers every upload a browser or
 * API client of the shop sends by mistake (a photo, a file in a form field), and only a body
 * beyond it, sent on purpose, is cut off.
 */
export const DISCARD_LIMIT_BYTES = 32 * 1024 * 1024;

/**
 * Reads and drops a request body nothing else will read, before the answer goes out. Answering
 * with the body unread made `wrangler dev`'s proxy read on after the answer ("Can't read from
 * request stream after response has been sent"): the next request on the development server
 * stalled for up to a minute, and a refusal sometimes became a 503 or a 500 with Miniflare's stack
 * trace (issue 31). Cancelling is not enough there, the proxy is still writing (a 2 MiB upload
 * refused with 413 and cancelled stalled the next request on a kept-alive connection for 55 s);
 * so a body up to `DISCARD_LIMIT_BYTES` is read to its end, and only what lies beyond (or a body
 * announced larger) is cancelled. A body another reader holds is left to it.
 */
export async function discardBody(request: Request): Promise<void> {
  if (!request.body || request.body.locked) return;
  const reader = request.body.getReader();
  try {
    if (Number(request.headers.get("Content-Length") ?? 0) <= DISCARD_LIMIT_BYTES) {
      for (let read = 0; read <= DISCARD_LIMIT_BYTES; ) {
        const { done, value } = await reader.read();
        if (done) return;
        read += value.byteLength;
      }
    }
    await reader.cancel();
  } catch {
    // an upload that broke off: there is nothing left to let go of
  } finally {
    reader.releaseLock();
  }
}

/**
 * The whole body, or null when it is larger than the limit: then it reads no further, and the
 * refusal lets go of the rest (`discardBody`).
 */
export async function readLimited(request: Request, limit = BODY_LIMIT_BYTES): Promise<ArrayBuffer | null> {
  if (Number(request.headers.get("Content-Length") ?? 0) > limit) return null;
  if (!request.body) return new ArrayBuffer(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body.buffer;
}

async function unreadableCookies(header: string | null, env: Env): Promise<string[]> {
  if (!header) return [];
  // each action's notices have a flash cookie of their own (flash.server.ts)
  const flashNames = [...new Set(header.split(";").map((pair) => pair.split("=")[0].trim()))].filter(
    (name) => name !== FLASH_COOKIE && isFlashCookie(name),
  );
  const names = [...Object.keys(SIGNED_COOKIES).filter((name) => header.includes(`${name}=`)), ...flashNames];
  const cookieOf = (name: string) => (SIGNED_COOKIES[name] ?? ((e: Env) => flashCookie(e, name)))(env);
  const broken = await Promise.all(
    names.map(async (name) => {
      try {
        // An empty value is never one the shop set: the CSRF token would be "" (and no token at all).
        return (await cookieOf(name).parse(header)) === "" ? name : null;
      } catch {
        return name;
      }
    }),
  );
  return broken.filter((name): name is string => name !== null);
}

function withoutCookies(header: string, names: string[]): string {
  return header
    .split(";")
    .filter((pair) => !names.includes(pair.split("=")[0].trim()))
    .join(";");
}

function clearCookies(response: Response, names: string[]): Response {
  const set = response.headers.getSetCookie().map((line) => line.split("=")[0].trim());
  for (const name of names) {
    if (!set.includes(name))
      response.headers.append("Set-Cookie", `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
  }
  return response;
}
