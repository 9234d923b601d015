import * as L from "leaflet";
import { useEffect, useRef, useState } from "react";
import { MapContainer, TileLayer, ZoomControl, useMap } from "react-leaflet";
import { useNavigate } from "@remix-run/react";
import { MAP, clusterStoreIds, markersIn, spiderOffsets, storeIndex, type MapMarker } from "~/domain/store/map";
import type { MapView } from "~/domain/store/static-map";
import { nearestMarker, onButtonKeys } from "./keyboard";
import { storePin } from "./pin";
import { clusterQueue, inChunks } from "./scheduling";
import type { IslandStore, MapTexts } from "./popup";

export interface StoreMapProps {
  stores: IslandStore[];
  /** The view named in the address, or null for all of Germany. */
  view: MapView | null;
  tileTemplate: string;
  /** HTML for Leaflet's attribution control, escaped by the caller. */
  attributionHtml: string;
  texts: MapTexts;
}

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * The interactive store map (docs/decisions/0022-store-map.md): Leaflet through react-leaflet, the
 * stores clustered with supercluster. Loaded only in the browser, on the map page.
 */
export default function StoreMap({ stores, view, tileTemplate, attributionHtml, texts }: StoreMapProps) {
  const still = reducedMotion();
  // What a keyboard zoom changed, for screen readers (the cluster that had focus is gone).
  const [status, setStatus] = useState("");
  return (
    <>
      <MapContainer
        {...(view
          ? { center: [view.lat, view.lng] as L.LatLngTuple, zoom: view.zoom }
          : {
              bounds: [
                [MAP.germany.south, MAP.germany.west],
                [MAP.germany.north, MAP.germany.east],
              ] as L.LatLngBoundsLiteral,
            })}
        minZoom={3}
        maxZoom={MAP.defaultMaxZoom}
        className="store-map"
        zoomAnimation={!still}
        fadeAnimation={!still}
        markerZoomAnimation={!still}
        scrollWheelZoom={false}
        zoomControl={false}
      >
        <ZoomControl zoomInTitle={texts.zoomIn} zoomOutTitle={texts.zoomOut} />
        <TileLayer
          url={tileTemplate}
          tileSize={MAP.tileSize}
          maxZoom={MAP.defaultMaxZoom}
          attribution={attributionHtml}
        />
        <StoreClusters stores={stores} texts={texts} announce={setStatus} />
      </MapContainer>
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </>
  );
}

