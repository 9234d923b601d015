import { Suspense, useState, type ReactNode } from "react";
import { isHydrating } from "./hydration";

/**
 * Where a part with its code on demand (on-demand.ts) stands: a `Suspense` boundary on the server
 * and while the browser hydrates the page, so that React keeps the server's markup there until
 * the code is there. A part mounted later (a navigation) gets none: the navigation, a transition,
 * then waits for the code and shows the new page whole, in the frame in which Remix restores the
 * scroll position. An empty boundary there would shorten the page for a moment, and "back" on a
 * slow phone would not return to where the visitor was.
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  const [withBoundary] = useState(() => typeof document === "undefined" || isHydrating());
  return withBoundary ? <Suspense fallback={null}>{children}</Suspense> : children;
}
