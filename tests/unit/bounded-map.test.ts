import { expect, it } from "vitest";
import { BoundedMap } from "~/platform/bounded-map";

it("keeps at most its limit, letting the oldest entry go first; a known key is replaced in place", () => {
  const map = new BoundedMap<string, number>(2);
  map.set("a", 1).set("b", 2).set("a", 3);
  expect([...map]).toEqual([
    ["a", 3],
    ["b", 2],
  ]);
  map.set("c", 4);
  expect([...map]).toEqual([
    ["b", 2],
    ["c", 4],
  ]);
});
