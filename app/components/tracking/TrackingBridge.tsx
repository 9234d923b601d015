import { useLocation, useMatches } from "@remix-run/react";
import { useEffect } from "react";
import type { TrackingEvent } from "~/domain/tracking/events";
// Loaded on its own after hydration and without texts: named so that the browser build keeps React
// and Remix in one chunk with the texts and the frame's shared modules (layout/shell-shared.ts, decision 0054).
import "~/i18n/texts";

/**
 * Hands every page view and the events of the page's data to the tracker (docs/decisions/0027).
 * Rendered only where the visitor allowed statistics; the tracker itself loads on first use, so
 * no page carries it before consent.
 */
export function TrackingBridge({ group }: { group: string | null }) {
  const { key, pathname, search } = useLocation();
  const matches = useMatches();
  useEffect(() => {
    const events = matches.flatMap((m) => (m.data as { tracking?: TrackingEvent[] } | null)?.tracking ?? []);
    import("./tracker")
      .then((tracker) => tracker.track({ key, pathname, search, group, events }))
      .catch((error) => console.warn("tracking unavailable", error));
  }, [key, pathname, search, group, matches]);
  return null;
}
