import {
  cloneElement,
  createContext,
  Fragment,
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from "react";
import { translate, type Texts, type TextStore, type TranslateOptions } from "./translate";
// Every route module reaches this file: the page frame's shared modules ride along into the
// browser's React chunk (see the file, docs/decisions/0054).
import "~/components/layout/shell-shared";

/** `t` of a component: the text of a key, or with `returnObjects` the object or list under it. */
export interface TFunction {
  (key: string, options?: TranslateOptions & { returnObjects?: false }): string;
  (key: string, options: TranslateOptions & { returnObjects: true }): unknown;
}

interface TextsValue {
  store: TextStore;
  /** Loads namespaces the store lacks (the browser after a navigation to a new kind of page). */
  load(namespaces: readonly string[]): void;
}

const TextsContext = createContext<TextsValue>({ store: {}, load: () => {} });

/** Where the browser fetches one namespace; the version makes the file cacheable for good. */
export function textsUrl(ns: string, version: string) {
  return `/locales/de/${ns}.json?v=${version}`;
}

export async function fetchTexts(namespaces: readonly string[], version: string): Promise<TextStore> {
  const entries = await Promise.all(
    namespaces.map(async (ns) => {
      const response = await fetch(textsUrl(ns, version));
      return [ns, response.ok ? await response.json<Texts>() : {}] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * Gives the page its texts. On the server `texts` holds the namespaces of the matched routes; in
 * the browser the same ones, fetched before hydration. The browser adds a namespace when a page
 * needs it and, once idle, fetches the `later` ones so that navigations find their texts at hand.
 */
export function TextsProvider({
  texts,
  version = "",
  later = [],
  children,
}: {
  texts: TextStore;
  version?: string;
  later?: readonly string[];
  children: ReactNode;
}) {
  const [store, setStore] = useState(texts);
  const requested = useRef(new Set(Object.keys(texts)));
  const load = useCallback(
    (namespaces: readonly string[]) => {
      const wanted = namespaces.filter((ns) => !requested.current.has(ns));
      if (!wanted.length) return;
      for (const ns of wanted) requested.current.add(ns);
      fetchTexts(wanted, version).then(
        (loaded) => setStore((current) => ({ ...loaded, ...current })),
        (error: unknown) => {
          for (const ns of wanted) requested.current.delete(ns);
          console.error(error);
        },
      );
    },
    [version],
  );
  useEffect(() => {
    if (!later.length) return;
    const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1_000));
    whenIdle(() => load(later));
  }, [later, load]);
  const value = useMemo(() => ({ store, load }), [store, load]);
  return <TextsContext.Provider value={value}>{children}</TextsContext.Provider>;
}

/** The texts of one namespace (default "common") or of several, looked up in that order. */
export function useTranslation(ns: string | readonly string[] = "common"): { t: TFunction } {
  const { store, load } = useContext(TextsContext);
  // As one string, so a list written inline (a new array each render) keeps `t` and the effect stable.
  const namespaces = typeof ns === "string" ? ns : ns.join();
  const missing = namespaces
    .split(",")
    .filter((name) => !store[name])
    .join();
  useEffect(() => {
    if (missing) load(missing.split(","));
  }, [missing, load]);
  const t = useMemo(() => {
    const list = namespaces.split(",");
    return ((key: string, options?: TranslateOptions) => translate(store, list, key, options as never)) as TFunction;
  }, [store, namespaces]);
  return { t };
}

/**
 * A text with links or emphasis inside: "<1>AGB</1>" in the text becomes `components[1]` with
 * "AGB" as its content (react-i18next's numbered-tag form).
 */
export function Trans({
  t,
  i18nKey,
  values,
  components,
}: {
  t: TFunction;
  i18nKey: string;
  values?: TranslateOptions & { returnObjects?: false };
  components: Record<number, ReactElement>;
}) {
  const parts = t(i18nKey, values).split(/<(\d+)>(.*?)<\/\1>/);
  // split with two groups gives: text, tag number, tag content, text, …
  return (
    <>
      {parts.map((part, i) => {
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text; their position is their identity
        if (i % 3 === 0) return part ? <Fragment key={i}>{part}</Fragment> : null;
        if (i % 3 === 2) return null;
        const component = components[Number(part)];
        const content = parts[i + 1];
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text; their position is their identity
        return isValidElement(component) ? cloneElement(component, { key: i }, content) : content;
      })}
    </>
  );
}

/**
 * A page's title as a browser tab and a search result show it: the page's own name, then the
 * shop's (`common:shop.pageTitle`, "Hafermilch – Frischkorb"). Takes any namespace's `t`, the
 * loaders' (i18next) or a component's. It lives here, beside the texts every page loads anyway,
 * so the browser gets it without a module of its own (budgets in docs/architecture.md).
 */
export function pageTitle(
  page: string,
  t: (key: "common:shop.pageTitle", options: { page: string }) => string,
): string {
  return t("common:shop.pageTitle", { page });
}
