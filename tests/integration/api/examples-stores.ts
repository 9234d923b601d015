/**
 * The store list's examples (GET /rest/V1/stores, docs/decisions/0050-locations-graphql.md): all
 * stores, filtered by service, nearest a postcode first, and its refusals.
 */
import type { Example } from "./examples";

export const STORE_EXAMPLES: Record<string, readonly Example[]> = {
  "GET /rest/V1/stores": [
    { name: "every store", token: false, status: 200 },
    {
      name: "the click & collect stores with card entry",
      query: { clickAndCollect: "1", cardEntry: "true" },
      token: false,
      status: 200,
    },
    { name: "the three nearest a postcode", query: { postcode: "04109", limit: "3" }, token: false, status: 200 },
    { name: "a postcode the shop cannot place", query: { postcode: "00123" }, token: false, status: 400 },
    { name: "no postcode", query: { postcode: "Leipzig" }, token: false, status: 400 },
    { name: "a limit without a postcode", query: { limit: "3" }, token: false, status: 400 },
  ],
};
