import { describe, expect, it } from "vitest";
import {
  MAP,
  MAX_ZOOM_MISSING,
  clusterStoreIds,
  markersIn,
  project,
  sizeClass,
  spiderOffsets,
  spiderShape,
  storeIndex,
  unproject,
  zoomToFit,
  type MapStore,
} from "~/domain/store/map";

const WORLD = { south: -85, west: -180, north: 85, east: 180 };

/** `count` stores within a few metres of a point. */
const around = (prefix: string, lat: number, lng: number, count: number): MapStore[] =>
  Array.from({ length: count }, (_, i) => ({ id: `${prefix}-${i}`, lat: lat + i * 0.00002, lng: lng + i * 0.00002 }));

describe("the store map's configuration", () => {
  it("uses the constants of the shop's map", () => {
    expect(MAP).toMatchObject({
      clusterRadius: 80,
      iconSize: 40,
      tileSize: 256,
      defaultMaxZoom: 18,
      spiralFrom: 9,
      chunkInterval: 200,
      chunkDelay: 50,
      clusterQueueTimeout: 300,
      tapHold: 600,
      spiderLeg: { weight: 1.5, color: "#222", opacity: 0.5 },
    });
  });

  it("sorts clusters into size classes: small under 10, medium under 100, large from 100", () => {
    expect([2, 9, 10, 99, 100, 150].map(sizeClass)).toEqual(["small", "small", "medium", "medium", "large", "large"]);
  });

  it("refuses to cluster on a map without a maximum zoom", () => {
    expect(() => storeIndex([], undefined)).toThrow(MAX_ZOOM_MISSING);
    expect(() => storeIndex([], Number.POSITIVE_INFINITY)).toThrow("Map has no maxZoom specified");
  });
});

describe("clustering", () => {
  const leipzig = around("leipzig", 51.34, 12.37, 12);
  const berlin = around("berlin", 52.52, 13.4, 3);
  const lonely = { id: "kiel", lat: 54.32, lng: 10.13 };
  const index = storeIndex([...leipzig, ...berlin, lonely], MAP.defaultMaxZoom);

  it("groups stores within 80 pixels and leaves a lonely store alone", () => {
    const markers = markersIn(index, WORLD, 6, MAP.defaultMaxZoom);
    const clusters = markers.filter((m) => m.kind === "cluster");
    expect(clusters.map((c) => (c.kind === "cluster" ? [c.count, c.size] : null)).sort()).toEqual([
      [12, "medium"],
      [3, "small"],
    ]);
    expect(markers.filter((m) => m.kind === "store").map((m) => (m.kind === "store" ? m.id : ""))).toEqual(["kiel"]);
  });

  it("keeps stores that overlap even at the maximum zoom in a cluster that never falls apart", () => {
    const [cluster] = markersIn(index, { south: 51.3, west: 12.3, north: 51.4, east: 12.4 }, 18, 18);
    expect(cluster).toMatchObject({ kind: "cluster", count: 12, expandsAt: null });
    if (cluster.kind !== "cluster") throw new Error("a cluster was expected");
    expect(clusterStoreIds(index, cluster.clusterId)).toHaveLength(12);
  });

  it("says at which zoom a cluster of stores further apart falls apart", () => {
    const spread = storeIndex(
      [
        { id: "a", lat: 51.3, lng: 12.3 },
        { id: "b", lat: 51.4, lng: 12.4 },
      ],
      18,
    );
    const [cluster] = markersIn(spread, WORLD, 5, 18);
    expect(cluster.kind === "cluster" && cluster.expandsAt).toBeGreaterThan(5);
    expect(markersIn(spread, WORLD, 12, 18).every((m) => m.kind === "store")).toBe(true);
  });
});

describe("spreading out a cluster", () => {
  it("switches from a circle to a spiral at 9 stores", () => {
    expect(spiderShape(8)).toBe("circle");
    expect(spiderShape(9)).toBe("spiral");
  });

  it("keeps every icon clear of the others, in a circle and in a spiral", () => {
    for (const count of [2, 3, 8, 9, 10, 25]) {
      const offsets = spiderOffsets(count);
      expect(offsets).toHaveLength(count);
      for (let i = 0; i < count; i++)
        for (let j = i + 1; j < count; j++)
          expect(Math.hypot(offsets[i].x - offsets[j].x, offsets[i].y - offsets[j].y)).toBeGreaterThanOrEqual(
            MAP.iconSize,
          );
      // and clear of the cluster's own icon in the middle
      for (const o of offsets) expect(Math.hypot(o.x, o.y)).toBeGreaterThanOrEqual(MAP.iconSize);
    }
  });

  it("puts the circle's markers at one distance and lets the spiral grow outwards", () => {
    const circle = spiderOffsets(8).map((o) => Math.round(Math.hypot(o.x, o.y)));
    expect(new Set(circle).size).toBe(1);
    const spiral = spiderOffsets(12).map((o) => Math.hypot(o.x, o.y));
    expect(spiral).toEqual([...spiral].sort((a, b) => a - b));
  });
});

describe("Web Mercator pixels", () => {
  it("puts the world on 256 × 2^zoom pixels and finds the way back", () => {
    expect(project({ lat: 0, lng: 0 }, 0)).toEqual({ x: 128, y: 128 });
    const leipzig = { lat: 51.34, lng: 12.37 };
    const back = unproject(project(leipzig, 12), 12);
    expect(back.lat).toBeCloseTo(leipzig.lat, 9);
    expect(back.lng).toBeCloseTo(leipzig.lng, 9);
  });

  it("fits Germany into a phone and a desktop map", () => {
    expect(zoomToFit(MAP.germany, 360, 480)).toBe(5);
    expect(zoomToFit(MAP.germany, 640, 720)).toBe(6);
  });
});
