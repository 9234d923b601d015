/**
 * The map without JavaScript (docs/decisions/0022-store-map.md): the same clusters as the Leaflet
 * map, placed on a fixed-size picture of tiles at one zoom. A cluster leads to the zoom at which it
 * falls apart; a cluster that never does is spread out around its centre, as on the live map.
 */
import {
  MAP,
  clusterStoreIds,
  markersIn,
  project,
  sizeClass,
  spiderOffsets,
  unproject,
  zoomToFit,
  type LatLng,
  type SizeClass,
  type StoreIndex,
} from "./map";

export interface MapView extends LatLng {
  zoom: number;
}

export interface StaticMapModel {
  width: number;
  height: number;
  view: MapView;
  /** Tiles with their top-left corner in the picture's pixels. */
  tiles: { z: number; x: number; y: number; left: number; top: number }[];
  clusters: { key: string; count: number; size: SizeClass; x: number; y: number; zoomTo: MapView }[];
  stores: { id: string; x: number; y: number }[];
  /** Spread-out clusters: the legs from the centre to each store. */
  legs: { x1: number; y1: number; x2: number; y2: number }[];
  canZoomIn: boolean;
  canZoomOut: boolean;
}

export const STATIC_MIN_ZOOM = 3;

export function staticMap(
  index: StoreIndex,
  view: MapView,
  size: { width: number; height: number },
  maxZoom: number = MAP.defaultMaxZoom,
): StaticMapModel {
  const zoom = Math.max(STATIC_MIN_ZOOM, Math.min(maxZoom, Math.round(view.zoom)));
  const centre = project(view, zoom);
  const origin = { x: centre.x - size.width / 2, y: centre.y - size.height / 2 };
  const at = (p: LatLng) => {
    const q = project(p, zoom);
    return { x: round(q.x - origin.x), y: round(q.y - origin.y) };
  };
  // A margin of one icon, so that a marker on the edge is still drawn in part.
  const pad = MAP.iconSize;
  const nw = unproject({ x: origin.x - pad, y: origin.y - pad }, zoom);
  const se = unproject({ x: origin.x + size.width + pad, y: origin.y + size.height + pad }, zoom);
  const markers = markersIn(index, { south: se.lat, west: nw.lng, north: nw.lat, east: se.lng }, zoom, maxZoom);

  const model: StaticMapModel = {
    ...size,
    view: { ...view, zoom },
    tiles: tilesCovering(origin, size, zoom),
    clusters: [],
    stores: [],
    legs: [],
    canZoomIn: zoom < maxZoom,
    canZoomOut: zoom > STATIC_MIN_ZOOM,
  };
  for (const marker of markers) {
    const p = at(marker);
    if (marker.kind === "store") model.stores.push({ id: marker.id, ...p });
    else if (marker.expandsAt !== null)
      model.clusters.push({
        key: String(marker.clusterId),
        count: marker.count,
        size: sizeClass(marker.count),
        ...p,
        zoomTo: { lat: marker.lat, lng: marker.lng, zoom: marker.expandsAt },
      });
    else {
      const ids = clusterStoreIds(index, marker.clusterId);
      spiderOffsets(ids.length).forEach((offset, i) => {
        const foot = { x: round(p.x + offset.x), y: round(p.y + offset.y) };
        model.legs.push({ x1: p.x, y1: p.y, x2: foot.x, y2: foot.y });
        model.stores.push({ id: ids[i], ...foot });
      });
    }
  }
  return model;
}

function tilesCovering(origin: { x: number; y: number }, size: { width: number; height: number }, zoom: number) {
  const count = 2 ** zoom;
  const tiles: StaticMapModel["tiles"] = [];
  const first = { x: Math.floor(origin.x / MAP.tileSize), y: Math.floor(origin.y / MAP.tileSize) };
  const last = {
    x: Math.floor((origin.x + size.width - 1) / MAP.tileSize),
    y: Math.floor((origin.y + size.height - 1) / MAP.tileSize),
  };
  for (let y = Math.max(0, first.y); y <= Math.min(count - 1, last.y); y++)
    for (let x = first.x; x <= last.x; x++)
      tiles.push({
        z: zoom,
        x: ((x % count) + count) % count,
        y,
        left: round(x * MAP.tileSize - origin.x),
        top: round(y * MAP.tileSize - origin.y),
      });
  return tiles;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The view that shows all of Germany on a map of this size. */
export function germanyView(size: { width: number; height: number }): MapView {
  const zoom = zoomToFit(MAP.germany, size.width, size.height);
  const nw = project({ lat: MAP.germany.north, lng: MAP.germany.west }, zoom);
  const se = project({ lat: MAP.germany.south, lng: MAP.germany.east }, zoom);
  return { ...unproject({ x: (nw.x + se.x) / 2, y: (nw.y + se.y) / 2 }, zoom), zoom };
}

/** The map page's address for a view, rounded to about ten metres. */
export function viewQuery(view: MapView): string {
  return `lat=${view.lat.toFixed(4)}&lng=${view.lng.toFixed(4)}&zoom=${view.zoom}`;
}
