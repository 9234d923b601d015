import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { searchSuggestions } from "~/domain/catalog/search.server";
import { publicPageHeaders } from "~/platform/edge-cache.server";

/** Suggestions for the search overlay: matching categories and the best products. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams.get("q") ?? "";
  const result = await searchSuggestions(context.env.DB, query);
  return Response.json(result, { headers: publicPageHeaders(context.env) });
}
