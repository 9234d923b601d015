import { lazy, type FunctionComponent } from "react";

/**
 * Code a page's first load goes without (docs/decisions/0054): a part that few pages show (the
 * shares' notices, the error page) or that needs no JavaScript (a product's food information).
 * The server renders the component as before, from a `.server` module that names it (empty in the
 * browser's build, so the browser's build does not reach the component); the browser gets a
 * `React.lazy` of `load`, to render in a `Suspense` boundary. Hydrating such a boundary, React
 * keeps the server's markup (whose links and forms work without JavaScript) until the code is
 * there, and hydrates it then.
 */
export function onDemand<P extends object>(
  onServerSide: FunctionComponent<P> | undefined,
  load: () => Promise<FunctionComponent<P>>,
) {
  return onServerSide ?? lazy(() => load().then((component) => ({ default: component })));
}
