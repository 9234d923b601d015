/**
 * Plain 256-pixel base-map tiles drawn by the worker from Natural Earth's 1:50m countries
 * (the `world-atlas` package, public domain): water, land and country borders, and on top what
 * the caller knows of the places (built-up areas and names; the shop takes them from its stores).
 * It is the development stand-in for a tile server (docs/decisions/0022-store-map.md).
 *
 * The world is split once per isolate into polygons and border lines with their bounding boxes,
 * so a tile only projects the shapes that reach into it.
 */
import { geoBounds, geoMercator, geoPath, type GeoPermissibleObjects } from "d3-geo";
import type { Feature, Geometry, LineString, MultiLineString, MultiPolygon, Polygon, Position } from "geojson";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

export const TILE_SIZE = 256;
export const TILE_MAX_ZOOM = 18;

/** Natural Earth's numeric code for Germany (ISO 3166-1 276). */
const GERMANY = "276";

const COLORS = {
  water: "#c6dbe6",
  land: "#f3f1ea",
  germany: "#fbfaf5",
  border: "#a99d8c",
  builtUp: "#e9e2d4",
  town: "#2b2a26",
  district: "#5c5649",
  halo: "#fbfaf5",
};

/** What a tile draws over the land, in pixels of the whole world at the tile's zoom. */
export interface TileOverlay {
  /** Built-up areas, each a circle. */
  areas: { x: number; y: number; r: number }[];
  /** Names, each anchored at its middle, with the box it covers (to find the tiles it reaches). */
  labels: {
    text: string;
    kind: "town" | "district";
    x: number;
    y: number;
    size: number;
    box: { left: number; top: number; right: number; bottom: number };
  }[];
}

const NO_OVERLAY: TileOverlay = { areas: [], labels: [] };

type Box = [west: number, south: number, east: number, north: number];
interface Shape {
  geometry: Polygon | LineString;
  box: Box;
}
interface World {
  land: Shape[];
  germany: Shape[];
  borders: Shape[];
}

let world: Promise<World> | undefined;

function boxOf(geometry: Polygon | LineString): Box {
  const [[west, south], [east, north]] = geoBounds(geometry);
  // A shape across the antimeridian has west > east: treat it as reaching everywhere.
  return west > east ? [-180, south, 180, north] : [west, south, east, north];
}

function polygons(geometry: Geometry | null): Polygon[] {
  if (!geometry) return [];
  if (geometry.type === "Polygon") return [geometry];
  if (geometry.type === "MultiPolygon")
    return (geometry as MultiPolygon).coordinates.map((coordinates) => ({ type: "Polygon", coordinates }));
  return [];
}

function lines(geometry: MultiLineString): LineString[] {
  return geometry.coordinates.map((coordinates: Position[]) => ({ type: "LineString", coordinates }));
}

const shapes = (geometries: (Polygon | LineString)[]): Shape[] =>
  geometries.map((geometry) => ({ geometry, box: boxOf(geometry) }));

/** Loaded on the first tile only: the data stays out of every other request's way. */
function loadWorld(): Promise<World> {
  world ??= import("world-atlas/countries-50m.json").then((module) => {
    const topology = (module.default ?? module) as unknown as Topology<{
      countries: GeometryCollection;
      land: GeometryCollection;
    }>;
    const countries = feature(topology, topology.objects.countries).features as Feature[];
    const land = feature(topology, topology.objects.land).features as Feature[];
    return {
      land: shapes(land.flatMap((f) => polygons(f.geometry))),
      germany: shapes(countries.filter((f) => String(f.id) === GERMANY).flatMap((f) => polygons(f.geometry))),
      borders: shapes(lines(mesh(topology, topology.objects.countries, (a, b) => a !== b))),
    };
  });
  return world;
}

/** Whether z/x/y names a tile of the world at a zoom the map uses. */
export function isTile(z: number, x: number, y: number): boolean {
  const count = 2 ** z;
  return (
    [z, x, y].every(Number.isInteger) && z >= 0 && z <= TILE_MAX_ZOOM && x >= 0 && x < count && y >= 0 && y < count
  );
}

