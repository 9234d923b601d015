/**
 * A signed-in shopper's catalogue page from the edge cache (docs/decisions/0030). The page is
 * rendered once per URL for no one in particular, with placeholders (personal-placeholders.ts) for
 * the first name, the CSRF token, the wishlist and each heart's state. Each request fills them in
 * with its own shopper's values, in the markup and in Remix's hydration data, so the cached copy
 * never holds anyone's data.
 */
import { FLASH_COOKIE_NAME } from "./flash.server";
import { hasSession } from "./session.server";
import { PLACEHOLDER_MARK_HEADER, cacheKey, renewNonce } from "./edge-cache.server";
import { BoundedMap } from "./bounded-map";
import { concatBytes, encoder, startsWithBytes } from "./bytes";
import { escapeInlineScript } from "./hydration-data.server";

/** What one shopper's copy of the page says. */
export interface PersonalParts {
  firstname: string;
  csrf: string;
  /** The skus on the wishlist. */
  wishlist: readonly string[];
  /** The header's cart figures, formatted: pieces and the goods' value. */
  cartItems: string;
  cartTotal: string;
}

/** The pages whose signed-in shape is cached: home, category, product and search. */
const PERSONALISED_PAGES = /^\/(?:$|catalog\/(?:category|product)\/[^.]+$|search\/find$)/;

