import { Suspense, useEffect, useState, type ReactNode } from "react";
import { isHydrating, LateHydration } from "./hydration";

/**
 * Where a part with its code on demand (on-demand.ts) stands: a `Suspense` boundary on the server
 * and while the browser hydrates the page, so that React keeps the server's markup there until
 * the code is there. A part mounted later (a navigation) gets none: the navigation, a transition,
 * then waits for the code and shows the new page whole, in the frame in which Remix restores the
 * scroll position. An empty boundary there would shorten the page for a moment, and "back" on a
 * slow phone would not return to where the visitor was.
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  // Until the part has hydrated, what mounts in it keeps the server's markup (useKeptServerMarkup).
  const [waiting] = useState(() => (typeof document === "undefined" || isHydrating() ? { current: true } : null));
  if (!waiting) return children;
  return (
    <LateHydration.Provider value={waiting}>
      <Suspense fallback={null}>
        {children}
        <Hydrated waiting={waiting} />
      </Suspense>
    </LateHydration.Provider>
  );
}

/** Last in the boundary: its effect runs once the part has hydrated (or been rendered anew). */
function Hydrated({ waiting }: { waiting: { current: boolean } }) {
  useEffect(() => {
    waiting.current = false;
  }, [waiting]);
  return null;
}
