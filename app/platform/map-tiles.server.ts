/**
 * Where the map's base tiles come from (docs/decisions/0009, 0022): a deployment names a tile
 * server with `MAP_TILE_URL` (an https URL template with {z}, {x} and {y}) and the attribution its
 * licence asks for with `MAP_TILE_ATTRIBUTION`. Without them, and only where development stand-ins
 * are allowed, the worker draws plain tiles itself (tile-drawing.server.ts).
 */
import type { Env } from "./context";

export const DRAWN_TILE_TEMPLATE = "/map/tiles/{z}/{x}/{y}.svg";

export interface TileSource {
  template: string;
  /** The configured attribution; null for the drawn tiles, whose attribution is one of the shop's texts. */
  attribution: string | null;
}

export function tileSource(env: Env): TileSource {
  if (env.MAP_TILE_URL && env.MAP_TILE_ATTRIBUTION)
    return { template: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION };
  if (env.standIns) return { template: DRAWN_TILE_TEMPLATE, attribution: null };
  throw new Error("No tile server is configured (MAP_TILE_URL, MAP_TILE_ATTRIBUTION)");
}

/** The tile server's origin, which the page's CSP must allow for images; null for the shop's own tiles. */
export function tileOrigin(env: Env): string | null {
  const template = env.MAP_TILE_URL;
  if (!template || !URL.canParse(template.replace(/\{[a-z]\}/g, "0"))) return null;
  return new URL(template.replace(/\{[a-z]\}/g, "0")).origin;
}

/** Why the map cannot show in a deployment; empty when it can. */
export function tileProblems(env: Env): string[] {
  const problems: string[] = [];
  const template = env.MAP_TILE_URL ?? "";
  if (!template.startsWith("https://") || !["{z}", "{x}", "{y}"].every((p) => template.includes(p)))
    problems.push("MAP_TILE_URL is not an https:// URL template with {z}, {x} and {y}");
  if (!env.MAP_TILE_ATTRIBUTION) problems.push("MAP_TILE_ATTRIBUTION is not set");
  return problems;
}

/** A tile's URL from the template; `{s}` (a server letter some tile servers use) becomes "a". */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  return template
    .replaceAll("{z}", String(z))
    .replaceAll("{x}", String(x))
    .replaceAll("{y}", String(y))
    .replaceAll("{s}", "a");
}
