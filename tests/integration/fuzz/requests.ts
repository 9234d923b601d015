/**
 * The fuzz test's request generator: a seeded random source (the same seed gives the same
 * requests) and the hostile values, bodies and cookies it combines with the catalogue in
 * targets.ts.
 */
import {
  CATEGORIES,
  COOKIES,
  FORMS,
  PAGES,
  SKUS,
  STORE_IDS,
  type FormTarget,
  type PageTarget,
  type ShopIds,
} from "./targets";

/** mulberry32: small, fast and deterministic; quality is no concern here. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Sent in fields, parameters, paths and cookies; none may come back unescaped in a page. */
export const MARKERS = ["<script>fz123</script>", '"><svg onload=fz(1)>', "'><img src=x onerror=fz(2)>"];
/** What a reflected marker looks like in an HTML answer. */
export const REFLECTED = /<script>fz123|<svg onload=fz|<img src=x onerror=fz/;

const HOSTILE = [
  ...MARKERS,
  "",
  " ",
  "0",
  "-1",
  "1e309",
  "NaN",
  "99999999999999999999",
  "1.5",
  "0x10",
  "true",
  "null",
  "undefined",
  "[]",
  "{}",
  "' OR 1=1--",
  '"; DROP TABLE customer;--',
  "../../etc/passwd",
  "..%2F..%2F",
  "%00",
  "\u0000",
  "\r\n",
  "\r\nSet-Cookie: fz=1",
  "\t",
  "%",
  "%%",
  "%E0%A4%A",
  "\uD800",
  "\uFFFF",
  "😀🥦",
  "Ä Ö Ü ß",
  "a".repeat(300),
  "x".repeat(5000),
  "javascript:fz(3)",
  "//evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "/%09/evil.example",
  "\\/evil.example",
  "http:evil.example",
  "https://evil.example/",
  "/%2F%2Fevil.example",
  "/cart",
  "/account",
  "$" + "{7*7}",
  "{{7*7}}",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "on",
  "off",
  "1",
  "2",
  "de",
  "common",
];

/** Plausible values, so the forms get past their first check now and then. */
const PLAUSIBLE: Record<string, string[]> = {
  email: [
    "anna.schmidt@example.org",
    "ben.mueller@example.org",
    "clara.weber@example.org",
    "neu.fuzz@example.org",
    "ANNA.SCHMIDT@EXAMPLE.ORG",
  ],
  emailConfirm: ["neu.fuzz@example.org"],
  newEmail: ["neu.fuzz@example.org", "ben.mueller@example.org"],
  password: ["Frischkorb2026", "Fuzz-Passwort-2026", "kurz"],
  passwordConfirm: ["Fuzz-Passwort-2026"],
  currentPassword: ["falsch-2026", "Frischkorb2026x"],
  sku: SKUS,
  qty: ["1", "2", "0", "-3", "100", "999"],
  quantity: ["1", "2", "0", "-1", "1.5", "abc", "12", "999"],
  code: ["FRISCH5", "HERBST10", "VERSANDFREI", "SOMMER2025", "frisch5"],
  gift: ["1", "0"],
  darkMode: ["0", "1"],
  redirectTo: [
    "/",
    "/cart",
    "/catalog/category/milch?sort=price_asc",
    "//evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "/\t/evil.example",
    "/%09/evil.example",
    "/%2F%2Fevil.example",
    "/\r\n/evil.example",
    "http:evil.example",
    "javascript:fz(3)",
  ],
  firstName: ["Eva"],
  lastName: ["Fuzz"],
  dob: ["1990-01-01", "2030-01-01", "31.12.1990"],
  gender: ["m", "w", "d", "x"],
  telephone: ["0341 123456", "+49 341 1"],
  street: ["Karl-Liebknecht-Str."],
  houseNumber: ["12", "12 a"],
  zip: ["04107", "99999", "0410"],
  city: ["Leipzig"],
  country: ["DE", "AT", "XX"],
  defaultShipping: ["on"],
  defaultBilling: ["on"],
  terms: ["on"],
  privacy: ["on"],
  values: ["on"],
  website: [""],
  carrier: ["delivery", "pickup", "dhl"],
  paymentMethod: ["paypal", "card", "sepa", "credit", "cash"],
  useCredit: ["on"],
  idempotencyKey: ["fuzz-key-0000000000000001", "x"],
  pickupTerms: ["on"],
  sort: ["recommendation", "price_asc", "price_desc"],
  page: ["1", "2", "0", "-1", "99999"],
  filter: ["all", "open", "x"],
  reason: ["security"],
  q: ["milch", "kase", "a"],
  v: ["x"],
  more: ["1"],
  brands: ["Frischkorb"],
  allergens: ["milk", "gluten"],
  categories: ["milch"],
  alias: ["Meine Karte", "Karte für Ben"],
  version: ["1", "2", "3"],
  change: ["lock", "unlock"],
  pin: ["1234", "4711"],
  pinRepeat: ["1234", "4711"],
  storeId: ["leipzig-gohlis", "gibt-es-nicht"],
  // the back office's forms
  role: ["fulfilment", "support", "cooperative", "admin", "boss"],
  beforeRole: ["fulfilment", "support", "cooperative", "admin"],
  beforeActive: ["0", "1"],
  active: ["on"],
  staffId: ["1", "2", "3", "4", "5", "0"],
  store: ["leipzig-suedvorstadt", "leipzig-plagwitz", "gibt-es-nicht"],
  storeSearch: ["Gohlis", "01069", "Leipzig Markthalle", "04"],
  allStores: ["1"],
  sepaHolder: ["Eva Fuzz"],
  sepaBank: ["Sparkasse Leipzig"],
  iban: ["DE89370400440532013000", "DE89 3704 0044 0532 0130 00", "FR1420041010050500013M02606"],
  bic: ["COBADEFFXXX", "BNPAFRPPXXX"],
  sepaConsent: ["on"],
  id: ["fuzz-application"],
  statutes: ["on"],
  quiet: ["1"],
  outcome: ["signed", "declined"],
};

