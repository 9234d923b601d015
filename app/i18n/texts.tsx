import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { Texts, TextStore } from "./translate";
import { whenIdle as idle } from "~/components/layout/hydration";
import { TextsContext, useTranslation, type TFunction } from "./use-translation";
// Every route module reaches this file: the page frame's shared modules ride along into the
// browser's React chunk (see the file, docs/decisions/0054).
import "~/components/layout/shell-shared";

export { useTranslation, type TFunction };

/** Where the browser fetches one namespace; the version makes the file cacheable for good. */
export function textsUrl(ns: string, version: string) {
  return `/locales/de/${ns}.json?v=${version}`;
}

/**
 * The namespaces' texts. `whenIdle`: each namespace's request starts in an idle moment of its own
 * (the later pages' texts): starting a request costs the page's main thread about a millisecond,
 * more on a slow phone, so a dozen of them at once made one long task after hydration
 * (docs/decisions/0057).
 */
export async function fetchTexts(namespaces: readonly string[], version: string, whenIdle = false): Promise<TextStore> {
  const entries = await Promise.all(
    namespaces.map(async (ns) => {
      if (whenIdle) await new Promise(idle);
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
  // `whenIdle` only for the later pages' texts; a page's own are wanted at once.
  const load = useCallback(
    (namespaces: readonly string[], whenIdle?: boolean) => {
      const wanted = namespaces.filter((ns) => !requested.current.has(ns));
      if (!wanted.length) return;
      for (const ns of wanted) requested.current.add(ns);
      fetchTexts(wanted, version, whenIdle).then(
        // A transition: the new texts reach every part of the page, also one whose code is still on
        // its way and that still shows the server's markup (docs/decisions/0054). An urgent update
        // there would make React throw that markup away (its error 421); a transition waits for it.
        (loaded) => startTransition(() => setStore((current) => ({ ...loaded, ...current }))),
        (error: unknown) => {
          for (const ns of wanted) requested.current.delete(ns);
          console.error(error);
        },
      );
    },
    [version],
  );
  useEffect(() => {
    if (later.length) load(later, true);
  }, [later, load]);
  const value = useMemo(() => ({ store, load }), [store, load]);
  return <TextsContext.Provider value={value}>{children}</TextsContext.Provider>;
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
