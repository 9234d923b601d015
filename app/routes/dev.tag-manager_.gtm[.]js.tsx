import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireStandIns } from "~/platform/route-data.server";
import { standInScript } from "~/platform/tag-manager-stand-in.server";

/** Development and test only: the tag manager's container script, as a recording stand-in. */
export function loader({ context }: LoaderFunctionArgs) {
  requireStandIns(context.env);
  return new Response(standInScript(), {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" },
  });
}
