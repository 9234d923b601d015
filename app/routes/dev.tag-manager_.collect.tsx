import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { notFound, requireStandIns } from "~/platform/route-data.server";
import { recordHit } from "~/platform/tag-manager-stand-in.server";

/**
 * Development and test only: where the stand-in container sends each data-layer entry. It plays
 * a third party's endpoint, so it takes no CSRF token; the worker still refuses cross-site posts.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireStandIns(context.env);
  const form = await request.formData();
  const [container, page, payload] = ["container", "page", "payload"].map((name) => form.get(name));
  if (typeof container !== "string" || typeof page !== "string" || typeof payload !== "string")
    return new Response("Bad Request", { status: 400 });
  const recorded = await recordHit(context.env.DB, container, page, payload);
  return new Response(null, { status: recorded ? 204 : 400 });
}

export function loader({ context }: LoaderFunctionArgs) {
  requireStandIns(context.env);
  throw notFound();
}
