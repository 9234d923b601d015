import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// docs/decisions/0013: the customer domain takes typed input and returns typed results, so a second
// door (the headless API) can use it; HTTP is read and answered in app/http and the routes.
const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true })
  .flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]));

const matching = (dir: string, pattern: RegExp) => files(dir).filter((file) => pattern.test(readFileSync(file, "utf8")));

describe("layers", () => {
  it("keeps HTTP out of the customer domain", () => {
    expect(matching("app/domain/customer", /Request|Response|FormData|redirect\(|[Cc]ookie|@remix-run/)).toEqual([]);
  });

  it("lets the platform import nothing from the domain", () => {
    expect(matching("app/platform", /~\/domain/)).toEqual([]);
  });
});
