import { useEffect, useLayoutEffect, useRef, useState } from "react";

/**
 * Whether the browser is still hydrating the server's document: true from the start of the app
 * until the first commit (`useHydrationDone` in root.tsx's layout), false for everything mounted after.
 */
let hydrating = typeof document !== "undefined";

export function useHydrationDone() {
  useEffect(() => {
    hydrating = false;
  }, []);
}

/** Whether the browser is still hydrating (above): a component asks once, when it mounts. */
export const isHydrating = () => hydrating;

/**
 * Runs `task` once the browser is idle (after hydration, when called from an effect): for code a
 * page may need later but not for its first load (docs/decisions/0054). Browsers without
 * `requestIdleCallback` run it after a second.
 */
export function whenIdle(task: (deadline?: unknown) => void) {
  if ("requestIdleCallback" in window) window.requestIdleCallback(task);
  else setTimeout(task, 1_000);
}

/** A layout effect in the browser; on the server (where it would warn) a plain effect that never runs. */
export const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * Whether this component keeps the server's markup of one of its parts: in the browser, for a
 * component mounted while the document hydrates, as long as that markup is there. If React had
 * to render the document anew (a hydration error, an extension that changed the page), the part is
 * empty and the component renders it itself.
 *
 * Asked once, when the component mounts, in its state: not through `useSyncExternalStore`, whose
 * browser snapshot React compares after the mount and, where it differs from the server's, renders
 * every such part again at once, in one long task; and whose snapshot React requires to stay the
 * same throughout a render, which a flag that hydration ends cannot promise (docs/decisions/0057).
 */
export function useKeptServerMarkup<T extends HTMLElement>(): [boolean, React.RefObject<T>] {
  const [kept, setKept] = useState(() => typeof document === "undefined" || isHydrating());
  const ref = useRef<T>(null);
  // Checked once, on mount.
  useBrowserLayoutEffect(() => {
    if (kept && ref.current && !ref.current.hasChildNodes()) setKept(false);
  }, []);
  return [kept, ref];
}

/**
 * Calls `restore` once, right after hydration, in a component hydrated from the server's document.
 * On a slow phone the page stands long before its scripts, and the customer types, ticks and
 * chooses in it; React keeps what the elements hold, but a field whose value or tick is React
 * state starts from the server's and would be set back to it at the next render (issue 31).
 * `restore` reads the elements into that state: in a layout effect, before anything renders again,
 * and not during hydration itself, where a different state would render a different page.
 */
export function useRestoreAfterHydration(restore: () => void) {
  const [fromServer] = useState(isHydrating);
  useBrowserLayoutEffect(() => {
    if (fromServer) restore();
  }, []);
}
