import { describe, expect, it } from "vitest";
import { drawTile, isTile } from "~/platform/tile-drawing.server";

const pathOf = (svg: string, cls: string) => new RegExp(`class="${cls}"[^>]* d="([^"]*)"`).exec(svg)?.[1] ?? null;

describe("the drawn base-map tiles", () => {
  it("draws Germany's outline into the tile that holds central Germany", async () => {
    // Tile 5/17/10 spans 11.25°–22.5° east and 48.9°–55.8° north: Leipzig, Dresden, Berlin.
    const svg = await drawTile(5, 17, 10);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="256" height="256"/);
    const germany = pathOf(svg, "germany");
    expect(germany?.length).toBeGreaterThan(200);
    expect(pathOf(svg, "borders")?.length).toBeGreaterThan(200);
    // Every coordinate of the outline lies on the tile (clipped to it, with a two-pixel margin).
    const numbers = (germany ?? "").match(/-?\d+(?:\.\d+)?/g)?.map(Number) ?? [];
    expect(numbers.every((n) => n >= -2.01 && n <= 258.01)).toBe(true);
  });

  it("leaves Germany out of a tile in the middle of the Atlantic", async () => {
    const svg = await drawTile(5, 12, 14);
    expect(pathOf(svg, "germany")).toBe("");
    expect(pathOf(svg, "land")).toBe("");
  });

  it("draws the whole world at zoom 0", async () => {
    const svg = await drawTile(0, 0, 0);
    expect(pathOf(svg, "land")?.length).toBeGreaterThan(10_000);
  });

  it("draws the places it is given over the land, and only those that reach into the tile", async () => {
    const overlay = {
      areas: [
        { x: 100, y: 100, r: 30 },
        { x: 900, y: 900, r: 30 },
      ],
      labels: [
        {
          text: "Gohlis <&>",
          kind: "district" as const,
          x: 250,
          y: 40,
          size: 13,
          box: { left: 220, top: 27, right: 280, bottom: 45 },
        },
        {
          text: "Fern",
          kind: "town" as const,
          x: 600,
          y: 40,
          size: 16,
          box: { left: 580, top: 24, right: 620, bottom: 46 },
        },
      ],
    };
    const svg = await drawTile(2, 0, 0, overlay);
    expect(pathOf(svg, "built-up")).toBe("M70.0 100.0a30.0 30.0 0 1 0 60.0 0a30.0 30.0 0 1 0 -60.0 0");
    // A label over the tile's edge is drawn, escaped, where the world puts it; one elsewhere is not.
    expect(svg).toContain('<text class="district" x="250.0" y="40.0"');
    expect(svg).toContain(">Gohlis &#60;&#38;&#62;</text>");
    expect(svg).not.toContain("Fern");
    // Its neighbour draws the other half of the same label.
    expect(await drawTile(2, 1, 0, overlay)).toContain('<text class="district" x="-6.0" y="40.0"');
    // Without places a tile is land and borders only.
    expect(await drawTile(2, 0, 0)).not.toMatch(/built-up|<text/);
  });

  it("knows which tiles exist", () => {
    expect(isTile(0, 0, 0)).toBe(true);
    expect(isTile(5, 31, 31)).toBe(true);
    expect(isTile(5, 32, 0)).toBe(false);
    expect(isTile(19, 0, 0)).toBe(false);
    expect(isTile(-1, 0, 0)).toBe(false);
    expect(isTile(2.5, 0, 0)).toBe(false);
  });
});
