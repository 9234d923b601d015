import type { Page } from "@playwright/test";

/** A React fiber as the developer tools see it: enough of it to walk the rendered tree. */
export type Fiber = {
  key: string | null;
  child?: Fiber;
  sibling?: Fiber;
  return?: Fiber;
  type?: unknown;
  elementType?: unknown;
  stateNode?: unknown;
  memoizedState?: unknown;
};

declare global {
  interface Window {
    reactCommits: ((root: { current: Fiber }) => void)[];
  }
}

/**
 * Gives the page React's developer-tools hook before the app starts, as the developer tools do:
 * React reports every commit to it, and it hands each to the functions in `window.reactCommits`.
 * `watch` runs in the page (as an init script after the hook) and adds its function there.
 */
export async function watchReactCommits(page: Page, watch: () => void) {
  await page.addInitScript(() => {
    window.reactCommits = [];
    Object.assign(window, {
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        isDisabled: false,
        supportsFiber: true,
        renderers: new Map(),
        inject: () => 1,
        checkDCE: () => {},
        onCommitFiberRoot: (_renderer: number, root: { current: Fiber }) => {
          for (const watcher of window.reactCommits) watcher(root);
        },
        onCommitFiberUnmount: () => {},
        onPostCommitFiberRoot: () => {},
        onScheduleFiberRoot: () => {},
      },
    });
  });
  await page.addInitScript(watch);
}
