import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { LatestBuild } from "~/platform/new-version";

/**
 * The build the server runs, for the browser's new-version check (docs/decisions/0025). The same
 * answer for everyone, never stored anywhere: a cached one would hide a deployment.
 */
export function loader({ context }: LoaderFunctionArgs) {
  const body: LatestBuild = { version: context.buildVersion };
  return Response.json(body, { headers: { "Cache-Control": "no-store" } });
}

/** Nothing to send here. */
export function action() {
  return new Response(null, { status: 405, headers: { Allow: "GET, HEAD" } });
}
