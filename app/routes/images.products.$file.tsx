import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { packshotSvg } from "~/domain/catalog/packshot";
import { loadPackshot } from "~/domain/catalog/product-detail.server";
import { notFound } from "~/platform/route-data.server";

/** Product images the shop draws itself (an SVG packshot per product), cached like static files. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const match = /^([A-Za-z0-9-]{1,40})\.svg$/.exec(params.file ?? "");
  if (!match) throw notFound();
  const product = await loadPackshot(context.env.DB, match[1]);
  if (!product) throw notFound();
  return new Response(
    packshotSvg({
      name: product.name,
      brand: product.brand,
      shape: product.packshot,
      color: product.tile_color,
      organic: product.is_organic === 1,
    }),
    {
      headers: {
        "Content-Type": "image/svg+xml; charset=utf-8",
        "Cache-Control": "public, max-age=86400, s-maxage=604800, stale-while-revalidate=604800",
        "Content-Security-Policy": "default-src 'none'",
      },
    },
  );
}
