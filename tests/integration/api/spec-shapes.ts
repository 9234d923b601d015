/**
 * The shapes a client written from the spec alone expects (spec-contract.test.ts), as small hand-
 * written descriptions, and a checker that lists every difference of an answer from one. Nothing
 * here comes from the OpenAPI document or the API's schemas: that is the point of the test.
 *
 * Amounts are checked on the answer's text, not only on the number JSON.parse makes of it: the
 * spec's system writes euros with exactly two places ("value":2.90, "total":50.00), which a parsed
 * number no longer shows. `parseKeepingNumbers` keeps each number's text by its path.
 */

export type Shape =
  | "string"
  | "integer"
  | "number"
  | "boolean"
  | "date"
  | "euro"
  | "euroText"
  | "id"
  | "any"
  | { oneOf: readonly (string | number | boolean | null)[] }
  | { nullable: Shape }
  | { optional: Shape }
  | { arrayOf: Shape; nonEmpty?: boolean }
  | { object: Record<string, Shape> }
  | { json: Shape }
  | { pattern: RegExp };

export const obj = (fields: Record<string, Shape>): Shape => ({ object: fields });
export const arr = (of: Shape, nonEmpty = false): Shape => ({ arrayOf: of, nonEmpty });
export const nullable = (shape: Shape): Shape => ({ nullable: shape });
export const optional = (shape: Shape): Shape => ({ optional: shape });
export const oneOf = (...values: (string | number | boolean | null)[]): Shape => ({ oneOf: values });
export const jsonOf = (shape: Shape): Shape => ({ json: shape });

/** A parsed answer and the text of every number in it, by path ("items.0.row_total_incl_tax"). */
export interface Parsed {
  value: unknown;
  numbers: Map<string, string>;
}

