/**
 * A page of stores while the external locations service fails (docs/decisions/0050): 503 with
 * Retry-After, the shop's error page for it, and the service's message in the log; nothing kept
 * by a cache.
 */
import { LocationsUnavailable } from "~/domain/store/locations.server";
import { RETRY_AFTER_SECONDS } from "~/platform/database-outage.server";

export function unavailableLocations(error: unknown): never {
  if (!(error instanceof LocationsUnavailable)) throw error;
  console.error(error.message);
  throw new Response("Service Unavailable", {
    status: 503,
    headers: { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
  });
}
