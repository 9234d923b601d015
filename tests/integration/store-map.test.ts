import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type TestShop } from "./worker";

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.dispose();
});

const clusterCounts = (html: string) =>
  [...html.matchAll(/class="map-cluster map-cluster-(small|medium|large)"[^>]*>.*?<text[^>]*>(\d+)<\/text>/g)].map(
    (m) => ({ size: m[1], count: Number(m[2]) }),
  );

describe("the store map without JavaScript", () => {
  it("draws all of Germany with clusters of every size class, each linking to a closer view", async () => {
    const res = await shop.fetch("/content/map");
    expect(res.status).toBe(200);
    const html = await res.text();
    const clusters = clusterCounts(html);
    expect(clusters.some((c) => c.size === "large" && c.count >= 100)).toBe(true);
    expect(clusters.some((c) => c.size === "medium" && c.count >= 10 && c.count < 100)).toBe(true);
    for (const c of clusters) expect(c.size).toBe(c.count >= 100 ? "large" : c.count >= 10 ? "medium" : "small");
    expect(html).toMatch(
      /<a href="\/content\/map\?lat=[\d.]+&amp;lng=[\d.]+&amp;zoom=\d+#karte" aria-label="\d+ Märkte – hineinzoomen">/,
    );
    expect(html).toMatch(/<image href="\/map\/tiles\/6\/\d+\/\d+\.svg"/);
    expect(html).toContain("Kartendaten: Natural Earth (gemeinfrei)");
  });

  it("shows the view named in the address and ignores views that make no sense", async () => {
    const close = await (await shop.fetch("/content/map?lat=51.3397&lng=12.3731&zoom=12")).text();
    expect(close).toMatch(/<image href="\/map\/tiles\/12\/\d+\/\d+\.svg"/);
    expect(close).toMatch(/href="\/content\/markt\/leipzig-[a-z-]+" aria-label="Frischkorb Leipzig/);
    for (const query of ["lat=91&lng=0&zoom=5", "lat=x&lng=y&zoom=z", "zoom=99", "zoom=2.5&lat=1&lng=1", "lat=%00"]) {
      const res = await shop.fetch(`/content/map?${query}`);
      expect(res.status, query).toBe(200);
      expect(await res.text(), query).toMatch(/<image href="\/map\/tiles\/6\//);
    }
  });
});

describe("the drawn tiles", () => {
  it("answers an SVG tile, cached at the edge and by the browser", async () => {
    const res = await shop.fetch("/map/tiles/5/17/10.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toMatch(/public, max-age=\d+, s-maxage=\d+/);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    const svg = await res.text();
    expect(svg).toMatch(/class="germany" fill="[^"]+" d="M[^"]{200,}"/);
    // the second request gets the same tile
    expect(await (await shop.fetch("/map/tiles/5/17/10.svg?x=1")).text()).toBe(svg);
  });

  it("draws the stores' places where the development tiles have no streets", async () => {
    // Tile 13/4377/2729 holds Leipzig-Gohlis: its built-up land and its district's name.
    const svg = await (await shop.fetch("/map/tiles/13/4377/2729.svg")).text();
    expect(svg).toMatch(/class="built-up" fill="[^"]+" d="M[^"]+"/);
    expect(svg).toMatch(/<text class="district"[^>]*>Gohlis<\/text>/);
  });

  it("answers 404 for tiles that do not exist, never a 500", async () => {
    for (const path of [
      "/map/tiles/19/0/0.svg",
      "/map/tiles/5/32/0.svg",
      "/map/tiles/5/0/32.svg",
      "/map/tiles/-1/0/0.svg",
      "/map/tiles/a/b/c.svg",
      "/map/tiles/5/1/1.png",
      "/map/tiles/5/1/1",
      "/map/tiles/5/1/99999999.svg",
    ])
      expect((await shop.fetch(path)).status, path).toBe(404);
    expect((await shop.fetch("/map/tiles/5/17/10.svg", { method: "POST" })).status).toBeLessThan(500);
  });
});