/** JSON.parse, keeping the text of each number (which JSON.parse drops: 25.00 becomes 25). */
export function parseKeepingNumbers(text: string): Parsed {
  const numbers = new Map<string, string>();
  let i = 0;
  const space = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at ${i} of ${text.slice(0, 200)}`);
  };
  const value = (path: string): unknown => {
    space();
    const c = text[i];
    if (c === "{") {
      i++;
      const out: Record<string, unknown> = {};
      space();
      if (text[i] === "}") {
        i++;
        return out;
      }
      for (;;) {
        space();
        const key = string();
        space();
        if (text[i++] !== ":") fail("':' expected");
        out[key] = value(path ? `${path}.${key}` : key);
        space();
        const next = text[i++];
        if (next === "}") return out;
        if (next !== ",") fail("',' or '}' expected");
      }
    }
    if (c === "[") {
      i++;
      const out: unknown[] = [];
      space();
      if (text[i] === "]") {
        i++;
        return out;
      }
      for (;;) {
        out.push(value(path ? `${path}.${out.length}` : String(out.length)));
        space();
        const next = text[i++];
        if (next === "]") return out;
        if (next !== ",") fail("',' or ']' expected");
      }
    }
    if (c === '"') return string();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 400));
    if (!literal) return fail("a value expected");
    i += literal[0].length;
    if (literal[0] === "true") return true;
    if (literal[0] === "false") return false;
    if (literal[0] === "null") return null;
    numbers.set(path, literal[0]);
    return Number(literal[0]);
  };
  const string = (): string => {
    if (text[i] !== '"') fail("a string expected");
    const end = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(i));
    if (!end) return fail("an unterminated string");
    i += end[0].length;
    return JSON.parse(end[0]) as string;
  };
  const parsed = value("");
  space();
  if (i !== text.length) fail("text after the value");
  return { value: parsed, numbers };
}

const EURO_TEXT = /^-?\d+\.\d{2}$/;

const describeValue = (v: unknown) => (v === undefined ? "missing" : JSON.stringify(v)?.slice(0, 80));

/** Every difference of `value` (at `path`) from `shape`, one line each. */
export function problemsOf(value: unknown, shape: Shape, parsed: Parsed, path = ""): string[] {
  const at = path || "(answer)";
  if (typeof shape === "string") {
    switch (shape) {
      case "any":
        return value === undefined ? [`${at}: missing`] : [];
      case "string":
        return typeof value === "string" ? [] : [`${at}: a string expected, got ${describeValue(value)}`];
      case "boolean":
        return typeof value === "boolean" ? [] : [`${at}: a boolean expected, got ${describeValue(value)}`];
      case "id":
        return typeof value === "string" || Number.isInteger(value)
          ? []
          : [`${at}: an id (string or integer) expected, got ${describeValue(value)}`];
      case "number":
        return typeof value === "number" ? [] : [`${at}: a number expected, got ${describeValue(value)}`];
      case "integer":
        return Number.isInteger(value) ? [] : [`${at}: an integer expected, got ${describeValue(value)}`];
      case "date":
        return typeof value === "string" && !Number.isNaN(Date.parse(value))
          ? []
          : [`${at}: a date expected, got ${describeValue(value)}`];
      case "euroText":
        return typeof value === "string" && EURO_TEXT.test(value)
          ? []
          : [`${at}: euros as a string with two places ("25.00") expected, got ${describeValue(value)}`];
      case "euro": {
        if (typeof value !== "number") return [`${at}: an amount in euros expected, got ${describeValue(value)}`];
        const text = parsed.numbers.get(path);
        return text !== undefined && EURO_TEXT.test(text)
          ? []
          : [`${at}: euros with exactly two places expected, the answer writes ${text}`];
      }
    }
  }
  if ("oneOf" in shape)
    return shape.oneOf.includes(value as never)
      ? []
      : [`${at}: one of ${JSON.stringify(shape.oneOf)} expected, got ${describeValue(value)}`];
  if ("pattern" in shape)
    return typeof value === "string" && shape.pattern.test(value)
      ? []
      : [`${at}: a string matching ${shape.pattern} expected, got ${describeValue(value)}`];
  if ("nullable" in shape) return value === null ? [] : problemsOf(value, shape.nullable, parsed, path);
  if ("optional" in shape) return value === undefined ? [] : problemsOf(value, shape.optional, parsed, path);
  if ("arrayOf" in shape) {
    if (!Array.isArray(value)) return [`${at}: a list expected, got ${describeValue(value)}`];
    if (shape.nonEmpty && value.length === 0) return [`${at}: a list with entries expected, got []`];
    return value.flatMap((v, n) => problemsOf(v, shape.arrayOf, parsed, path ? `${path}.${n}` : String(n)));
  }
  if ("object" in shape) {
    if (value === null || typeof value !== "object" || Array.isArray(value))
      return [`${at}: an object expected, got ${describeValue(value)}`];
    return Object.entries(shape.object).flatMap(([key, fieldShape]) => {
      const field = (value as Record<string, unknown>)[key];
      const fieldPath = path ? `${path}.${key}` : key;
      if (field === undefined && !(typeof fieldShape === "object" && "optional" in fieldShape))
        return [`${fieldPath}: missing`];
      return problemsOf(field, fieldShape, parsed, fieldPath);
    });
  }
  // a string holding JSON: checked with its own numbers' texts
  if (typeof value !== "string") return [`${at}: a JSON string expected, got ${describeValue(value)}`];
  let inner: Parsed;
  try {
    inner = parseKeepingNumbers(value);
  } catch {
    return [`${at}: a JSON string expected, got ${describeValue(value)}`];
  }
  return problemsOf(inner.value, shape.json, inner, "").map((p) => `${at} (JSON) → ${p}`);
}

/**
 * Every field name anywhere in the answer that says it holds cents or permille (the spec's amounts
 * are euros), once per place ("products[].priceCents").
 */
export function centsNames(value: unknown, path = ""): string[] {
  const names = (v: unknown, at: string): string[] => {
    if (Array.isArray(v)) return v.flatMap((item) => names(item, `${at}[]`));
    if (v === null || typeof v !== "object") return [];
    return Object.entries(v).flatMap(([key, field]) => {
      const fieldPath = at ? `${at}.${key}` : key;
      return [...(/cents|permille/i.test(key) ? [fieldPath] : []), ...names(field, fieldPath)];
    });
  };
  return [...new Set(names(value, path))];
}

/**
 * Problems shortened to the places they are at, each once ("items[].item_id"): for answers whose
 * every difference another check lists in full.
 */
export function places(problems: string[]): string[] {
  return [...new Set(problems.map((p) => p.slice(0, p.indexOf(": ")).replace(/\.(\d+)(?=\.|$| )/g, "[]")))];
}

/** The cents of an amount the answer gives in euros (as a client converts it back). */
export const toCents = (euros: number) => Math.round(euros * 100);
