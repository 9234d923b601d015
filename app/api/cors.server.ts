/**
 * Cross-origin use of the API (docs/decisions/0034): closed unless `API_CORS_ORIGINS` names the
 * origin (space-separated, e.g. "https://app.frischkorb.de"). Tokens travel in a header, never in
 * a cookie, so an allowed origin gains nothing a browser would send on its own.
 */
import type { Env } from "~/platform/context";

const ALLOWED_HEADERS = "Authorization, Content-Type, Idempotency-Key";
const ALLOWED_METHODS = "GET, POST, PUT, DELETE";

function allowedOrigin(request: Request, env: Env): string | null {
  const origin = request.headers.get("Origin");
  if (!origin) return null;
  const allowed = (env.API_CORS_ORIGINS ?? "").split(/\s+/).filter(Boolean);
  return allowed.includes(origin) ? origin : null;
}

export function corsHeaders(request: Request, env: Env): Headers {
  const headers = new Headers({ Vary: "Origin" });
  const origin = allowedOrigin(request, env);
  if (origin) headers.set("Access-Control-Allow-Origin", origin);
  return headers;
}

/** A browser's preflight: allowed for a configured origin, answered without CORS headers otherwise. */
export function preflight(request: Request, env: Env): Response {
  const headers = corsHeaders(request, env);
  if (headers.has("Access-Control-Allow-Origin")) {
    headers.set("Access-Control-Allow-Methods", ALLOWED_METHODS);
    headers.set("Access-Control-Allow-Headers", ALLOWED_HEADERS);
    headers.set("Access-Control-Max-Age", "600");
  }
  return new Response(null, { status: 204, headers });
}
