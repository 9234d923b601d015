/**
 * What the API tests read from the OpenAPI document the worker serves (docs/decisions/0034): its
 * operations, a JSON Schema 2020-12 validator (ajv) for every request body, query and answer in
 * it, with `$ref`s resolved against the document itself, and the checks every error answer of the
 * API must pass (the shape `{ message, parameters }` and a German text of the shop's locales).
 * Nothing here names an operation: the contract and fuzz tests follow whatever the document lists.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

export type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: Record<string, Record<string, unknown>>;
}

interface OpenApiParameter {
  name: string;
  in: "query" | "path" | "header" | "cookie";
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: (OpenApiParameter | { $ref: string })[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

export const HTTP_METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"] as const;

/** One operation of the document, as the tests need it. */
export interface DocOperation {
  /** "METHOD /path", the key of examples.ts. */
  key: string;
  method: string;
  path: string;
  /** It names a security requirement: it needs a customer's token. */
  auth: boolean;
  /** The JSON body it takes, if any (a pointer into the document). */
  body: { required: boolean; pointer: string } | null;
  query: OpenApiParameter[];
  pathParams: OpenApiParameter[];
  /** The statuses it documents. */
  statuses: number[];
}

const DOC_ID = "https://frischkorb.test/openapi.json";

/** A JSON pointer's segment: "~" and "/" escaped, then as a URI fragment. */
const segment = (s: string) => encodeURIComponent(s.replace(/~/g, "~0").replace(/\//g, "~1"));
const pointerOf = (...segments: string[]) => `#/${segments.map(segment).join("/")}`;

export class Contract {
  readonly operations: DocOperation[];
  private readonly ajv: Ajv2020;
  private readonly queryAjv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(readonly doc: OpenApiDocument) {
    // strict: false, because the document itself (openapi, info, paths, …) is registered as the
    // schema every pointer and `$ref` ("#/components/schemas/…") resolves against.
    this.ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    this.ajv.addSchema(doc as never, DOC_ID);
    // A query arrives as strings: "5" passes for an integer, as it would after the API's coercion.
    this.queryAjv = addFormats(new Ajv2020({ strict: false, allErrors: true, coerceTypes: true }));
    this.queryAjv.addSchema(doc as never, DOC_ID);
    this.operations = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.entries(methods)
        .filter(([m]) => (HTTP_METHODS as readonly string[]).includes(m.toUpperCase()) || m === "head")
        .map(([m, op]) => this.describe(p, m, op)),
    );
  }

  private describe(p: string, m: string, op: OpenApiOperation): DocOperation {
    const params = (op.parameters ?? []).map((x) => ("$ref" in x ? (this.resolve(x.$ref) as OpenApiParameter) : x));
    const json = op.requestBody?.content?.["application/json"];
    return {
      key: `${m.toUpperCase()} ${p}`,
      method: m.toUpperCase(),
      path: p,
      auth: (op.security ?? []).some((requirement) => Object.keys(requirement).length > 0),
      body: json
        ? {
            required: op.requestBody?.required === true,
            pointer: pointerOf("paths", p, m, "requestBody", "content", "application/json", "schema"),
          }
        : null,
      query: params.filter((x) => x.in === "query"),
      pathParams: params.filter((x) => x.in === "path"),
      statuses: Object.keys(op.responses).map(Number),
    };
  }

  /** The value a local `$ref` ("#/components/…") points at. */
  resolve(ref: string): unknown {
    if (!ref.startsWith("#/")) throw new Error(`only local $refs are supported: ${ref}`);
    let node: unknown = this.doc;
    for (const raw of ref.slice(2).split("/")) {
      const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
      node = (node as Record<string, unknown> | undefined)?.[key];
    }
    if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
    return node;
  }

  /** A schema of the document by pointer, `$ref`s followed until it is a schema of its own. */
  schemaAt(pointer: string): JsonSchema {
    let node = this.resolve(pointer) as JsonSchema;
    while (typeof node.$ref === "string") node = this.resolve(node.$ref) as JsonSchema;
    return node;
  }

  private validator(pointer: string, ajv = this.ajv): ValidateFunction {
    const id = `${ajv === this.ajv ? "" : "q"}${pointer}`;
    let fn = this.cache.get(id);
    if (!fn) {
      fn = ajv.getSchema(`${DOC_ID}${pointer}`);
      if (!fn) throw new Error(`no schema at ${pointer}`);
      this.cache.set(id, fn);
    }
    return fn;
  }

  /** The document's schema of an operation's answer with that status: null for one without a body, undefined if undocumented. */
  responsePointer(op: DocOperation, status: number): string | null | undefined {
    const response = this.doc.paths[op.path][op.method.toLowerCase()].responses[String(status)];
    if (!response) return undefined;
    if (!response.content) return null;
    if (!response.content["application/json"]) throw new Error(`${op.key} ${status}: not JSON`);
    return pointerOf(
      "paths",
      op.path,
      op.method.toLowerCase(),
      "responses",
      String(status),
      "content",
      "application/json",
      "schema",
    );
  }

  /** Problems of an answer against the document ([] when it conforms). */
  checkResponse(op: DocOperation, status: number, body: string, contentType: string | null): string[] {
    const pointer = this.responsePointer(op, status);
    if (pointer === undefined) return [`status ${status} is not documented for ${op.key}`];
    if (pointer === null) return body === "" ? [] : [`status ${status} of ${op.key} is documented without a body`];
    if (!contentType?.startsWith("application/json")) return [`Content-Type ${contentType} instead of JSON`];
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return ["the answer is no JSON"];
    }
    const validate = this.validator(pointer);
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`);
  }

  /** Whether the document's schema accepts a request body. */
  acceptsBody(op: DocOperation, value: unknown): boolean {
    return op.body ? this.validator(op.body.pointer)(value) : true;
  }

  /** Whether the document's parameters accept a query (the last value of a repeated key counts). */
  acceptsQuery(op: DocOperation, query: [string, string][]): boolean {
    const known = new Map(op.query.map((p) => [p.name, p]));
    const last = new Map(query);
    for (const key of last.keys()) if (!known.has(key)) return false;
    for (const param of op.query) {
      const value = last.get(param.name);
      if (value === undefined) {
        if (param.required) return false;
        continue;
      }
      if (!param.schema) continue;
      if (!this.validator(this.pointerOfParam(op, param), this.queryAjv)(value)) return false;
    }
    return true;
  }

  private pointerOfParam(op: DocOperation, param: OpenApiParameter): string {
    const raw = this.doc.paths[op.path][op.method.toLowerCase()].parameters ?? [];
    const index = raw.findIndex((x) => ("$ref" in x ? this.resolve(x.$ref) : x) === param);
    const entry = raw[index];
    return "$ref" in entry
      ? `${entry.$ref}/schema`
      : pointerOf("paths", op.path, op.method.toLowerCase(), "parameters", String(index), "schema");
  }

  /** The documented methods of a path (the `Allow` the router must send for another one). */
  methodsOf(p: string): string[] {
    return Object.keys(this.doc.paths[p] ?? {})
      .map((m) => m.toUpperCase())
      .filter((m) => (HTTP_METHODS as readonly string[]).includes(m))
      .sort();
  }

  /** The operation a method and a concrete path reach, by the document's templates. */
  match(method: string, pathname: string): DocOperation | null {
    const m = method === "HEAD" ? "GET" : method;
    return this.operations.find((op) => op.method === m && templateRegExp(op.path).test(pathname)) ?? null;
  }

  /** The documented paths a concrete path matches (whatever the method). */
  pathsMatching(pathname: string): string[] {
    return Object.keys(this.doc.paths).filter((p) => templateRegExp(p).test(pathname));
  }
}

/** A path template ("/orders/{id}") as the router matches it: a parameter is one segment. */
export function templateRegExp(template: string): RegExp {
  const source = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+");
  return new RegExp(`^${source}$`);
}

/** A template with its parameters filled in (encoded). */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (!(name in params)) throw new Error(`no value for path parameter ${name} of ${template}`);
    return encodeURIComponent(params[name]);
  });
}

// ---------------------------------------------------------------------------------------------
// The API's error answers: `{ message, parameters }`, the message one of the shop's German texts.

const LOCALES = path.resolve(import.meta.dirname, "../../../locales/de");

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (value && typeof value === "object") for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** Every text of the German locales, and each as a pattern in which i18next's interpolation markers match anything. */
const GERMAN_TEXTS = readdirSync(LOCALES)
  .filter((f) => f.endsWith(".json"))
  .flatMap((f) => strings(JSON.parse(readFileSync(path.join(LOCALES, f), "utf8"))));
const GERMAN_SET = new Set(GERMAN_TEXTS);
const GERMAN_PATTERNS = GERMAN_TEXTS.map(
  (text) =>
    new RegExp(
      `^${text
        .split(/\{\{[^}]+\}\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join("[^]*")}( \\([^]*\\))?$`,
    ),
);

/**
 * A message with a value filled in ("… ab einem Warenwert von 25,00 € einlösen."): the texts with a
 * value interpolated and enough words of their own that a pattern cannot match just anything.
 */
const GERMAN_MESSAGES = GERMAN_TEXTS.filter(
  (text) => text.includes("{{") && text.replace(/\{\{[^}]+\}\}/g, "").trim().length >= 12,
).map(
  (text) =>
    new RegExp(
      `^${text
        .split(/\{\{[^}]+\}\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join("[^]+")}$`,
    ),
);

/** zod's and JavaScript's English, and what a leaked error looks like. */
const ENGLISH =
  /\b(Expected|Required|Invalid|undefined|NaN|String must|Number must|Unrecognized|TypeError|SyntaxError|Error:)|\[object |\n\s+at |at \S+ \(/;

/**
 * Problems of an error answer's body ([] when it is `{ message, parameters }` in German). `echoes`
 * are parameters that only name what the request sent (its query keys as "query.key", its path):
 * a key may hold ": " itself.
 */
export function checkErrorBody(body: string, echoes: string[] = []): string[] {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return [`not JSON: ${JSON.stringify(body.slice(0, 120))}`];
  }
  const problems: string[] = [];
  const { message, parameters, ...rest } = (value ?? {}) as Record<string, unknown>;
  if (typeof message !== "string" || message.trim() === "") problems.push("no message");
  else if (!GERMAN_SET.has(message) && !GERMAN_MESSAGES.some((re) => re.test(message)))
    problems.push(`message is not a text of the German locales: ${JSON.stringify(message)}`);
  if (!Array.isArray(parameters) || parameters.some((p) => typeof p !== "string"))
    problems.push("parameters is no string[]");
  else
    for (const parameter of (parameters as string[]).filter((p) => !echoes.includes(p))) {
      // "body.customer.firstname: Falscher Typ, erwartet: string": the text after a field's path
      const texts = [...parameter.matchAll(/: /g)].map((m) => parameter.slice(m.index + 2));
      if (
        /^(body|query)\b/.test(parameter) &&
        texts.length &&
        !texts.some((t) => GERMAN_PATTERNS.some((re) => re.test(t)))
      )
        problems.push(`parameter without a German text: ${JSON.stringify(parameter.slice(0, 200))}`);
      // "Diese Felder gibt es nicht (NaN)": the fields in brackets are the request's own keys
      if (texts.some((t) => ENGLISH.test(t.replace(/ \([\s\S]*\)$/, ""))))
        problems.push(`English in a parameter: ${JSON.stringify(parameter.slice(0, 200))}`);
    }
  if (Object.keys(rest).length) problems.push(`unexpected fields ${Object.keys(rest).join(", ")}`);
  if (typeof message === "string" && ENGLISH.test(message)) problems.push(`English in the message: ${message}`);
  return problems;
}

/** Problems of the headers every API answer carries ([] when right). */
export function checkApiHeaders(res: Response): string[] {
  const problems: string[] = [];
  if (res.headers.get("Cache-Control") !== "no-store")
    problems.push(`Cache-Control ${res.headers.get("Cache-Control")}`);
  if (res.headers.has("Set-Cookie")) problems.push(`Set-Cookie ${res.headers.get("Set-Cookie")}`);
  if (res.headers.has("Access-Control-Allow-Origin")) problems.push("CORS opened for an origin nobody configured");
  if (res.status === 401 && !res.headers.get("WWW-Authenticate")?.startsWith("Bearer"))
    problems.push("401 without WWW-Authenticate: Bearer");
  return problems;
}