/** The tile's extent in degrees, with a small margin so that shapes on its edge are drawn. */
function tileBox(z: number, x: number, y: number): Box {
  const n = 2 ** z;
  const lng = (i: number) => (i / n) * 360 - 180;
  const lat = (j: number) => (180 / Math.PI) * Math.atan(Math.sinh(Math.PI * (1 - (2 * j) / n)));
  const margin = 360 / n / 32;
  return [lng(x) - margin, lat(y + 1) - margin, lng(x + 1) + margin, lat(y) + margin];
}

const overlaps = (a: Box, b: Box) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const px = (n: number) => n.toFixed(1);

/**
 * The overlay's part on tile x/y. A label on a tile's edge is drawn by every tile it reaches, at
 * the same world position, so that the halves meet.
 */
function drawOverlay({ areas, labels }: TileOverlay, x: number, y: number) {
  const left = x * TILE_SIZE;
  const top = y * TILE_SIZE;
  const onTile = (l: number, t: number, r: number, b: number) =>
    l <= left + TILE_SIZE && r >= left && t <= top + TILE_SIZE && b >= top;
  const circles = areas
    .filter((a) => onTile(a.x - a.r, a.y - a.r, a.x + a.r, a.y + a.r))
    .map((a) => {
      const [cx, cy, r] = [a.x - left, a.y - top, a.r];
      return `M${px(cx - r)} ${px(cy)}a${px(r)} ${px(r)} 0 1 0 ${px(2 * r)} 0a${px(r)} ${px(r)} 0 1 0 ${px(-2 * r)} 0`;
    })
    .join("");
  const texts = labels
    .filter(({ box }) => onTile(box.left, box.top, box.right, box.bottom))
    .map(
      (l) =>
        `<text class="${l.kind}" x="${px(l.x - left)}" y="${px(l.y - top)}" font-size="${l.size}"${l.kind === "district" ? ' font-style="italic"' : ' font-weight="600"'} fill="${l.kind === "town" ? COLORS.town : COLORS.district}">${escapeXml(l.text)}</text>`,
    )
    .join("");
  return {
    areas: circles ? `<path class="built-up" fill="${COLORS.builtUp}" d="${circles}"/>` : "",
    labels: texts
      ? `<g class="labels" font-family="system-ui, sans-serif" text-anchor="middle" stroke="${COLORS.halo}" stroke-width="3" stroke-linejoin="round" paint-order="stroke">${texts}</g>`
      : "",
  };
}

/** The SVG of tile z/x/y (z, x and y checked with `isTile`), with what `overlay` adds to it. */
export async function drawTile(z: number, x: number, y: number, overlay: TileOverlay = NO_OVERLAY): Promise<string> {
  const { land, germany, borders } = await loadWorld();
  const world = TILE_SIZE * 2 ** z;
  const projection = geoMercator()
    .scale(world / (2 * Math.PI))
    .translate([world / 2 - x * TILE_SIZE, world / 2 - y * TILE_SIZE])
    .clipExtent([
      [-2, -2],
      [TILE_SIZE + 2, TILE_SIZE + 2],
    ]);
  const path = geoPath(projection).digits(1);
  const box = tileBox(z, x, y);
  const draw = (list: Shape[]) =>
    list
      .filter((s) => overlaps(s.box, box))
      .map((s) => path(s.geometry as GeoPermissibleObjects) ?? "")
      .join("");
  const stroke = Math.min(1.5, 0.5 + z / 8).toFixed(2);
  const places = drawOverlay(overlay, x, y);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_SIZE}" height="${TILE_SIZE}" viewBox="0 0 ${TILE_SIZE} ${TILE_SIZE}">` +
    `<rect width="${TILE_SIZE}" height="${TILE_SIZE}" fill="${COLORS.water}"/>` +
    `<path class="land" fill="${COLORS.land}" d="${draw(land)}"/>` +
    `<path class="germany" fill="${COLORS.germany}" d="${draw(germany)}"/>` +
    places.areas +
    `<path class="borders" fill="none" stroke="${COLORS.border}" stroke-width="${stroke}" stroke-linejoin="round" d="${draw(borders)}"/>` +
    places.labels +
    "</svg>"
  );
}
