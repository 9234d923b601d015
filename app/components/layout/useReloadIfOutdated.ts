import { isRouteErrorResponse } from "@remix-run/react";
import { useEffect } from "react";

/**
 * An error page in an outdated tab (a stale island's chunk is gone, new data met old code) gives
 * way to the page of the new build (docs/decisions/0025). Refusals and 404s are the server's answer
 * and stay. Apart from the watcher (NewVersionWatch.tsx), which the frame loads after hydration.
 */
export function useReloadIfOutdated(error: unknown) {
  useEffect(() => {
    if (isRouteErrorResponse(error)) return;
    import("./newVersionReload").then(
      (module) => module.reloadIfOutdated(),
      () => {},
    );
  }, [error]);
}
