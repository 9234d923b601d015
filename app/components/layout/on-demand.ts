import { lazy, type FunctionComponent } from "react";

/**
 * Code a page's first load goes without (docs/decisions/0054): a part that few pages show (the
 * shares' notices, the error page) or that needs no JavaScript (a product's food information).
 * The server renders the component as before, from a `.server` module that names it (empty in the
 * browser's build, so the browser's build does not reach the component); the browser gets a
 * `React.lazy` of `load`. Hydrating such a part in a `Suspense` boundary, React keeps the server's
 * markup (whose links and forms work without JavaScript) until the code is there, and hydrates it
 * then. `load` on the result fetches the code ahead (once the browser is idle, say); one fetch.
 */
export function onDemand<P extends object>(
  onServerSide: FunctionComponent<P> | undefined,
  load: () => Promise<FunctionComponent<P>>,
) {
  let loading: Promise<{ default: FunctionComponent<P> }> | undefined;
  const fetchCode = () => (loading ??= load().then((component) => ({ default: component })));
  return Object.assign(onServerSide ?? lazy(fetchCode), { load: fetchCode });
}

/** A part from `onDemand`. */
export type OnDemand<P extends object> = ReturnType<typeof onDemand<P>>;
