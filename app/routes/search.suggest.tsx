import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { OverlaySuggestions } from "~/domain/catalog/search";
import { searchSuggestions } from "~/domain/catalog/search.server";
import { productImageUrl } from "~/platform/images";
import { publicPageHeaders } from "~/platform/edge-cache.server";

/** Suggestions for the search overlay: matching categories and the best products. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams.get("q") ?? "";
  const result = await searchSuggestions(context.env.DB, query);
  const resizing = context.env.IMAGE_RESIZING === "on";
  const overlay: OverlaySuggestions = {
    ...result,
    products: result.products.map((p) => ({ ...p, image: productImageUrl(p, 270, resizing) })),
  };
  return Response.json(overlay, { headers: publicPageHeaders(context.env) });
}
