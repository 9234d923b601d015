/**
 * The part of i18next the page components need, small enough for the browser's JavaScript budget
 * (docs/decisions/0006): nested keys ("filter.sort"), "ns:key", {{name}} values, German plurals
 * (key_one / key_other by `count`) and whole objects with `returnObjects`. The server's loaders,
 * actions and e-mails keep using i18next through remix-i18next; a unit test holds both to the
 * same result for every text in locales/de/.
 */
export type Texts = Readonly<Record<string, unknown>>;
/** Loaded texts by namespace. */
export type TextStore = Readonly<Partial<Record<string, Texts>>>;
export type TranslateOptions = { count?: number; returnObjects?: boolean } & Record<string, unknown>;

/**
 * German's plural rule (CLDR's, which `Intl.PluralRules("de")` and i18next on the server use):
 * "one" for exactly 1, "other" for every other count. Written out: no `Intl` object to make as the
 * page starts (docs/decisions/0059).
 */
const plural = (count: number) => (count === 1 ? "one" : "other");

function lookup(texts: Texts | undefined, path: string): unknown {
  let node: unknown = texts;
  for (const part of path.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Values the text names are filled in; an unknown name stays as written, like i18next. */
function interpolate(text: string, options: TranslateOptions | undefined): string {
  if (!options) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) => {
    const value = lookup(options, name);
    return value === undefined || value === null ? match : String(value);
  });
}

/**
 * The text of `key` from the first of `namespaces` that has it; the key itself when none has
 * (as i18next shows a missing text).
 */
export function translate(
  store: TextStore,
  namespaces: readonly string[],
  key: string,
  options?: TranslateOptions & { returnObjects?: false },
): string;
export function translate(
  store: TextStore,
  namespaces: readonly string[],
  key: string,
  options: TranslateOptions & { returnObjects: true },
): unknown;
export function translate(
  store: TextStore,
  namespaces: readonly string[],
  key: string,
  options?: TranslateOptions,
): unknown {
  const colon = key.indexOf(":");
  const [spaces, path] = colon > 0 ? [[key.slice(0, colon)], key.slice(colon + 1)] : [namespaces, key];
  for (const ns of spaces) {
    const texts = store[ns];
    const value =
      (typeof options?.count === "number" ? lookup(texts, `${path}_${plural(options.count)}`) : undefined) ??
      lookup(texts, path);
    if (typeof value === "string") return interpolate(value, options);
    if (value !== undefined && options?.returnObjects) return value;
  }
  return path;
}
