/**
 * The tests' patch of Miniflare (patches/, README "Dependencies that need a word"): its synchronous
 * proxy call waits for its own answer. Without it, a D1 `prepare` from Node on a busy machine now
 * and then failed Miniflare's assertion "false == true" and with it an integration test.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

describe("the Miniflare patch", () => {
  it("is applied to the installed Miniflare", () => {
    const entry = createRequire(import.meta.url).resolve("miniflare");
    const source = readFileSync(entry, "utf8");
    expect(source).toContain("Frischkorb's patch");
    expect(source).toMatch(/for \(let waited = 0; message\?\.id !== id && waited < 60000; waited\+\+\)/);
  });
});
