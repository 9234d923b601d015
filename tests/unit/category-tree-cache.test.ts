import { afterEach, describe, expect, it, vi } from "vitest";
import { loadCategoryTree } from "~/domain/catalog/category.server";

/**
 * The isolate's category tree is shared between requests as a tree that was read, never as a read in
 * flight: a request that awaited another request's read hung when that request was cancelled (the
 * runtime then answers with a 500), which `npm run bench` showed under load.
 */
interface CategoryRow {
  id: string;
  parent_id: string | null;
  name: string;
  depth: number;
  tile_color: string;
}
const ROWS: CategoryRow[] = [
  { id: "startseite", parent_id: null, name: "Startseite", depth: 0, tile_color: "#6b8f3a" },
];

/** A database whose reads answer only when the test says so, each read one pending answer. */
function database() {
  const reads: { answer: (rows: CategoryRow[]) => void }[] = [];
  const statement = {
    bind: () => statement,
    all: () =>
      new Promise<{ results: CategoryRow[] }>((resolve) => {
        reads.push({ answer: (rows) => resolve({ results: rows }) });
      }),
  };
  return { db: { prepare: () => statement } as unknown as D1Database, reads };
}

describe("the isolate's category tree", () => {
  afterEach(() => vi.useRealTimers());

  it("is not shared while it is being read: a request whose read never ends holds no other up", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { db, reads } = database();
    const cancelled = loadCategoryTree(db); // its request goes away: the read never answers
    const other = loadCategoryTree(db); // without a tree read before, it reads on its own
    expect(reads).toHaveLength(2);
    reads[1].answer(ROWS);
    expect((await other).root.id).toBe("startseite");
    void cancelled;
  });

  it("keeps the older tree while one request reads it anew, and reads again when that read does not end", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { db, reads } = database();
    const first = loadCategoryTree(db);
    reads[0].answer(ROWS);
    const tree = await first;

    vi.advanceTimersByTime(61_000); // past the minute: the next request reads anew
    const refreshing = loadCategoryTree(db);
    expect(reads).toHaveLength(2);
    expect(await loadCategoryTree(db)).toBe(tree); // the others keep the older tree meanwhile
    expect(reads).toHaveLength(2);

    vi.advanceTimersByTime(6_000); // that read never ended (its request was cancelled)
    const again = loadCategoryTree(db);
    expect(reads).toHaveLength(3);
    reads[2].answer([...ROWS, { id: "milch", parent_id: "startseite", name: "Milch", depth: 1, tile_color: "#fff" }]);
    expect((await again).byId.has("milch")).toBe(true);
    expect((await loadCategoryTree(db)).byId.has("milch")).toBe(true);
    void refreshing;
  });
});