/** The demo customer, a visitor, and (staff-fuzz.test.ts) each member of the demo staff. */
export type Persona = "anna" | "visitor" | "paula" | "lars" | "sina" | "gero" | "ada" | "sven" | "mia" | "rudi";
export type TokenUse = "valid" | "none" | "wrong" | "foreign" | "cookieless";

export interface PersonaState {
  session: string | null;
  /** A member of staff's `__staff` cookie (the development sign-in's). */
  staff?: string;
  csrfCookie: string;
  token: string;
}

export interface FuzzContext {
  ids: ShopIds;
  personas: Partial<Record<Persona, PersonaState>> & Record<"anna" | "visitor", PersonaState>;
  /** A real honeypot time stamp, so some registrations pass the trap. */
  honeypot: string;
}

export interface FuzzRequest {
  label: string;
  path: string;
  init: RequestInit & { duplex?: "half" };
}

const SAME_ORIGIN = "http://shop.test";

export class RequestFactory {
  private readonly random: () => number;

  constructor(
    seed: number,
    private readonly context: FuzzContext,
  ) {
    this.random = seededRandom(seed);
  }

  private chance(p: number): boolean {
    return this.random() < p;
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)];
  }

  private value(field = ""): string {
    const plausible = PLAUSIBLE[field] ?? this.ids(field);
    if (field === "form_started" && this.chance(0.5)) return this.context.honeypot;
    if (plausible && this.chance(0.5)) return this.pick(plausible);
    return this.pick(HOSTILE);
  }

  /** The shop's own ids for a form field that takes one. */
  private ids(field: string): string[] | undefined {
    const { ids } = this.context;
    const lists: Record<string, string[]> = {
      cardId: [...ids.ownCardIds, ...ids.otherCardIds],
      applicationId: ids.applicationIds,
      addressId: [...ids.ownAddressIds, ...ids.otherAddressIds],
      purchaseId: [...ids.ownPurchaseIds, ...ids.otherPurchaseIds],
      ref: ids.signingRefs,
    };
    const list = lists[field] ?? [];
    return list.length ? list : undefined;
  }

  private fill(path: string): string {
    const { ids } = this.context;
    const choices: Record<string, () => string[]> = {
      addressId: () => [...ids.ownAddressIds, ...ids.otherAddressIds, "0", "abc"],
      cardId: () => [...ids.ownCardIds, ...ids.otherCardIds, "0", "abc"],
      orderNumber: () => [...ids.ownOrderNumbers, ...ids.otherOrderNumbers, "0", "abc"],
      paymentId: () => [...ids.paymentIds, "pay_x"],
      customerId: () => [...ids.customerIds, "0", "x"],
      ref: () => [...ids.signingRefs, "sig_x"],
      category: () => CATEGORIES,
      sku: () => SKUS,
      storeId: () => STORE_IDS,
      staffId: () => [...ids.staffIds, "0", "x"],
    };
    return path.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (name === "value" || this.chance(0.2)) return this.pathSegment();
      return encode(this.pick(choices[name]()));
    });
  }

  private pathSegment(): string {
    if (this.chance(0.3))
      return this.pick([
        "%5C",
        "%5Cevil.example",
        "%2F%2Fevil.example",
        "..",
        "%2e%2e",
        "%00",
        "%E0%A4%A",
        "%0d%0a",
        "%09",
        "/evil.example",
        "//evil.example",
        "de",
        "common",
        "constructor",
        "impressum",
        "120001.svg",
        "x.svg",
      ]);
    return encode(this.value());
  }

  private query(params: string[]): string {
    if (!params.length && this.chance(0.8)) return "";
    const search = new URLSearchParams();
    for (const name of params) if (this.chance(0.4)) search.append(name, this.value(name));
    if (this.chance(0.2)) search.append(this.pick(params.length ? params : ["x"]), this.value());
    if (this.chance(0.1)) search.append("_data", "root");
    const raw = this.chance(0.1) ? "&%=%&q=%E0%A4%A&redirectTo=%2F%2Fevil.example" : "";
    const text = search.toString() + raw;
    return text ? `?${text}` : "";
  }

  private state(persona: Persona): PersonaState {
    const state = this.context.personas[persona];
    if (!state) throw new Error(`no fuzz persona ${persona}`);
    return state;
  }

  private cookies(persona: Persona, token: TokenUse): string {
    const state = this.state(persona);
    const jar = new Map<string, string>();
    if (state.session) jar.set("__session", state.session);
    if (state.staff) jar.set("__staff", state.staff);
    if (token !== "cookieless") jar.set("csrf", state.csrfCookie);
    if (this.chance(0.3)) jar.set("dark_mode", "1");
    if (this.chance(0.25)) {
      const name = this.pick(COOKIES);
      jar.set(name, this.cookieValue());
    }
    return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** Cookie headers carry bytes only; hostile values go in as they would over the wire. */
  private cookieValue(): string {
    const raw = this.value();
    if (this.chance(0.5)) return encode(raw);
    return raw.replace(/[^\x20-\x7e]|;/g, "");
  }

  private tokenField(persona: Persona, use: TokenUse): string | null {
    const other = persona === "anna" ? "visitor" : "anna";
    switch (use) {
      case "valid":
      case "cookieless":
        return this.state(persona).token;
      case "foreign":
        return this.state(other).token;
      case "wrong":
        return this.pick([this.value(), `${this.state(persona).token.slice(0, -2)}xx`]);
      case "none":
        return null;
    }
  }

  private fields(form: FormTarget, csrf: string | null): [string, string][] {
    const pairs: [string, string][] = [];
    if (form.intents && this.chance(0.95))
      pairs.push(["intent", this.chance(0.85) ? this.pick(form.intents) : this.value()]);
    for (const field of form.fields) if (this.chance(0.7)) pairs.push([field, this.value(field)]);
    if (this.chance(0.1)) pairs.push([this.value(), this.value()]);
    if (this.chance(0.1) && pairs.length) pairs.push(this.pick(pairs));
    if (csrf !== null) pairs.push(["csrf", csrf]);
    return pairs;
  }

  /** The body in one of many shapes, with the Content-Type it claims (or none). */
  private body(pairs: [string, string][]): { type: string | null; body: BodyInit | null; kind: string } {
    const form = new URLSearchParams(pairs).toString();
    const roll = this.random();
    if (roll < 0.45) return { kind: "form", type: "application/x-www-form-urlencoded", body: form };
    if (roll < 0.5)
      return {
        kind: "form+charset",
        type: `application/x-www-form-urlencoded; charset=${this.pick(["iso-8859-1", "utf-16", "x-unknown"])}`,
        body: form,
      };
    if (roll < 0.53)
      return {
        kind: "latin1",
        type: "application/x-www-form-urlencoded",
        body: latin1(pairs.map(([k, v]) => `${k}=${v}`).join("&")),
      };
    if (roll < 0.65) return { kind: "multipart", ...multipart(pairs, `fz${Math.floor(this.random() * 1e9)}`) };
    if (roll < 0.7) return { kind: "broken-multipart", ...this.brokenMultipart(pairs) };
    if (roll < 0.75) return { kind: "json", type: "application/json", body: JSON.stringify(Object.fromEntries(pairs)) };
    if (roll < 0.78)
      return {
        kind: "xml",
        type: this.pick(["application/xml", "text/xml"]),
        body: `<?xml version="1.0"?><form>${pairs.map(([k, v]) => `<f n="${k}">${v}</f>`).join("")}</form>`,
      };
    if (roll < 0.81) return { kind: "text", type: "text/plain", body: pairs.map(([k, v]) => `${k}=${v}`).join("\r\n") };
    if (roll < 0.84) return { kind: "empty", type: null, body: null };
    if (roll < 0.87) return { kind: "empty-form", type: "application/x-www-form-urlencoded", body: "" };
    if (roll < 0.9) return { kind: "no-type", type: null, body: form };
    if (roll < 0.92) return { kind: "bytes", type: "application/octet-stream", body: this.bytes(256) };
    if (roll < 0.95)
      return { kind: "huge", type: "application/x-www-form-urlencoded", body: `${form}&pad=${"x".repeat(70 * 1024)}` };
    if (roll < 0.96)
      return { kind: "huge-chunked", type: "application/x-www-form-urlencoded", body: chunked(`${form}&pad=`, 80) };
    if (roll < 0.98)
      return {
        kind: "weird-type",
        type: this.pick([
          "",
          "*/*",
          "multipart/mixed; boundary=x",
          "application/x-www-form-urlencoded, text/plain",
          "Application/X-WWW-FORM-URLENCODED",
        ]),
        body: form,
      };
    return {
      kind: "big-field",
      type: "application/x-www-form-urlencoded",
      body: `${form}&${this.pick(["form_started", "email", "q", "redirectTo"])}=${"A".repeat(40_000)}`,
    };
  }

  private brokenMultipart(pairs: [string, string][]): { type: string | null; body: BodyInit } {
    const good = multipart(pairs, "fzb");
    const text = good.body as string;
    return this.pick([
      { type: "multipart/form-data", body: text },
      { type: "multipart/form-data; boundary=other", body: text },
      { type: good.type, body: text.slice(0, Math.max(0, text.length - 12)) },
      { type: good.type, body: text.replace(/\r\n/g, "\n") },
      { type: good.type, body: "--fzb\r\nContent-Disposition: form-data\r\n\r\nx\r\n--fzb--\r\n" },
      { type: 'multipart/form-data; boundary="', body: "--\r\n" },
    ]);
  }

  private bytes(length: number): ArrayBuffer {
    return Uint8Array.from({ length }, () => Math.floor(this.random() * 256)).buffer;
  }

  page(persona: Persona, pages: readonly PageTarget[] = PAGES): FuzzRequest {
    const target = this.pick(pages);
    const path = this.fill(target.path) + this.query(target.params);
    const headers: Record<string, string> = { Cookie: this.cookies(persona, "valid") };
    if (this.chance(0.1)) headers.Accept = this.pick(["application/json", "text/x-script", "*/*"]);
    return {
      label: `GET ${target.path} as ${persona}`,
      path,
      init: { method: this.chance(0.05) ? "HEAD" : "GET", headers },
    };
  }

  form(persona: Persona, token: TokenUse, forms: readonly FormTarget[] = FORMS): FuzzRequest {
    // A development tool acting on any customer (FormTarget.anyCustomer) is left out with a valid token.
    const target = this.pick(token === "valid" ? forms.filter((f) => !f.anyCustomer) : forms);
    const path = this.fill(target.path) + (this.chance(0.1) ? this.query(["redirectTo", "index", "_data"]) : "");
    const pairs = this.fields(target, this.tokenField(persona, token));
    // a form that carries a file is mostly sent as its browser sends it: multipart
    const { type, body, kind } =
      target.multipart && this.chance(0.6)
        ? { kind: "multipart", ...multipart(pairs, `fz${Math.floor(this.random() * 1e9)}`) }
        : this.body(pairs);
    const headers: Record<string, string> = { Cookie: this.cookies(persona, token) };
    if (type !== null) headers["Content-Type"] = type;
    const origin = this.random();
    if (origin < 0.92) Object.assign(headers, { Origin: SAME_ORIGIN, "X-Forwarded-Host": "shop.test" });
    else if (origin < 0.96) headers.Origin = "https://evil.example";
    else headers["Sec-Fetch-Site"] = "cross-site";
    if (target.raw)
      headers[target.signatureHeader ?? "X-Payment-Signature"] = this.value().replace(/[^\x20-\x7e]/g, "");
    const method = this.chance(0.04) ? this.pick(["PUT", "DELETE", "PATCH", "OPTIONS"]) : "POST";
    const init: FuzzRequest["init"] = { method, headers, body };
    if (body instanceof ReadableStream) init.duplex = "half";
    return { label: `${method} ${target.path} as ${persona}, token ${token}, ${kind}`, path, init };
  }
}

/** Percent-encoded; a lone surrogate cannot be, so it becomes U+FFFD as a browser would send it. */
function encode(value: string): string {
  return encodeURIComponent(
    value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"),
  );
}

function multipart(pairs: [string, string][], boundary: string): { type: string; body: string } {
  const parts = pairs.map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/"/g, "%22")}"\r\n\r\n${v}\r\n`,
  );
  return { type: `multipart/form-data; boundary=${boundary}`, body: `${parts.join("")}--${boundary}--\r\n` };
}

/** The text as ISO-8859-1 bytes, not percent-encoded: a form in the wrong charset. */
function latin1(text: string): ArrayBuffer {
  return Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff).buffer;
}

/** A body streamed in 1 KiB chunks without Content-Length. */
function chunked(start: string, kib: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(start));
      for (let i = 0; i < kib; i++) controller.enqueue(encoder.encode("x".repeat(1024)));
      controller.close();
    },
  });
}
