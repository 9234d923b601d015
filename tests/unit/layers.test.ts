import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// docs/architecture.md "Layers": the domain takes typed input and returns typed results, so a second
// door (the headless API) can use it; HTTP is read and answered in app/http and the routes. Platform
// knows no business area, and no module depends on itself through others, not even for a type.
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  );

const matching = (dir: string, pattern: RegExp) =>
  files(dir).filter((file) => pattern.test(readFileSync(file, "utf8")));

const SOURCE = /\.tsx?$/;
const IMPORT =
  /(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** The project file an import names, or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("~/")
    ? resolve("app", specifier.slice(2))
    : specifier.startsWith(".")
      ? resolve(dirname(from), specifier)
      : null;
  if (!base) return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")];
  return candidates.find((c) => SOURCE.test(c) && existsSync(c)) ?? null;
}

function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files(root)
    .filter((f) => SOURCE.test(f))
    .map((f) => resolve(f))) {
    const text = readFileSync(file, "utf8");
    const targets = [...text.matchAll(IMPORT)]
      .map((m) => resolveImport(file, m[1] ?? m[2]))
      .filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every import circle, each once, as "a → b → a" with paths relative to app/. */
function importCircles(graph: Map<string, string[]>): string[] {
  const circles = new Set<string>();
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") {
        const loop = path.slice(path.indexOf(next)).map((f) => relative("app", f));
        const turn = loop.indexOf([...loop].sort()[0]);
        const canonical = [...loop.slice(turn), ...loop.slice(0, turn)];
        circles.add([...canonical, canonical[0]].join(" → "));
      } else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return [...circles].sort();
}

/**
 * What marks HTTP in a module's text, by kind. The domain may describe a form in a zod schema (its
 * fields, the `intent` of its buttons among them: docs/architecture.md "Forms"), but it does not read
 * one, branch on which button was pressed, choose a status or look at headers.
 */
