/**
 * The store map's rules, shared by the server-drawn static map and the Leaflet island
 * (docs/decisions/0022-store-map.md): Web Mercator pixels, the cluster index, size classes and
 * where the stores of a cluster go when it is spread out ("spiderfied").
 */
import Supercluster from "supercluster";

export const MAP = {
  tileSize: 256,
  defaultMaxZoom: 18,
  clusterRadius: 80,
  iconSize: 40,
  /** A cluster with fewer children is "small", then "medium" below `largeFrom`, then "large". */
  mediumFrom: 10,
  largeFrom: 100,
  spiderLeg: { weight: 1.5, color: "#222", opacity: 0.5 },
  /** From this many stores a spread-out cluster is a spiral instead of a circle. */
  spiralFrom: 9,
  /** Markers are added for at most `chunkInterval` ms at a time, then the page breathes `chunkDelay` ms. */
  chunkInterval: 200,
  chunkDelay: 50,
  /** Re-clustering requests within this window are handled together. */
  clusterQueueTimeout: 300,
  /** Holding a cluster this long on a touch screen spreads it out instead of zooming in. */
  tapHold: 600,
  /** Germany with a margin: the view a visitor sees first. */
  germany: { south: 47.2, west: 5.8, north: 55.1, east: 15.1 },
} as const;

export const MAX_ZOOM_MISSING = "Map has no maxZoom specified";

export type SizeClass = "small" | "medium" | "large";

export function sizeClass(count: number): SizeClass {
  if (count < MAP.mediumFrom) return "small";
  return count < MAP.largeFrom ? "medium" : "large";
}

export interface LatLng {
  lat: number;
  lng: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Web Mercator stops short of the poles. */
const MAX_LATITUDE = 85.0511287798;

/** A position in pixels of the whole world at `zoom` (256 × 2^zoom pixels wide). */
export function project({ lat, lng }: LatLng, zoom: number): Point {
  const size = MAP.tileSize * 2 ** zoom;
  const sin = Math.sin((Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

export function unproject({ x, y }: Point, zoom: number): LatLng {
  const size = MAP.tileSize * 2 ** zoom;
  const n = Math.PI - (2 * Math.PI * y) / size;
  return { lat: (180 / Math.PI) * Math.atan(Math.sinh(n)), lng: (x / size) * 360 - 180 };
}

/** The largest whole zoom at which the bounds fit into width × height pixels. */
export function zoomToFit(
  bounds: { south: number; west: number; north: number; east: number },
  width: number,
  height: number,
  maxZoom = MAP.defaultMaxZoom,
): number {
  for (let zoom = maxZoom; zoom > 0; zoom--) {
    const nw = project({ lat: bounds.north, lng: bounds.west }, zoom);
    const se = project({ lat: bounds.south, lng: bounds.east }, zoom);
    if (se.x - nw.x <= width && se.y - nw.y <= height) return zoom;
  }
  return 0;
}

export interface MapStore extends LatLng {
  id: string;
}

type StoreProps = { id: string };
export type StoreIndex = Supercluster<StoreProps>;

/**
 * The cluster index over the stores. Supercluster measures its radius on tiles of `extent` pixels,
 * so the extent is the tile size and the radius is in screen pixels. It clusters up to the map's
 * maximum zoom, so stores that still overlap there form a cluster that is spread out.
 */
export function storeIndex(stores: MapStore[], maxZoom: number | undefined): StoreIndex {
  if (maxZoom === undefined || !Number.isFinite(maxZoom)) throw new Error(MAX_ZOOM_MISSING);
  return new Supercluster<StoreProps>({
    radius: MAP.clusterRadius,
    extent: MAP.tileSize,
    maxZoom,
    minPoints: 2,
  }).load(
    stores.map((s) => ({
      type: "Feature",
      properties: { id: s.id },
      geometry: { type: "Point", coordinates: [s.lng, s.lat] },
    })),
  );
}

export type MapMarker =
  | { kind: "store"; id: string; lat: number; lng: number }
  | {
      kind: "cluster";
      clusterId: number;
      count: number;
      size: SizeClass;
      lat: number;
      lng: number;
      /** The zoom at which the cluster falls apart, or null when it never does on this map: spread it out. */
      expandsAt: number | null;
    };

/** The markers inside the bounds at a zoom. */
export function markersIn(
  index: StoreIndex,
  bounds: { south: number; west: number; north: number; east: number },
  zoom: number,
  maxZoom: number,
): MapMarker[] {
  const z = Math.max(0, Math.min(Math.round(zoom), maxZoom));
  return index.getClusters([bounds.west, bounds.south, bounds.east, bounds.north], z).map((f) => {
    const [lng, lat] = f.geometry.coordinates;
    if ("cluster" in f.properties && f.properties.cluster) {
      const clusterId = f.properties.cluster_id;
      const expandsAt = index.getClusterExpansionZoom(clusterId);
      return {
        kind: "cluster",
        clusterId,
        count: f.properties.point_count,
        size: sizeClass(f.properties.point_count),
        lat,
        lng,
        expandsAt: expandsAt > maxZoom ? null : expandsAt,
      };
    }
    return { kind: "store", id: (f.properties as StoreProps).id, lat, lng };
  });
}

/** The ids of the stores in a cluster, in a stable order. */
export function clusterStoreIds(index: StoreIndex, clusterId: number): string[] {
  return index
    .getLeaves(clusterId, Number.POSITIVE_INFINITY)
    .map((f) => f.properties.id)
    .sort();
}

/**
 * Where `count` markers go around a cluster's centre, in pixels relative to it: a circle for a few,
 * a spiral from `MAP.spiralFrom` on, so that every 40-pixel icon stays clear of its neighbours.
 */
export function spiderOffsets(count: number): Point[] {
  if (count < MAP.spiralFrom) {
    // The circle's circumference leaves one icon and a little gap per marker.
    const radius = Math.max((count * (MAP.iconSize + 8)) / (2 * Math.PI), MAP.iconSize);
    return Array.from({ length: count }, (_, i) => {
      const angle = (2 * Math.PI * i) / count - Math.PI / 2;
      return { x: radius * Math.cos(angle), y: radius * Math.sin(angle) };
    });
  }
  // An Archimedean spiral: each step moves one icon plus a gap along the curve.
  const step = MAP.iconSize + 8;
  const growth = (MAP.iconSize + 8) / (2 * Math.PI);
  const offsets: Point[] = [];
  let angle = 0;
  let radius = MAP.iconSize;
  for (let i = 0; i < count; i++) {
    angle += step / radius;
    radius = MAP.iconSize + growth * angle;
    offsets.push({ x: radius * Math.cos(angle), y: radius * Math.sin(angle) });
  }
  return offsets;
}

export function spiderShape(count: number): "circle" | "spiral" {
  return count < MAP.spiralFrom ? "circle" : "spiral";
}
