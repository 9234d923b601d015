import { startTransition, useEffect, useState, type ReactNode } from "react";
import { isHydrating } from "./hydration";
import { ServerContent } from "./KeptMarkup";

/**
 * Where a part with its code on demand (on-demand.ts) stands, `code` being that part's: the server
 * renders the part; the browser keeps that markup as it is while it hydrates the page (in the way
 * of KeptMarkup.tsx), and renders the part itself, in a transition, once the code is there.
 *
 * Not a `Suspense` boundary that waits for the code: React 18 marks a boundary still waiting to
 * hydrate as changed whenever a context above it changes, and the router's do at every change of
 * its state (the routes it discovers after hydration, a fetcher). Such a change in a transition
 * should wait for the boundary, but interleaved with a click it sometimes did not: React threw the
 * server's markup away and reported its error 421 (docs/decisions/0057).
 *
 * A part mounted later (a navigation) is rendered at once: the navigation, a transition, waits for
 * the code and shows the new page whole, in the frame in which Remix restores the scroll position.
 * `className` is the wrapper's, whose box should not count (`display: contents`).
 */
export function HydrationBoundary({
  code,
  className,
  children,
}: {
  code: { load: () => Promise<unknown> };
  className: string;
  children: ReactNode;
}) {
  const [kept, setKept] = useState(isHydrating);
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, on mount; `code` is a module-level part
  useEffect(() => {
    if (!kept) return;
    let mounted = true;
    code.load().then(
      () => mounted && startTransition(() => setKept(false)),
      (error: unknown) => console.warn(error),
    );
    return () => {
      mounted = false;
    };
  }, []);
  if (kept) return <ServerContent key="kept" className={className} />;
  return (
    <div key="own" className={className}>
      {children}
    </div>
  );
}
