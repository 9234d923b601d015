/**
 * What a page needs of consent and tracking (docs/decisions/0027): whether the banner asks, and on
 * a page whose visitor allowed statistics on the production host, the tag manager's script and
 * its inline start with the page view of this page.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { pageViewEvent, searchEvent, type TrackingEvent } from "~/domain/tracking/events";
import { pageContext } from "~/domain/tracking/page-context";
import { tagManagerBootstrap } from "~/domain/tracking/bootstrap";
import { readConsent } from "~/platform/consent";
import { tagManagerFor } from "~/platform/tag-manager.server";

export interface PageTracking {
  /** No choice of the current version yet: the banner asks. */
  askConsent: boolean;
  tagManager: { scriptUrl: string; bootstrap: string; group: string | null } | null;
}

export async function pageTracking(request: Request, context: AppLoadContext): Promise<PageTracking> {
  const url = new URL(request.url);
  const consent = readConsent(request.headers.get("Cookie"));
  const tags = tagManagerFor(context.env, url, consent);
  if (!consent || !tags) return { askConsent: consent === null, tagManager: null };
  const session = await context.session();
  const group = session.kind === "customer" ? session.customer.group : null;
  const path = url.pathname + url.search;
  return {
    askConsent: false,
    tagManager: {
      scriptUrl: tags.scriptUrl,
      group,
      bootstrap: tagManagerBootstrap(consent, pageViewEvent(pageContext(url.pathname, url.search), path, group)),
    },
  };
}

/**
 * A search page's events: the term with its result count, none when the term was too short. Built
 * here for the route's loader: imported by the route itself, the events' module would be reached by
 * the browser's build of the search page and loaded as a file of its own (docs/decisions/0054).
 */
export function searchTracking(query: string, total: number | null): TrackingEvent[] {
  return total === null ? [] : [searchEvent(query, total)];
}
