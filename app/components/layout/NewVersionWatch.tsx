import { type BlockerFunction, isRouteErrorResponse, useBlocker } from "@remix-run/react";
import { useEffect } from "react";

/**
 * The new-version watcher (docs/decisions/0025) is needed minutes after the first paint, not for
 * it: it is fetched once the page has hydrated, while the tab's build is still the server's, and
 * stays off the first load (docs/decisions/0002). A failed fetch leaves the page as it is.
 */
const watcher = () => import("./newVersionReload");

/** Until the watcher is there, the router's blocker lets every navigation pass. */
let decide: BlockerFunction = () => false;
const blocker: BlockerFunction = (navigation) => decide(navigation);

export function NewVersionWatch() {
  useBlocker(blocker);
  useEffect(() => {
    let mounted = true;
    let stop = () => {};
    watcher().then(
      (module) => {
        if (!mounted) return;
        decide = module.loadInFull;
        stop = module.watch();
      },
      () => {},
    );
    return () => {
      mounted = false;
      stop();
    };
  }, []);
  return null;
}

/**
 * An error page in an outdated tab (a stale island's chunk is gone, new data met old code) gives
 * way to the page of the new build. Refusals and 404s are the server's answer and stay.
 */
export function useReloadIfOutdated(error: unknown) {
  useEffect(() => {
    if (isRouteErrorResponse(error)) return;
    watcher().then(
      (module) => module.reloadIfOutdated(),
      () => {},
    );
  }, [error]);
}
