import { describe, expect, it, vi } from "vitest";
import { sessionDatabase } from "~/platform/d1-session.server";
import { RequestTiming } from "~/platform/server-timing.server";

// docs/decisions/0053
describe("a request's Server-Timing", () => {
  /** A clock the test moves by hand. */
  function manualClock() {
    let now = 0;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  }

  function deferred<T>() {
    let resolve!: (value: T) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  }

  it("counts D1 calls that overlap once, and failed calls too", async () => {
    const clock = manualClock();
    const timing = new RequestTiming(clock.now);
    const a = deferred<number>();
    const b = deferred<number>();
    const first = timing.wait(a.promise);
    clock.advance(2);
    const second = timing.wait(b.promise);
    clock.advance(3);
    a.resolve(1);
    await first;
    clock.advance(4);
    b.reject(new Error("D1_ERROR: Network connection lost"));
    await expect(second).rejects.toThrow("D1_ERROR");
    expect(timing.databaseTime()).toBe(9);
    clock.advance(10);
    expect(timing.databaseTime()).toBe(9);
    expect(timing.header()).toBe("db;dur=9.0, sql;dur=0.0, render;dur=0.0, total;dur=19.0");
  });

  it("counts as render what Remix spent beyond waiting for D1", async () => {
    const clock = manualClock();
    const timing = new RequestTiming(clock.now);
    clock.advance(1);
    await timing.render(async () => {
      clock.advance(5);
      const read = deferred<string>();
      const waiting = timing.wait(read.promise);
      clock.advance(7);
      read.resolve("row");
      await waiting;
      clock.advance(2.25);
    });
    expect(timing.header()).toBe("db;dur=7.0, sql;dur=0.0, render;dur=7.3, total;dur=15.3");
  });

  it("replaces a timing the answer came with, even on headers that cannot change", () => {
    const timing = new RequestTiming(() => 0);
    const stored = new Response("x", { headers: { "Server-Timing": "db;dur=99" } });
    expect(timing.stamp(stored).headers.get("Server-Timing")).toBe(
      "db;dur=0.0, sql;dur=0.0, render;dur=0.0, total;dur=0.0",
    );
    const fetched = Response.redirect("http://shop.test/", 302);
    expect(timing.stamp(fetched).headers.get("Server-Timing")).toMatch(/^db;dur=/);
  });

  it("times the session's statements and batches without changing what they run", async () => {
    const clock = manualClock();
    const timing = new RequestTiming(clock.now);
    const rows = [{ id: 1 }];
    const statement = {
      bind: vi.fn(),
      all: vi.fn(async () => {
        await Promise.resolve();
        clock.advance(3);
        return { results: rows, meta: { duration: 0.5 } };
      }),
    };
    statement.bind.mockReturnValue(statement);
    const session = {
      prepare: vi.fn(() => statement),
      batch: vi.fn(async (statements: unknown[]) => {
        await Promise.resolve();
        clock.advance(4);
        return statements.map(() => ({ results: rows, meta: { duration: 1.25 } }));
      }),
      getBookmark: () => null,
    };
    const binding = { withSession: () => session } as unknown as D1Database;
    const { db } = sessionDatabase(binding, null, false, timing);
    const prepared = db.prepare("SELECT id FROM t WHERE id = ?").bind(1);
    expect((await prepared.all()).results).toEqual(rows);
    // `first` as the binding answers it: the first row, one column of it, or D1's error.
    expect(await prepared.first()).toEqual({ id: 1 });
    expect(await prepared.first("id")).toBe(1);
    await expect(prepared.first("name")).rejects.toThrow("D1_COLUMN_NOTFOUND");
    await db.batch([prepared, db.prepare("SELECT 2")]);
    // The binding's batch gets the binding's own statements, not the timed stand-ins.
    expect(session.batch.mock.calls[0][0]).toEqual([statement, statement]);
    expect(timing.databaseTime()).toBe(16);
    // D1's own time: four single statements and a batch of two, as their results report it.
    expect(timing.header()).toMatch(/^db;dur=16\.0, sql;dur=4\.5, /);
  });
});
