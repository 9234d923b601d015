import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { tileOverlay } from "~/domain/store/map-places.server";
import { drawTile, isTile } from "~/platform/tile-drawing.server";
import { notFound } from "~/platform/route-data.server";

const TILE = /^(\d{1,6})\.svg$/;

/**
 * The base-map tiles the worker draws itself (docs/decisions/0022-store-map.md): a development
 * stand-in, absent where stand-ins are not allowed (a deployment names a tile server instead).
 * The stores' towns and districts stand in for the streets it has no data for. Each tile is drawn
 * once and then served from the edge cache (a cache of its own name since the tiles have places).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!context.env.standIns) throw notFound();
  const y = TILE.exec(params.file ?? "")?.[1];
  const [z, x] = [params.z, params.x].map((p) => (/^\d{1,6}$/.test(p ?? "") ? Number(p) : Number.NaN));
  if (y === undefined || !isTile(z, x, Number(y))) throw notFound();
  const cache = await caches.open("map-tiles-with-places");
  const url = new URL(request.url);
  const key = new Request(`${url.origin}${url.pathname}`, { method: "GET" });
  const hit = await cache.match(key);
  if (hit) return hit;
  const overlay = await tileOverlay(context.env.DB, z);
  const response = new Response(await drawTile(z, x, Number(y), overlay), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400, s-maxage=2592000",
      "Content-Security-Policy": "default-src 'none'",
    },
  });
  context.ctx.waitUntil(cache.put(key, response.clone()));
  return response;
}
