import { describe, expect, it } from "vitest";
import { DISTRICTS_FROM, TOWNS_FROM, districtOf, mapLabels, mapOverlay } from "~/domain/store/map-places";

const store = (name: string, city: string, lat: number, lng: number) => ({ name, city, lat, lng });
const LEIPZIG = [
  store("Frischkorb Leipzig-Gohlis", "Leipzig", 51.3597, 12.3712),
  store("Frischkorb Leipzig-Connewitz", "Leipzig", 51.3087, 12.3788),
  store("Frischkorb Markthalle Leipzig – Fisch", "Leipzig", 51.33585, 12.3801),
  store("Frischkorb Markthalle Leipzig – Café", "Leipzig", 51.33586, 12.38011),
  store("Frischkorb Taucha-Zentrum", "Taucha", 51.3801, 12.4879),
];

describe("the places of the drawn tiles", () => {
  it("takes a store's district from its name, a stall's from its hall", () => {
    expect(districtOf("Frischkorb Leipzig-Gohlis")).toBe("Gohlis");
    expect(districtOf("Frischkorb Berlin-Prenzlauer Berg")).toBe("Prenzlauer Berg");
    expect(districtOf("Frischkorb Markthalle Leipzig – Fisch")).toBe("Markthalle Leipzig");
    expect(districtOf("Frischkorb Dresden Hauptbahnhof – Bäckerei")).toBe("Dresden Hauptbahnhof");
    expect(districtOf("Frischkorb Zentrallager")).toBeNull();
  });

  it("names towns from zoom 7 and districts from zoom 12, each once", () => {
    expect(mapLabels(LEIPZIG, TOWNS_FROM - 1)).toEqual([]);
    expect(mapLabels(LEIPZIG, 9).map((l) => l.text)).toEqual(["Leipzig", "Taucha"]);
    const close = mapLabels(LEIPZIG, DISTRICTS_FROM + 2);
    expect(close.filter((l) => l.kind === "district").map((l) => l.text)).toEqual([
      "Gohlis",
      "Connewitz",
      "Markthalle Leipzig",
    ]);
    // Taucha's one store: the town's name stands where its district's would.
    expect(close.map((l) => l.text)).toContain("Taucha");
  });

  it("keeps labels apart: of two that would overlap, the town with more stores stays", () => {
    // At zoom 7 Leipzig and Taucha are a few pixels apart.
    expect(mapLabels(LEIPZIG, TOWNS_FROM).map((l) => l.text)).toEqual(["Leipzig"]);
    for (const zoom of [7, 9, 12, 15]) {
      const labels = mapLabels(LEIPZIG, zoom);
      for (const a of labels)
        for (const b of labels)
          if (a !== b)
            expect(
              a.box.left < b.box.right &&
                b.box.left < a.box.right &&
                a.box.top < b.box.bottom &&
                b.box.top < a.box.bottom,
              `${a.text} and ${b.text} at zoom ${zoom}`,
            ).toBe(false);
    }
  });

  it("draws built-up land around every store from zoom 9, larger the closer the view", () => {
    expect(mapOverlay(LEIPZIG, 8).areas).toEqual([]);
    const near = mapOverlay(LEIPZIG, 13).areas[0].r;
    expect(near).toBeGreaterThan(30);
    expect(mapOverlay(LEIPZIG, 14).areas[0].r).toBeCloseTo(near * 2);
  });
});
