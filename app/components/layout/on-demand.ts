import { lazy, type FunctionComponent } from "react";

/**
 * Code a page's first load goes without (docs/decisions/0054): a part that few pages show (the
 * shares' notices, the error page) or that needs no JavaScript (a product's food information).
 * The server renders the component as before, from a `.server` module that names it (empty in the
 * browser's build, so the browser's build does not reach the component); the browser gets a
 * `React.lazy` of `load`. Hydrating such a part in a `Suspense` boundary, React keeps the server's
 * markup (whose links and forms work without JavaScript) until the code is there, and hydrates it
 * then. `load` on the result fetches the code ahead (once the browser is idle, say); one fetch.
 * Without `onServerSide`, a part only the browser renders (the search suggestions).
 */
export function onDemand<P extends object>(
  onServerSide: FunctionComponent<P> | undefined,
  load: () => Promise<FunctionComponent<P>>,
) {
  let loading: Promise<{ default: FunctionComponent<P> }> | undefined;
  const fetchCode = () => {
    loading ??= load().then((component) => ({ default: component }));
    // a fetch ahead (`void part.load()`) leaves a failure to the part's render (`missing`)
    loading.catch(() => {});
    return loading;
  };
  return Object.assign(onServerSide ?? lazy(() => fetchCode().catch(missing)), { load: fetchCode });
}

/**
 * A part whose file did not come (a connection lost on the way) is left out, not the page: React
 * would otherwise show the error page in its place. `load` still fails, so a part that keeps the
 * server's markup until its code is there (HydrationBoundary.tsx) keeps it.
 */
function missing(error: unknown) {
  console.warn(error);
  return { default: () => null };
}

/** A part from `onDemand`. */
export type OnDemand<P extends object> = ReturnType<typeof onDemand<P>>;
