import { createContext, useContext, useEffect, useMemo } from "react";
import { translate, type TextStore, type TranslateOptions } from "./translate";

// The hook components translate with, and its context; the provider and the rest are in texts.tsx,
// which re-exports it. The page frame's modules that the browser build puts into React's chunk
// import it from here, so that texts.tsx can name them without an import circle
// (components/layout/shell-shared.ts, docs/decisions/0054).

/** `t` of a component: the text of a key, or with `returnObjects` the object or list under it. */
export interface TFunction {
  (key: string, options?: TranslateOptions & { returnObjects?: false }): string;
  (key: string, options: TranslateOptions & { returnObjects: true }): unknown;
}

export interface TextsValue {
  store: TextStore;
  /** Loads namespaces the store lacks (the browser after a navigation to a new kind of page). */
  load(namespaces: readonly string[]): void;
}

export const TextsContext = createContext<TextsValue>({ store: {}, load: () => {} });

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