const HTTP_MARKS: Record<string, RegExp[]> = {
  "request or response": [/Request|Response|FormData|redirect\(|[Cc]ookie|@remix-run/],
  // the Web API's headers (`Headers`, `securityHeaders`); an e-mail's `headers:` field is no HTTP
  headers: [/Headers\b/],
  "status code": [
    // an answer's status: `{ status: 404 }`, `statusCode = 500`
    /\bstatus(?:Code)?\s*[:=]\s*[1-5]\d\d\b/i,
    // a table of statuses: `WEBHOOK_STATUS = { settled: 200, …`, `REFUSAL_STATUS: Record<…> = { …: 409`
    /status\w*\s*(?::[^={;]*)?=\s*\{\s*\w+\s*:\s*[1-5]\d\d\b/i,
    // a table of numbers in the status range, whatever its name: `Record<Result, number> = { applied: 200`
    /Record<[^>]*,\s*number>\s*=\s*\{\s*\w+\s*:\s*[1-5]\d\d\b/,
  ],
  "form intent": [
    // read from the form, or off its parsed value
    /\.get\(\s*["']intent["']\s*\)|\.intent\b/,
    // taken as a parameter or compared, switched on
    /\bintent\??\s*:\s*(?:unknown|string\b|["'])|\bintent\s*[!=]==|[!=]==\s*intent\b|switch\s*\([^)]*\bintent\b/,
    // a function named for running intents: `runWishlistIntent(`
    /[a-z]\w*Intent\s*[(<]/,
  ],
};

/** The kinds of HTTP a module's text shows, none for a module that speaks none. */
function httpMarks(text: string): string[] {
  return Object.entries(HTTP_MARKS)
    .filter(([, patterns]) => patterns.some((pattern) => pattern.test(text)))
    .map(([kind]) => kind);
}

// The leaks as they stood in app/domain/share/purchase.server.ts and app/domain/customer/wishlist.server.ts.
const PURCHASE_BEFORE = `
export type SigningWebhookResult = SigningResult | "badSignature" | "badPayload";

/** HTTP status of each answer to the signing service: it retries only what it may fix. */
export const SIGNING_WEBHOOK_STATUS: Record<SigningWebhookResult, number> = {
  applied: 200,
  unchanged: 200,
  unknown: 404,
  badSignature: 401,
  badPayload: 400,
};

export async function receiveSigningWebhook(env: Env, body: string, headers: Headers): Promise<SigningWebhookResult> {
  const reading = await signingProvider(env).readWebhook(body, headers);
  if (reading.kind !== "event") return reading.kind;
  return applySigningEvent(env.DB, reading.event);
}`;
const WISHLIST_BEFORE = `
/** The heart buttons' post: add or remove, answered with the notice to show. */
export async function runWishlistIntent(
  db: D1Database,
  customerId: number,
  intent: unknown,
  sku: unknown,
): Promise<Notice> {
  if ((intent === "add" || intent === "remove") && typeof sku === "string") {
    const name = await changeWishlist(db, customerId, sku, intent);
  }
  return { type: "error", key: "account:wishlist.failed" };
}`;

describe("layers", () => {
  it("keeps HTTP out of the domain", () => {
    const leaks = files("app/domain").flatMap((file) =>
      httpMarks(readFileSync(file, "utf8")).map((kind) => `${file}: ${kind}`),
    );
    expect(leaks).toEqual([]);
  });

  it("finds HTTP planted in a domain module: headers, a status table, an intent dispatch", () => {
    const clean = `
      export const wishlistFormSchema = z.object({ intent: z.enum(["add", "remove"]), sku: z.string() });
      export const OPEN_STATUSES: OrderStatus[] = ["pending_payment", "processing"];
      export const STORE_MAP_SIZE = { width: 560, height: 240, zoom: 13 };
      qb.updateTable("share_purchase").set({ status: to, updated_at: now });
      const mail = { to, subject, headers: { "List-Unsubscribe": link } };`;
    expect(httpMarks(clean)).toEqual([]);
    expect(httpMarks("export async function receive(env: Env, body: string, headers: Headers) {}")).toEqual([
      "headers",
    ]);
    expect(
      httpMarks(`export const SIGNING_WEBHOOK_STATUS: Record<SigningWebhookResult, number> = {
        applied: 200,
        unknown: 404,
      };`),
    ).toEqual(["status code"]);
    expect(httpMarks("const ANSWERS: Record<Result, number> = { settled: 200, mismatch: 409 };")).toEqual([
      "status code",
    ]);
    expect(httpMarks("if (!known) return { ok: false, status: 404 };")).toEqual(["status code"]);
    for (const dispatch of [
      "export async function runWishlistIntent(db: D1Database, customerId: number, sku: unknown) {}",
      "async function change(db: D1Database, intent: unknown, sku: unknown) {}",
      'return intent === "add" ? added : removed;',
      "switch (submission.value.intent) {}",
      'const button = form.get("intent");',
    ])
      expect(httpMarks(dispatch), dispatch).toEqual(["form intent"]);
    // the files as they were before the last seams moved to app/http
    expect(httpMarks(PURCHASE_BEFORE)).toEqual(["headers", "status code"]);
    expect(httpMarks(WISHLIST_BEFORE)).toEqual(["form intent"]);
  });

  it("lets the platform import nothing from the domain", () => {
    expect(matching("app/platform", /~\/domain|\.\.\/domain/)).toEqual([]);
  });

  it("keeps app/http above the domain and the platform: neither, nor a component, imports it", () => {
    for (const dir of ["app/domain", "app/platform", "app/components", "app/i18n"])
      expect(matching(dir, /["']~\/http\/|["'](?:\.\.\/)+http\//), dir).toEqual([]);
  });

  it("keeps the JSON API a door: nothing below it, and no component, imports it (decision 0034)", () => {
    for (const dir of ["app/domain", "app/platform", "app/http", "app/components", "app/i18n"])
      expect(matching(dir, /["']~\/api\/|["'](?:\.\.\/)+api\//), dir).toEqual([]);
  });

  it("has no import circle in app/", () => {
    expect(importCircles(importGraph("app"))).toEqual([]);
  });

  it("finds a circle when there is one, type-only imports included", () => {
    const graph = new Map([
      ["/p/app/a.ts", ["/p/app/b.ts"]],
      ["/p/app/b.ts", ["/p/app/c.ts"]],
      ["/p/app/c.ts", ["/p/app/a.ts"]],
      ["/p/app/d.ts", ["/p/app/a.ts"]],
    ]);
    expect(importCircles(graph)).toHaveLength(1);
    expect(importGraph("app").get(resolve("app/platform/payment-sandbox.server.ts"))).toContain(
      resolve("app/platform/payment-provider.ts"),
    );
  });
});
