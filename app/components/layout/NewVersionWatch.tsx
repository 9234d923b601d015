import { type BlockerFunction, useBlocker } from "@remix-run/react";
import { useEffect } from "react";
// Loaded on its own after hydration and without texts: named so that the browser build keeps React
// and Remix in one chunk with the texts and the frame's shared modules (layout/shell-shared.ts, decision 0054).
import "~/i18n/texts";

/**
 * The new-version watcher (docs/decisions/0025) is needed minutes after the first paint, not for
 * it: it is fetched once the page has hydrated, while the tab's build is still the server's, and
 * stays off the first load (docs/decisions/0002). A failed fetch leaves the page as it is. This
 * component is loaded after hydration too (root.tsx, docs/decisions/0054).
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
