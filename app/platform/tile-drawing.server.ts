/**
 * Plain 256-pixel base-map tiles drawn by the worker from Natural Earth's 1:50m countries
 * (the `world-atlas` package, public domain): water, land and country borders, nothing else.
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

const COLORS = { water: "#c6dbe6", land: "#f3f1ea", germany: "#fbfaf5", border: "#a99d8c" };

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

/** The SVG of tile z/x/y (z, x and y checked with `isTile`). */
export async function drawTile(z: number, x: number, y: number): Promise<string> {
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
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_SIZE}" height="${TILE_SIZE}" viewBox="0 0 ${TILE_SIZE} ${TILE_SIZE}">` +
    `<rect width="${TILE_SIZE}" height="${TILE_SIZE}" fill="${COLORS.water}"/>` +
    `<path class="land" fill="${COLORS.land}" d="${draw(land)}"/>` +
    `<path class="germany" fill="${COLORS.germany}" d="${draw(germany)}"/>` +
    `<path class="borders" fill="none" stroke="${COLORS.border}" stroke-width="${stroke}" stroke-linejoin="round" d="${draw(borders)}"/>` +
    "</svg>"
  );
}
