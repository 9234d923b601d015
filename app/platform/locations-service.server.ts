/**
 * The external locations service (docs/decisions/0050-locations-graphql.md, spec section 7: "a
 * locations GraphQL service exists by configuration"): `LOCATIONS_API_URL` names its GraphQL
 * endpoint, the secret `LOCATIONS_API_TOKEN` is sent as a bearer token. Unset, the shop answers
 * from its own D1. A deployment with the address but without the token refuses to serve
 * (docs/decisions/0009-safe-by-default.md).
 */
import type { Env } from "./context";
import type { GraphqlEndpoint } from "./graphql-client.server";

/** The configured service, or null: the shop's own stores. */
export function locationsEndpoint(env: Env): GraphqlEndpoint | null {
  const url = env.LOCATIONS_API_URL?.trim();
  if (!url) return null;
  return { url, token: env.LOCATIONS_API_TOKEN?.trim() || null };
}

/** Why the configured service cannot be used in a deployment; empty when it can (or none is configured). */
export function locationsProblems(env: Env): string[] {
  const url = env.LOCATIONS_API_URL?.trim();
  if (!url) return [];
  const problems: string[] = [];
  if (!url.startsWith("https://") || !URL.canParse(url)) problems.push("LOCATIONS_API_URL is not an https:// URL");
  if (!env.LOCATIONS_API_TOKEN?.trim()) problems.push("LOCATIONS_API_TOKEN is not set (LOCATIONS_API_URL is)");
  return problems;
}