/** The page a request is for: its document, or its data for a navigation with JavaScript (`.data`). */
function pageOf(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/**
 * A request of a signed-in shopper for one of those pages or its data, without a notice waiting
 * (notices are shown once, so a page with one is never cached).
 */
export function isPersonalisableRequest(request: Request): boolean {
  if (request.method !== "GET" || !hasSession(request)) return false;
  if (!PERSONALISED_PAGES.test(pageOf(new URL(request.url).pathname))) return false;
  return !new RegExp(`(?:^|;\\s*)${FLASH_COOKIE_NAME}=`).test(request.headers.get("Cookie") ?? "");
}

/** The signed-in shape of a page varies by the customer group (tracking reports it), never by customer. */
export function personalCacheKey(request: Request, buildVersion: string, group: string): Request {
  return cacheKey(request, buildVersion, group);
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeMarkup = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/** Inside a string of Remix's turbo-stream data: a JSON string. */
const escapeData = (value: string) => JSON.stringify(value).slice(1, -1);

/** Inside the page's data script: a turbo-stream JSON string, kept from closing the script. */
const escapeScript = (value: string) => escapeInlineScript(escapeData(value));

const TILDE = 0x7e;
const LESS_THAN = 0x3c;
const SCRIPT_TAG = encoder.encode("<script");
/** No placeholder is longer: a sku has at most 40 characters. */
const LONGEST_PLACEHOLDER = 80;

/** A heart's three placeholders, by name: what each becomes when the product is wished, and when not. */
const HEART: Record<string, [Uint8Array, Uint8Array]> = {
  WishPressed: [encoder.encode("true"), encoder.encode("false")],
  WishClass: [encoder.encode(" is-wished"), new Uint8Array()],
  WishIntent: [encoder.encode("remove"), encoder.encode("add")],
};
const HEART_NAME = /^(WishPressed|WishClass|WishIntent)([A-Za-z0-9-]+)$/;
const TEXT_NAMES = new Set(["Template", "Firstname", "Csrf", "Wishlist", "CartItems", "CartTotal"]);

/** A mark for one rendering of a page's signed-in shape (personal-placeholders.ts). */
export function newPlaceholderMark(): string {
  const random = crypto.getRandomValues(new Uint8Array(8));
  return `~fk${Array.from(random, (byte) => byte.toString(16).padStart(2, "0")).join("")}~`;
}

/** A placeholder's name: ASCII by construction, so one character per byte. */
function readName(page: Uint8Array, from: number, to: number): string {
  let name = "";
  for (let i = from; i < to; i++) name += String.fromCharCode(page[i]);
  return name;
}

/**
 * Whether a placeholder stands in the hydration data rather than in the markup. React escapes `<`
 * in attributes, and the data script writes every `<` of its text as `\u003c` (see
 * hydration-data.server.ts). So for a placeholder in the data, the nearest `<` before it is
 * the data script's own opening tag.
 */
function inScript(page: Uint8Array, at: number): boolean {
  const tag = page.lastIndexOf(LESS_THAN, at);
  return tag >= 0 && startsWithBytes(page, tag, SCRIPT_TAG);
}

/** Where a placeholder stands decides its escaping. */
type Place = "markup" | "script" | "data";
const ESCAPE: Record<Place, (value: string) => string> = {
  markup: escapeMarkup,
  script: escapeScript,
  data: escapeData,
};

/** One placeholder: where it stands in the page's bytes and what it becomes. */
type Slot =
  | { at: number; end: number; text: string; place: Place }
  | { at: number; end: number; heart: keyof typeof HEART; sku: string };

/** Where a page's placeholders stand: found once per stored copy, then reused for every hit. */
function findSlots(page: Uint8Array, body: "document" | "data", MARK: Uint8Array): Slot[] {
  const slots: Slot[] = [];
  for (let at = page.indexOf(TILDE); at >= 0; at = page.indexOf(TILDE, at + 1)) {
    if (!startsWithBytes(page, at, MARK)) continue;
    const end = page.indexOf(TILDE, at + MARK.length);
    if (end < 0 || end - at > LONGEST_PLACEHOLDER) continue;
    const name = readName(page, at + MARK.length, end);
    if (TEXT_NAMES.has(name)) {
      slots.push({ at, end, text: name, place: body === "data" ? "data" : inScript(page, at) ? "script" : "markup" });
    } else {
      const heart = HEART_NAME.exec(name);
      if (heart) slots.push({ at, end, heart: heart[1] as keyof typeof HEART, sku: heart[2] });
    }
    at = end;
  }
  return slots;
}

/**
 * The slots of the pages this isolate has filled, by their rendering's mark (each rendering has its
 * own, so a mark names one page's bytes). Bounded: the oldest entries go first.
 */
const slotsByMark = new BoundedMap<string, Slot[]>(500);

function slotsOf(page: Uint8Array, body: "document" | "data", mark: string, MARK: Uint8Array): Slot[] {
  const key = `${body}:${page.length}:${mark}`;
  const known = slotsByMark.get(key);
  // Checked, not trusted: each remembered slot must still hold the mark in these bytes.
  if (known?.every((slot) => startsWithBytes(page, slot.at, MARK))) return known;
  const slots = findSlots(page, body, MARK);
  slotsByMark.set(key, slots);
  return slots;
}

/**
 * The page (or a navigation's data) with this shopper's values: each placeholder escaped for where
 * it stands (markup, the hydration script, or data), each heart set from the wishlist. It works on
 * the bytes and never decodes the page: a signed-in hit costs little more than a visitor's.
 */
export function fillPlaceholders(
  page: Uint8Array,
  parts: PersonalParts,
  body: "document" | "data",
  mark: string,
): Uint8Array<ArrayBuffer> {
  const MARK = encoder.encode(mark);
  const wished = new Set(parts.wishlist);
  const texts: Record<string, string> = {
    Template: "",
    Firstname: parts.firstname,
    Csrf: parts.csrf,
    Wishlist: parts.wishlist.join(" "),
    CartItems: parts.cartItems,
    CartTotal: parts.cartTotal,
  };
  // Each text encoded once per place it can stand in; the token stands in every form.
  const encoded = new Map<string, Uint8Array>();
  const textBytes = (name: string, place: Place) => {
    const key = `${name}:${place}`;
    const known = encoded.get(key);
    if (known) return known;
    const bytes = encoder.encode(ESCAPE[place](texts[name]));
    encoded.set(key, bytes);
    return bytes;
  };
  const pieces: Uint8Array[] = [];
  let done = 0;
  for (const slot of slotsOf(page, body, mark, MARK)) {
    const value = "text" in slot ? textBytes(slot.text, slot.place) : HEART[slot.heart][wished.has(slot.sku) ? 0 : 1];
    pieces.push(page.subarray(done, slot.at), value);
    done = slot.end + 1;
  }
  pieces.push(page.subarray(done));
  return concatBytes(pieces);
}

/**
 * The page (or data) filled in for this shopper: freshly rendered with `mark`, or from the cache
 * with the mark it was stored with, the headers of a hit and this answer's nonce. Read whole: it
 * comes from the cache next to the worker, and a stream through JavaScript costs more than the few
 * kilobytes of waiting.
 */
export async function personalise(
  page: Response,
  parts: PersonalParts,
  mark: string,
  hit?: { headers: Headers; nonce: string },
): Promise<Response> {
  const headers = hit?.headers ?? new Headers(page.headers);
  headers.delete("Content-Length");
  const init = { status: page.status, statusText: page.statusText, headers };
  const type = headers.get("Content-Type") ?? "";
  const body = type.includes("text/html") ? "document" : type.includes("text/x-script") ? "data" : null;
  if (!body) return new Response(page.body, init);
  const bytes = new Uint8Array(await page.arrayBuffer());
  // The nonce first: its stored offsets are those of the page before any placeholder is filled in.
  if (hit && body === "document") renewNonce(bytes, page, hit.nonce);
  return new Response(fillPlaceholders(bytes, parts, body, mark), init);
}

/** The mark a stored signed-in shape was rendered with, or null for anything else in the cache. */
export function storedMark(cached: Response): string | null {
  return cached.headers.get(PLACEHOLDER_MARK_HEADER);
}
