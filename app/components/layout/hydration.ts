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

/** A layout effect in the browser; on the server (where it would warn) a plain effect that never runs. */
export const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * Whether this component keeps the server's markup of one of its parts: in the browser, for a
 * component mounted while the document hydrates, as long as that markup is there. If React had
 * to render the document anew (a hydration error, an extension that changed the page), the part is
 * empty and the component renders it itself.
 */

export function useKeptServerMarkup<T extends HTMLElement>(): [boolean, React.RefObject<T>] {
  const [kept, setKept] = useState(() => hydrating);
  const ref = useRef<T>(null);
  // Checked once, on mount.
  useBrowserLayoutEffect(() => {
    if (kept && ref.current && !ref.current.hasChildNodes()) setKept(false);
  }, []);
  return [kept, ref];
}