function StoreClusters({
  stores,
  texts,
  announce,
}: {
  stores: IslandStore[];
  texts: MapTexts;
  announce: (text: string) => void;
}) {
  const map = useMap();
  // The latest navigate function, without rebuilding the markers when it changes.
  const navigate = useNavigate();
  const go = useRef(navigate);
  go.current = navigate;
  useEffect(() => {
    const container = map.getContainer();
    // Not a second landmark: the page's map section is the region; this names what the keys do.
    container.setAttribute("role", "group");
    container.setAttribute("aria-label", texts.mapLabel);
    const maxZoom = map.options.maxZoom;
    const index = storeIndex(stores, maxZoom);
    const byId = new Map(stores.map((s) => [s.id, s]));
    const markers = L.layerGroup().addTo(map);
    const spider = L.layerGroup().addTo(map);
    let spread: number | null = null;
    let stopChunks = () => {};
    /** Whether a zoom is under way (between Leaflet's zoomstart and zoomend). */
    let zooming = false;

    const storeMarker = (store: IslandStore, at: L.LatLngExpression) =>
      storePin(store, at, texts, (href) => go.current(href));

    // A cluster opened by keyboard: where it was and the zoom it opens at, until the markers of
    // that zoom are drawn and the one nearest to it can take the focus.
    let pendingFocus: { at: L.LatLng; zoom: number; askedAgain?: boolean } | null = null;
    const storesInView = () => {
      const b = map.getBounds();
      return markersIn(
        index,
        { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() },
        map.getZoom(),
        maxZoom as number,
      ).reduce((sum, m) => sum + (m.kind === "cluster" ? m.count : 1), 0);
    };
    const focusAfterZoom = () => {
      if (!pendingFocus) return;
      if (map.getZoom() !== pendingFocus.zoom) {
        // Drawn at another zoom with none under way: Leaflet dropped the cluster's view, asked for
        // as another zoom was about to start (a zoom button's glide begins at the next frame). Asked
        // once more, now that the map stands still.
        if (!zooming && !pendingFocus.askedAgain) {
          pendingFocus.askedAgain = true;
          map.setView(pendingFocus.at, pendingFocus.zoom, { animate: !reducedMotion() });
        }
        return;
      }
      const target = nearestMarker(map, shown.values(), pendingFocus.at);
      pendingFocus = null;
      target?.getElement()?.focus({ preventScroll: true });
      const count = storesInView();
      announce((count === 1 ? texts.zoomedInOne : texts.zoomedIn).replace("{{count}}", String(count)));
    };

    const spreadOut = (marker: Extract<MapMarker, { kind: "cluster" }>) => {
      spider.clearLayers();
      spread = marker.clusterId;
      const centre = map.latLngToLayerPoint([marker.lat, marker.lng]);
      const ids = clusterStoreIds(index, marker.clusterId);
      spiderOffsets(ids.length).forEach((offset, i) => {
        const store = byId.get(ids[i]);
        if (!store) return;
        const foot = map.layerPointToLatLng(centre.add([offset.x, offset.y]));
        L.polyline([[marker.lat, marker.lng], foot], {
          weight: MAP.spiderLeg.weight,
          color: MAP.spiderLeg.color,
          opacity: MAP.spiderLeg.opacity,
          interactive: false,
        }).addTo(spider);
        storeMarker(store, foot).addTo(spider);
      });
    };

    const clusterMarker = (marker: Extract<MapMarker, { kind: "cluster" }>) => {
      const label = (marker.expandsAt === null ? texts.clusterSpread : texts.cluster).replace(
        "{{count}}",
        String(marker.count),
      );
      const layer = L.marker([marker.lat, marker.lng], {
        icon: L.divIcon({
          className: `map-cluster-icon map-cluster-${marker.size}`,
          html: `<span>${marker.count}</span>`,
          iconSize: [MAP.iconSize, MAP.iconSize],
        }),
        title: label,
        keyboard: true,
      });
      let held = false;
      const open = (byKeyboard: boolean) => {
        if (marker.expandsAt === null) {
          spreadOut(marker);
          if (byKeyboard)
            (spider.getLayers().find((l) => l instanceof L.Marker) as L.Marker | undefined)?.getElement()?.focus();
          return;
        }
        if (byKeyboard) {
          // The cluster disappears with the zoom: the map holds the focus until its markers are drawn.
          map.getContainer().focus({ preventScroll: true });
          pendingFocus = { at: L.latLng(marker.lat, marker.lng), zoom: marker.expandsAt };
        }
        const zoom = marker.expandsAt;
        const zoomIn = () => map.setView([marker.lat, marker.lng], zoom, { animate: !reducedMotion() });
        // Leaflet drops a view asked for while a zoom still glides (a zoom button, a pinch): that
        // zoom's end is awaited, or the cluster would stay and a keyboard's focus stay on the map.
        if (zooming) map.once("zoomend", zoomIn);
        else zoomIn();
      };
      layer.on("click", () => {
        if (held) {
          held = false;
          return;
        }
        open(false);
      });
      // A right click, or holding a finger on the cluster, spreads it out where it is.
      layer.on("contextmenu", () => spreadOut(marker));
      layer.on("add", () => {
        const element = layer.getElement();
        if (!element) return;
        element.setAttribute("aria-label", label);
        onButtonKeys(element, () => open(true));
        let timer: ReturnType<typeof setTimeout> | undefined;
        const cancel = () => clearTimeout(timer);
        element.addEventListener("pointerdown", (event) => {
          if (event.pointerType !== "touch") return;
          timer = setTimeout(() => {
            held = true;
            spreadOut(marker);
          }, MAP.tapHold);
        });
        for (const type of ["pointerup", "pointercancel", "pointermove", "pointerleave"] as const)
          element.addEventListener(type, cancel);
      });
      return layer;
    };

    // The markers on the map by key, so that a move keeps what stays in view (and its open popup).
    const shown = new Map<string, L.Marker>();
    const keyOf = (m: MapMarker) => (m.kind === "store" ? `s:${m.id}` : `c:${m.clusterId}`);

    const render = () => {
      stopChunks();
      const bounds = map.getBounds().pad(0.25);
      const visible = markersIn(
        index,
        { south: bounds.getSouth(), west: bounds.getWest(), north: bounds.getNorth(), east: bounds.getEast() },
        map.getZoom(),
        maxZoom as number,
      );
      const stillSpread = visible.find((m) => m.kind === "cluster" && m.clusterId === spread);
      if (!stillSpread) {
        spider.clearLayers();
        spread = null;
      }
      const keys = new Set(visible.map(keyOf));
      for (const [key, layer] of shown)
        if (!keys.has(key)) {
          markers.removeLayer(layer);
          shown.delete(key);
        }
      stopChunks = inChunks(
        visible.filter((m) => !shown.has(keyOf(m))),
        (m) => {
          const store = m.kind === "store" ? byId.get(m.id) : undefined;
          const layer = store ? storeMarker(store, [m.lat, m.lng]) : m.kind === "cluster" ? clusterMarker(m) : null;
          if (!layer) return;
          layer.addTo(markers);
          shown.set(keyOf(m), layer);
        },
        { interval: MAP.chunkInterval, delay: MAP.chunkDelay, done: focusAfterZoom },
      );
    };

    const queue = clusterQueue(render, MAP.clusterQueueTimeout);
    const collapse = () => {
      spider.clearLayers();
      spread = null;
    };
    const zoomStarts = () => {
      zooming = true;
    };
    const zoomEnds = () => {
      zooming = false;
    };
    map.on("zoomstart", zoomStarts);
    map.on("zoomend", zoomEnds);
    map.on("moveend", queue.push);
    map.on("zoomstart", collapse);
    map.on("click", collapse);
    render();
    return () => {
      map.off("moveend", queue.push);
      map.off("zoomstart", zoomStarts);
      map.off("zoomend", zoomEnds);
      map.off("zoomstart", collapse);
      map.off("click", collapse);
      queue.cancel();
      stopChunks();
      markers.remove();
      spider.remove();
    };
  }, [map, stores, texts, announce]);
  return null;
}
